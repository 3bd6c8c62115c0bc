package dev.blockwipe.ui.tree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipePlan;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.JournalFixtures;
import dev.blockwipe.testing.FxWait;
import dev.blockwipe.ui.Background;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * With a station's worth of papers (40 journals of interrupted wipes), the device tree's rescans
 * read them, parse them and check their signatures off the FX thread: the reader here notes which
 * thread calls it, and the FX thread is never one. (The list of certificates:
 * {@code ui.certificates.ReportsReadOffTheFxThreadTest}.)
 */
@ExtendWith(ApplicationExtension.class)
class NoSlowWorkOnTheFxThreadTest extends DeviceFixture {
    private static final int JOURNALS = 40;

    private final ExecutorService executor = Background.executor();
    /** For each call of a slow reader: whether the FX thread made it. */
    private final ConcurrentLinkedQueue<Boolean> onFxThread = new ConcurrentLinkedQueue<>();
    private DeviceTreeModel tree;

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new StackPane(), 200, 100));
        stage.show();
    }

    @Override
    protected DeviceTreeModel tree() {
        return tree;
    }

    @AfterEach
    void close() {
        executor.shutdownNow();
        if (tree != null) {
            Platform.runLater(tree::close);
        }
    }

    @Test
    void rescansReadTheJournalsOfInterruptedWipesInTheBackground() throws Exception {
        Certifier papers = new Certifier(settings(), new HostInfo("test-host", "", "", "", "", "", BOOT_ID), BuildInfo.current());
        Path first = null;
        for (int i = 0; i < JOURNALS; i++) {
            Path file = image("disk-" + i + ".img");
            first = first == null ? file : first;
            journal(file);
        }
        Path interrupted = first;
        tree = WaitForAsyncUtils.asyncFx(() -> new DeviceTreeModel(services(true, Platform::runLater, executor), dialogs,
                () -> {
                    onFxThread.add(Platform.isFxApplicationThread());
                    return papers.journals();
                })).get();
        DeviceRow image = WaitForAsyncUtils.asyncFx(() -> tree.addImageFile(interrupted.toString())).get().get();

        for (int i = 0; i < 10; i++) {
            DeviceInventory inventory = scan();
            WaitForAsyncUtils.asyncFx(() -> tree.applyInventory(inventory)).get();
        }
        FxWait.until(() -> onFxThread.size() == 11 && image.interruptedProperty().get() != null);

        assertThat(onFxThread).as("one read per rescan and one for the added image, none on the FX thread")
                .hasSize(11).containsOnly(false);
        assertThat(image.jobProperty().get()).isEqualTo("interrupted: resumable");
    }

    /** A journal of a wipe of {@code file} killed right after it started, signed with this machine's key. */
    private void journal(Path file) throws Exception {
        try (OpenedTarget target = new LinuxTargets(sys.root()).open(file.toString(), Access.READ)) {
            WipePlan plan = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()), Keystreams.JCE)
                    .plan(target.info());
            JournalFixtures.killedFileWipe(settings(), target.info().identity(), file.toString(), plan, BOOT_ID);
        }
    }
}
