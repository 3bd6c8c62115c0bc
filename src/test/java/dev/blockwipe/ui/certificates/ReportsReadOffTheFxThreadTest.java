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
import dev.blockwipe.report.CertificateListing;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.Settings;
import dev.blockwipe.testing.MemoryTarget;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.ui.Background;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * With a station's worth of certificates (200), the window's list of them reads, parses and checks
 * their signatures off the FX thread: the reader here notes which thread calls it, and the FX
 * thread is never one. (The device tree's rescans: {@code ui.tree.NoSlowWorkOnTheFxThreadTest}.)
 */
@ExtendWith(ApplicationExtension.class)
class ReportsReadOffTheFxThreadTest {
    private static final int CERTIFICATES = 200;

    @TempDir
    Path tmp;
    private final ExecutorService executor = Background.executor();
    /** For each call of the slow reader: whether the FX thread made it. */
    private final ConcurrentLinkedQueue<Boolean> onFxThread = new ConcurrentLinkedQueue<>();

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new StackPane(), 200, 100));
        stage.show();
    }

    @AfterEach
    void close() {
        executor.shutdownNow();
    }

    @Test
    void theListOfCertificatesIsReadInTheBackground() throws Exception {
        ReportStore.CertificateFiles one = certificate();
        for (int i = 1; i < CERTIFICATES; i++) {
            Path copy = one.json().resolveSibling(String.format("copy-%03d.json", i));
            Files.copy(one.json(), copy);
            Files.copy(ReportStore.signatureOf(one.json()), ReportStore.signatureOf(copy));
        }
        ReportsViewModel reports = WaitForAsyncUtils.asyncFx(() -> new ReportsViewModel(settings(), () -> {
            onFxThread.add(Platform.isFxApplicationThread());
            return CertificateListing.read(new ReportStore(settings().reportDir()));
        }, executor, Platform::runLater)).get();

        WaitForAsyncUtils.asyncFx(reports::refresh).get().get();

        assertThat(onFxThread).containsExactly(false);
        assertThat(reports.entries()).hasSize(CERTIFICATES);
        assertThat(reports.statusProperty().get()).isEmpty();
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

    private Settings settings() {
        return new Settings(tmp.resolve("config"), tmp.resolve("reports"), tmp.resolve("journals"), Operator.UNNAMED, Sh.uid());
    }
}
