package dev.blockwipe.ui.dialogs;

import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import java.nio.file.Path;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.stage.Window;

/** Operator, organisation and reports directory for the certificates. */
public final class SettingsDialog {
    private SettingsDialog() {
    }

    /** The changed settings, or empty when the user cancelled. */
    public static Optional<Settings> edit(Settings current, Window owner) {
        TextField operator = new TextField(current.operator().name());
        TextField organisation = new TextField(current.operator().organisation());
        TextField reports = new TextField(current.reportDir().toString());
        reports.setPrefColumnCount(36);
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(8));
        grid.addRow(0, label("_Operator:", operator), operator);
        grid.addRow(1, label("Or_ganisation:", organisation), organisation);
        grid.addRow(2, label("_Reports directory:", reports), reports);
        grid.add(new Label("The signing key lives in " + current.configDir() + "."), 0, 3, 2, 1);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Settings");
        dialog.setHeaderText("Who signs the certificates, and where they go");
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        return dialog.showAndWait().filter(b -> b == ButtonType.OK)
                .map(b -> current.withReportDir(Path.of(reports.getText().strip()))
                        .withOperator(new Operator(operator.getText(), organisation.getText())));
    }

    private static Label label(String text, javafx.scene.Node target) {
        Label l = new Label(text);
        l.setMnemonicParsing(true);
        l.setLabelFor(target);
        // the whole label: the theme's wider text fields would otherwise take its end
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
