package dev.blockwipe.ui;

import dev.blockwipe.report.Settings;
import dev.blockwipe.service.ConfirmationWord;
import dev.blockwipe.ui.bench.BenchDialog;
import dev.blockwipe.ui.bench.BenchViewModel;
import dev.blockwipe.ui.dialogs.SettingsDialog;
import dev.blockwipe.ui.dialogs.WipeDialog;
import dev.blockwipe.ui.dialogs.WipeDialogViewModel;
import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextInputDialog;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/** The {@link DialogService} of the window: modal JavaFX dialogs owned by the main stage. */
final class FxDialogs implements DialogService {
    private final Stage stage;

    FxDialogs(Stage stage) {
        this.stage = stage;
    }

    /**
     * Every Yes here destroys or stops something (cancel a wipe, quit during wipes, make or
     * remove a test disk), so No is the default: Enter, Space and Escape all answer No.
     */
    @Override
    public boolean confirm(String header, String text) {
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, text, ButtonType.YES, ButtonType.NO);
        ask.initOwner(stage);
        ask.setHeaderText(header);
        Glyphs.question(ask, stage);
        Button yes = (Button) ask.getDialogPane().lookupButton(ButtonType.YES);
        Button no = (Button) ask.getDialogPane().lookupButton(ButtonType.NO);
        yes.setDefaultButton(false);
        no.setDefaultButton(true);
        no.setCancelButton(true);
        ask.setOnShown(e -> no.requestFocus());
        return ask.showAndWait().filter(b -> b == ButtonType.YES).isPresent();
    }

    @Override
    public void error(String header, String text) {
        Alert alert = new Alert(Alert.AlertType.ERROR, text, ButtonType.OK);
        alert.initOwner(stage);
        alert.setHeaderText(header);
        Glyphs.problem(alert, stage);
        alert.showAndWait();
    }

    @Override
    public boolean confirmTyped(String title, String header, String expected) {
        TextInputDialog ask = new TextInputDialog();
        ask.initOwner(stage);
        ask.setTitle(title);
        ask.setHeaderText(header);
        ask.setContentText("To confirm, type " + expected + ":");
        Glyphs.warning(ask, stage);
        ask.getDialogPane().lookupButton(ButtonType.OK).disableProperty().bind(Bindings.createBooleanBinding(
                () -> !ConfirmationWord.matches(ask.getEditor().getText(), expected), ask.getEditor().textProperty()));
        return ask.showAndWait().filter(typed -> ConfirmationWord.matches(typed, expected)).isPresent();
    }

    @Override
    public boolean showWipeDialog(WipeDialogViewModel dialog) {
        return new WipeDialog(dialog, stage).showAndConfirm();
    }

    @Override
    public Optional<Path> chooseImageFile() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Add a disk-image file to wipe");
        File file = chooser.showOpenDialog(stage);
        return Optional.ofNullable(file).map(File::toPath);
    }

    @Override
    public Optional<Settings> editSettings(Settings current) {
        return SettingsDialog.edit(current, stage);
    }

    @Override
    public void showBenchmark(BenchViewModel bench) {
        BenchDialog.show(bench, stage);
    }
}
