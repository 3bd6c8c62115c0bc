package dev.blockwipe.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.util.function.Consumer;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.TextArea;
import javafx.stage.Window;

/**
 * A finished job's report: its signed certificate (JSON, with a button for the PDF), or, when the
 * certificate could not be written, the result as JSON and why.
 */
final class ReportDialog {
    private ReportDialog() {
    }

    static void show(JobViewModel job, Window owner, Consumer<String> openDocument) {
        ReportStore.CertificateFiles files = job.certificateProperty().get();
        String json;
        try {
            if (files != null) {
                json = Files.readString(files.json());
            } else {
                ObjectMapper mapper = new ObjectMapper();
                json = mapper.writerWithDefaultPrettyPrinter()
                        .writeValueAsString(new ResultJson(mapper).result(job.resultProperty().get(), true));
            }
        } catch (IOException e) {
            new Alert(Alert.AlertType.ERROR, "Cannot read the report: " + e.getMessage(), ButtonType.OK).showAndWait();
            return;
        }
        TextArea text = new TextArea(json);
        text.setEditable(false);
        text.setPrefSize(720, 480);
        ButtonType pdf = new ButtonType("Open _PDF", ButtonBar.ButtonData.LEFT);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Report: " + job.name());
        dialog.setHeaderText(files != null ? "Signed certificate " + files.json() + "\n(PDF " + files.pdf() + ", log "
                + files.log().getFileName() + ")" : job.certificateProblemProperty().get());
        dialog.getDialogPane().setContent(text);
        if (files != null) {
            dialog.getDialogPane().getButtonTypes().add(pdf);
        }
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.setResizable(true);
        dialog.showAndWait().filter(b -> b == pdf).ifPresent(b -> openDocument.accept(files.pdf().toUri().toString()));
    }
}
