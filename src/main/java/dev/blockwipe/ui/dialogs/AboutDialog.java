package dev.blockwipe.ui.dialogs;

import dev.blockwipe.ui.Icons;
import dev.blockwipe.ui.Sections;
import dev.blockwipe.ui.Styles;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.image.ImageView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** Help › About: version, build time, Java, licence, and the libraries with their versions and licences. */
public final class AboutDialog {
    private AboutDialog() {
    }

    public static void show(About about, Window owner) {
        GridPane facts = new GridPane();
        facts.setHgap(12);
        facts.setVgap(4);
        facts.addRow(0, muted("Built"), new Label(about.build().built()));
        facts.addRow(1, muted("Java"), new Label(about.java()));
        facts.addRow(2, muted("Licence"), new Label(About.LICENCE));
        GridPane libraries = new GridPane();
        libraries.setHgap(12);
        libraries.setVgap(2);
        int row = 0;
        for (About.Library library : about.libraries()) {
            libraries.addRow(row++, new Label(library.name()), new Label(library.version()), muted(library.licence()));
        }
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("About Blockwipe");
        dialog.setHeaderText(about.title() + "\nErases disks, partitions and disk-image files, fast and provably.");
        dialog.setGraphic(new ImageView(Icons.of(64)));
        dialog.getDialogPane().setId("about");
        dialog.getDialogPane().setContent(new VBox(10, facts, Sections.title("Libraries"), libraries));
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().getStylesheets().addAll(owner.getScene().getStylesheets());
        dialog.showAndWait();
    }

    private static Label muted(String text) {
        Label label = new Label(text);
        label.getStyleClass().add(Styles.MUTED);
        return label;
    }
}
