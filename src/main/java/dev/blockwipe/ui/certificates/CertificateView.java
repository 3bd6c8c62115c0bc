package dev.blockwipe.ui.certificates;

import dev.blockwipe.ui.DesktopOpener;
import dev.blockwipe.ui.Styles;
import java.io.File;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * A certificate drawn in the window: its pages (zoom with − and +), Save as… (the PDF with its
 * signed JSON), Show in folder, Open in PDF viewer, and Verify signature. Nothing depends on a PDF
 * viewer being installed; when the desktop cannot open something, the dialog says so.
 */
final class CertificateView {
    /** Drawn at 150 dpi; 100 % shows a page 760 pixels wide. */
    private static final float DPI = 150;
    private static final double BASE_WIDTH = 760;
    private static final double[] ZOOMS = {0.5, 0.75, 1, 1.25, 1.5, 2};

    private final CertificateViewModel vm;
    private final DesktopOpener opener;
    private final VBox pages = new VBox(12);
    private final Label status = new Label();
    private final Label zoomText = new Label();
    private int zoom = 2;

    private CertificateView(CertificateViewModel vm, DesktopOpener opener) {
        this.vm = vm;
        this.opener = opener;
    }

    static void show(CertificateViewModel vm, Window owner, DesktopOpener opener) {
        new CertificateView(vm, opener).dialog(owner).showAndWait();
    }

    private Dialog<ButtonType> dialog(Window owner) {
        pages.setAlignment(Pos.TOP_CENTER);
        pages.setPadding(new Insets(12));
        pages.getChildren().setAll(new Label("Drawing the certificate…"));
        ScrollPane scroll = new ScrollPane(pages);
        scroll.setFitToWidth(true);
        scroll.setPrefSize(820, 640);
        scroll.setId("certificate-pages");
        Button smaller = new Button("−");
        smaller.setOnAction(e -> zoom(-1));
        Button larger = new Button("+");
        larger.setOnAction(e -> zoom(1));
        Button save = new Button("_Save as…");
        save.setOnAction(e -> saveAs(owner));
        Button folder = new Button("Show in _folder");
        folder.setOnAction(e -> opener.open(vm.json().getParent(), status::setText));
        Button viewer = new Button("Open in PDF _viewer");
        viewer.setOnAction(e -> opener.open(vm.pdf(), status::setText));
        Button verify = new Button("_Verify signature");
        verify.setId("verify-signature");
        verify.setOnAction(e -> {
            status.setText("Checking the signature…");
            vm.verify().thenAccept(status::setText);
        });
        status.setId("certificate-status");
        status.setWrapText(true);
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox bar = new HBox(6, smaller, zoomText, larger, spring, save, folder, viewer, verify);
        bar.setAlignment(Pos.CENTER_LEFT);
        BorderPane content = new BorderPane(scroll, bar, null, status, null);
        BorderPane.setMargin(bar, new Insets(0, 0, 8, 0));
        BorderPane.setMargin(status, new Insets(8, 0, 0, 0));
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Certificate " + vm.json().getFileName());
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        if (owner != null && owner.getScene() != null) {
            dialog.getDialogPane().getStylesheets().addAll(owner.getScene().getStylesheets());
        }
        dialog.setResizable(true);
        zoom(0);
        draw();
        return dialog;
    }

    /** Draws the pages in the background, then shows them. */
    private void draw() {
        vm.pages(DPI).whenComplete((drawn, failure) -> {
            if (failure != null) {
                pages.getChildren().setAll(new Label("Cannot draw " + vm.pdf() + ": " + rootMessage(failure)
                        + ". The signed JSON is the certificate; Verify signature still checks it."));
            } else {
                show(drawn);
            }
        });
    }

    private void show(List<Image> drawn) {
        pages.getChildren().clear();
        for (Image page : drawn) {
            ImageView view = new ImageView(page);
            view.setPreserveRatio(true);
            view.setSmooth(true);
            view.getStyleClass().add(Styles.CERTIFICATE_PAGE);
            pages.getChildren().add(view);
        }
        zoom(0);
    }

    private void zoom(int step) {
        zoom = Math.max(0, Math.min(ZOOMS.length - 1, zoom + step));
        zoomText.setText(Math.round(ZOOMS[zoom] * 100) + " %");
        pages.getChildren().stream().filter(ImageView.class::isInstance).map(ImageView.class::cast)
                .forEach(v -> v.setFitWidth(BASE_WIDTH * ZOOMS[zoom]));
    }

    private void saveAs(Window owner) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save the certificate");
        chooser.setInitialFileName(vm.pdf().getFileName().toString());
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("PDF", "*.pdf"));
        File target = chooser.showSaveDialog(owner);
        if (target == null) {
            return;
        }
        vm.saveAs(target.toPath()).whenComplete((written, failure) -> status.setText(failure == null
                ? "Saved " + written.get(0) + " with its signed JSON and signature beside it."
                : "Cannot save to " + target + ": " + rootMessage(failure)));
    }

    private static String rootMessage(Throwable t) {
        Throwable cause = t;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }
}
