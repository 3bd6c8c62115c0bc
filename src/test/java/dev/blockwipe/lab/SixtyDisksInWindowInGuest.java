package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.job.PassResult;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.ui.TheWindow;
import dev.blockwipe.ui.jobs.JobState;
import dev.blockwipe.ui.jobs.JobViewModel;
import dev.blockwipe.ui.tree.DeviceRow;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * In the lab (see {@link LabIT#sixtyDisksAreListedAndWipedInOneCommandAndInTheWindowWithinTheBufferBudget}):
 * the window over sixty scsi_debug disks, as a technician at a console full of them uses it: the
 * first paint of all sixty, every one ticked from the keyboard, one typed confirmation, all sixty
 * wiped to the byte within the buffer budget, and the monitor view with a tile per job.
 */
@ExtendWith(ApplicationExtension.class)
class SixtyDisksInWindowInGuest {
    /** Generous: sixty wipes of 4 MiB with a read-back under an emulated CPU, about a minute. */
    private static final Duration WIPED = Duration.ofMinutes(6);
    private static final Duration PAINTED = Duration.ofMinutes(2);

    private TheWindow window;
    private TreeTableView<DeviceRow> tree;

    /** Sixty disks, every byte 0xFF, so that every byte that reads zero afterwards was written. */
    @BeforeAll
    static void devices() throws IOException, InterruptedException {
        SixtyDisksInGuest.scsiDebug();
        Guest.scsiDebugHosts(SixtyDisksInGuest.DISKS);
        byte[] ones = new byte[1 << 20];
        Arrays.fill(ones, (byte) 0xFF);
        for (String disk : Guest.scsiDebugDisks()) {
            try (OutputStream out = Files.newOutputStream(Path.of("/dev", disk))) {
                for (long n = Long.parseLong(Guest.sysfs(disk, "size")) * 512 / ones.length; n > 0; n--) {
                    out.write(ones);
                }
            }
        }
    }

    @Start
    void start(Stage stage) throws IOException {
        window = TheWindow.open(stage);
        tree = window.tree();
    }

    @AfterEach
    void close() throws Exception {
        window.close();
        FxToolkit.cleanupStages();
    }

    @Test
    void sixtyDisksArePaintedTickedByKeyboardWipedToTheByteAndTiled(FxRobot robot) throws Exception {
        List<String> disks = Guest.scsiDebugDisks();
        assertThat(disks).hasSize(SixtyDisksInGuest.DISKS);
        long painted = Frames.first(PAINTED, () -> shownRows().filter(r -> disks.contains(r.facts().name())).count()
                == disks.size());
        Guest.figure("sixty: the window's first paint of sixty disks", "%d ms after it started watching; its first scan %d ms",
                (painted - window.started()) / 1_000_000, window.scans().get(0));

        robot.interact(() -> {
            tree.requestFocus();
            tree.getSelectionModel().select(0);
        });
        for (int i = 0; i < disks.size(); i++) {
            robot.type(KeyCode.SPACE).type(KeyCode.DOWN);
        }
        assertThat(Frames.onFx(() -> window.vm().devices().checkedCountProperty().get())).as("ticked from the keyboard")
                .isEqualTo(disks.size());

        robot.clickOn("#wipe");
        Frames.first(PAINTED, () -> robot.lookup("#confirmation").tryQuery().isPresent());
        robot.clickOn("#confirmation").write("WIPE " + disks.size() + " TARGETS");
        Frames.Gaps gaps = Frames.gaps();
        long confirmed = System.nanoTime();
        robot.clickOn("#confirm-wipe");
        robot.type(KeyCode.F11);
        long tiled = Frames.first(PAINTED, () -> tiles(robot) == disks.size());
        long wiped = Frames.first(WIPED, () -> window.vm().jobs().jobs().size() == disks.size()
                && window.vm().jobs().jobs().stream().allMatch(j -> j.stateProperty().get().finished()));
        long longestGap = gaps.stopAndMeasure();
        List<JobViewModel> jobs = Frames.onFx(() -> List.copyOf(window.vm().jobs().jobs()));
        Guest.figure("sixty: the window's wipe of sixty 4 MiB disks", "%d ms from the confirmation to the last job's"
                        + " end; the monitor view showed sixty tiles %d ms after the confirmation; the longest time"
                        + " between two frames %d ms", (wiped - confirmed) / 1_000_000, (tiled - confirmed) / 1_000_000,
                longestGap);

        assertThat(jobs).extracting(JobViewModel::name).containsExactlyInAnyOrderElementsOf(disks);
        for (JobViewModel job : jobs) {
            assertThat(Frames.onFx(() -> job.stateProperty().get())).as(job.name() + ": " + job.messageProperty().get())
                    .isEqualTo(JobState.ERASED);
        }
        assertThat(tiles(robot)).as("a tile per job in the monitor view").isEqualTo(disks.size());
        robot.type(KeyCode.ESCAPE);
        long buffers = jobs.stream().mapToLong(j -> buffers(j.resultProperty().get())).sum();
        long budget = window.services().buffers().budget();
        assertThat(buffers).as("the buffers of sixty jobs that ran at once").isLessThanOrEqualTo(budget);
        Guest.figure("sixty: the window's buffers for sixty jobs", "%d MiB of its %d MiB budget", buffers >> 20,
                budget >> 20);
        for (String disk : disks) {
            assertThat(LoopDevice.allZero("/dev/" + disk)).as("every byte of %s zero", disk).isTrue();
        }
        Frames.first(PAINTED, () -> jobs.stream().allMatch(j -> j.certificateProperty().get() != null));
    }

    /** The rows of the tree's control (what is drawn, not only the model) that are not greyed as removed. FX thread. */
    private Stream<DeviceRow> shownRows() {
        return tree.getRoot().getChildren().stream().map(TreeItem::getValue).filter(r -> !r.removedProperty().get());
    }

    /** The monitor view's tiles ({@code #tile-sda}). */
    private static int tiles(FxRobot robot) {
        return robot.lookup((Node n) -> n.getId() != null && n.getId().startsWith("tile-")).queryAll().size();
    }

    /** The most buffer memory a job held at once: its largest request times the requests in flight, pass or read-back. */
    private static long buffers(WipeResult r) {
        Stream<RequestShape> shapes = Stream.concat(r.passes().stream().map(PassResult::requests),
                Stream.ofNullable(r.verification()).map(v -> v.requests()));
        return shapes.mapToLong(s -> (long) s.bytes() * s.inFlight()).max().orElse(0);
    }
}
