package dev.blockwipe.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.engine.WipeResult;
import dev.blockwipe.report.ResultJson;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.TextArea;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** A finished job's report: the result as JSON (with the speed profile), to read or save. */
final class ReportDialog {
    private ReportDialog() {
    }

    static void show(JobViewModel job, Window owner) {
        WipeResult result = job.resultProperty().get();
        String json;
        try {
            ObjectMapper mapper = new ObjectMapper();
            json = mapper.writerWithDefaultPrettyPrinter().writeValueAsString(new ResultJson(mapper).result(result, true));
        } catch (IOException e) {
            new Alert(Alert.AlertType.ERROR, "Cannot write the report: " + e.getMessage()).showAndWait();
            return;
        }
        TextArea text = new TextArea(json);
        text.setEditable(false);
        text.setPrefSize(720, 480);
        ButtonType save = new ButtonType("_Save as…", ButtonBar.ButtonData.LEFT);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Report: " + job.name());
        dialog.setHeaderText(job.messageProperty().get());
        dialog.getDialogPane().setContent(text);
        dialog.getDialogPane().getButtonTypes().addAll(save, ButtonType.CLOSE);
        dialog.setResizable(true);
        dialog.showAndWait().filter(b -> b == save).ifPresent(b -> save(json, job, owner));
    }

    private static void save(String json, JobViewModel job, Window owner) {
        FileChooser chooser = new FileChooser();
        chooser.setInitialFileName("blockwipe-" + job.name() + ".json");
        File file = chooser.showSaveDialog(owner);
        if (file == null) {
            return;
        }
        try {
            Files.writeString(file.toPath(), json);
        } catch (IOException e) {
            new Alert(Alert.AlertType.ERROR, "Cannot save " + file + ": " + e.getMessage()).showAndWait();
        }
    }
}
