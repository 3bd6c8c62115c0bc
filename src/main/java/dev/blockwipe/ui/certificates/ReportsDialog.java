package dev.blockwipe.ui.certificates;

import dev.blockwipe.report.CertificateListing;
import dev.blockwipe.ui.Background;
import dev.blockwipe.ui.DesktopOpener;
import dev.blockwipe.ui.Glyphs;
import java.util.List;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.stage.Window;

/**
 * Past certificates: date, device, serial, asset tag, method, result; open one in the window, show
 * the JSON, check the signature.
 */
public final class ReportsDialog {
    private ReportsDialog() {
    }

    /** Shows the dialog at once; the list fills in when the certificates have been read in the background. */
    public static void show(ReportsViewModel vm, Window owner, DesktopOpener opener) {
        TableView<CertificateListing> table = new TableView<>(vm.entries());
        table.setId("certificates");
        columns(table, vm.columns());
        vm.columns().addListener((ListChangeListener<CertificateListing.Column>) c -> columns(table, vm.columns()));
        table.setPlaceholder(new Label("No certificates in " + vm.reportDir() + " yet."));
        table.setPrefSize(900, 360);
        Label status = new Label();
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        Label checked = new Label();
        checked.setWrapText(true);
        Button open = new Button("_Open");
        open.setOnAction(e -> selected(table).ifPresent(entry -> CertificateView.show(vm.certificate(entry), owner, opener)));
        Button json = new Button("Show _JSON");
        json.setOnAction(e -> selected(table).ifPresent(entry -> vm.certificate(entry).text()
                .whenComplete((text, failure) -> showJson(entry, text, failure, owner))));
        Button verify = new Button("_Verify signature");
        verify.setOnAction(e -> selected(table).ifPresent(entry -> {
            checked.setText("Checking the signature of " + entry.json().getFileName() + "…");
            vm.certificate(entry).verify().thenAccept(checked::setText);
        }));
        open.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        json.disableProperty().bind(open.disableProperty());
        verify.disableProperty().bind(open.disableProperty());
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Certificates");
        dialog.setHeaderText("Certificates in " + vm.reportDir());
        dialog.getDialogPane().setContent(new VBox(8, table, new HBox(8, open, json, verify), status, checked));
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().getStylesheets().addAll(owner.getScene().getStylesheets());
        dialog.setResizable(true);
        vm.refresh();
        dialog.showAndWait();
    }

    private static java.util.Optional<CertificateListing> selected(TableView<CertificateListing> table) {
        return java.util.Optional.ofNullable(table.getSelectionModel().getSelectedItem());
    }

    /**
     * A table column for each column worth showing; the date's and the result's wide enough for
     * them whole, in ems of the default type (180 px cut the date's "UTC" in the theme's 14 px type).
     */
    private static void columns(TableView<CertificateListing> table, List<CertificateListing.Column> shown) {
        double em = Font.getDefault().getSize();
        table.getColumns().setAll(shown.stream().map(column -> {
            TableColumn<CertificateListing, String> c = new TableColumn<>(column.heading());
            c.setPrefWidth(em * switch (column) {
                case DATE -> 15.5;
                case RESULT -> 18;
                default -> 9;
            });
            c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(column.of(cell.getValue())));
            return c;
        }).toList());
    }

    private static void showJson(CertificateListing entry, String json, Throwable failure, Window owner) {
        if (failure != null) {
            Glyphs.problem(new Alert(Alert.AlertType.ERROR, "Cannot read " + entry.json() + ": "
                    + Background.cause(failure).getMessage(), ButtonType.OK), owner).showAndWait();
            return;
        }
        TextArea text = new TextArea(json);
        text.setEditable(false);
        text.setPrefSize(720, 480);
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle(entry.json().getFileName().toString());
        d.getDialogPane().setContent(text);
        d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        d.setResizable(true);
        d.showAndWait();
    }
}
