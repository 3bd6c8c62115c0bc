package dev.blockwipe.ui.certificates;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.CertifiedDevice;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.Settings;
import dev.blockwipe.testing.FxWait;
import dev.blockwipe.testing.MemoryTarget;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.ui.Background;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A certificate opens in the window, drawn from its PDF, whether or not a PDF viewer is installed;
 * its signature is checked from the same dialog; Save as… keeps the proof beside the PDF.
 */
@ExtendWith(ApplicationExtension.class)
class CertificateViewTest {
    @TempDir
    Path tmp;
    private Stage stage;
    private final List<Path> opened = new ArrayList<>();
    private final ExecutorService background = Background.executor();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 200, 100));
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        background.shutdownNow();
        FxToolkit.cleanupStages();
    }

    @Test
    void theCertificateIsDrawnInTheWindowAndItsSignatureChecked(FxRobot robot) throws Exception {
        CertificateViewModel vm = viewModel(certificate().json());
        Platform.runLater(() -> CertificateView.show(vm, stage, (path, problem) -> {
            opened.add(path);
            problem.accept("No program here opens " + path.getFileName() + " (xdg-open: exit 3); it is at " + path);
        }));
        FxWait.until(() -> robot.lookup(".certificate-page").tryQuery().isPresent());

        Image page = robot.lookup(".certificate-page").queryAs(ImageView.class).getImage();
        assertThat(page.getWidth()).as("A4 at 150 dpi").isBetween(1200.0, 1300.0);

        robot.clickOn("#verify-signature");
        FxWait.until(() -> robot.lookup("#certificate-status").queryAs(Label.class).getText().startsWith("VALID"));

        robot.clickOn("Open in PDF viewer");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(opened).containsExactly(vm.pdf());
        assertThat(robot.lookup("#certificate-status").queryAs(Label.class).getText())
                .startsWith("No program here opens").endsWith(vm.pdf().toString());
        robot.clickOn("Close");
    }

    @Test
    void savedCopiesKeepTheSignedJsonBesideThePdfAndStillVerify() throws Exception {
        CertificateViewModel vm = viewModel(certificate().json());
        Path target = Files.createDirectories(tmp.resolve("usb")).resolve("sdb-wiped");

        List<Path> written = vm.saveAs(target).get(20, TimeUnit.SECONDS);

        assertThat(written).containsExactly(tmp.resolve("usb/sdb-wiped.pdf"), tmp.resolve("usb/sdb-wiped.json"),
                tmp.resolve("usb/sdb-wiped.json.sig"));
        assertThat(Files.readAllBytes(written.get(0))).isEqualTo(Files.readAllBytes(vm.pdf()));
        assertThat(viewModel(written.get(1)).verify().get(20, TimeUnit.SECONDS)).startsWith("VALID");
    }

    private ReportStore.CertificateFiles certificate() throws Exception {
        MemoryTarget target = new MemoryTarget(1 << 20);
        CertifiedDevice disk = new CertifiedDevice("HDD", "sata", "WDC WD40EFRX", "ATA", "WD-TEST123", "", "82.00A82", "",
                List.of(), List.of(), "", List.of());
        Certifier.Paperwork paperwork = new Certifier(settings(), new HostInfo("rack7", "", "", "", "", "", ""),
                BuildInfo.current()).begin(target.info(), disk);
        return paperwork.finish(new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()), Keystreams.JCE)
                .run(target, paperwork, new CancelToken())).files();
    }

    /** Its files read on the window's background executor, its answers handed to the FX thread, as in the window. */
    private CertificateViewModel viewModel(Path json) {
        return new CertificateViewModel(json, settings(), background, Platform::runLater);
    }

    private Settings settings() {
        return new Settings(tmp.resolve("config"), tmp.resolve("reports"), tmp.resolve("journals"),
                new Operator("Ada Tech", "Lab 4"), Sh.uid());
    }
}
