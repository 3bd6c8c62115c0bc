package dev.blockwipe.ui.certificates;

import dev.blockwipe.report.Json;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.ResultJson;
import dev.blockwipe.ui.DesktopOpener;
import dev.blockwipe.ui.Glyphs;
import dev.blockwipe.ui.jobs.JobViewModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Function;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.TextArea;
import javafx.stage.Window;

/**
 * A finished job's report: its signed certificate, drawn in the window, or, when the certificate
 * could not be written, the result as JSON and why.
 */
public final class ReportDialog {
    private ReportDialog() {
    }

    /** @param certificates the certificate whose signed JSON is at a path, to be viewed */
    public static void show(JobViewModel job, Function<Path, CertificateViewModel> certificates, Window owner, DesktopOpener opener) {
        ReportStore.CertificateFiles files = job.certificateProperty().get();
        if (files != null) {
            CertificateView.show(certificates.apply(files.json()), owner, opener);
            return;
        }
        String json;
        try {
            json = Json.mapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(ResultJson.Result.of(job.resultProperty().get(), true));
        } catch (IOException e) {
            Glyphs.problem(new Alert(Alert.AlertType.ERROR, "Cannot show the result: " + e.getMessage(), ButtonType.OK), owner)
                    .showAndWait();
            return;
        }
        TextArea text = new TextArea(json);
        text.setEditable(false);
        text.setPrefSize(720, 480);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Result: " + job.name());
        dialog.setHeaderText(job.certificateProblemProperty().get());
        dialog.getDialogPane().setContent(text);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.setResizable(true);
        dialog.showAndWait();
    }
}
