package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.FxWait;
import dev.blockwipe.ui.RowClicks;
import dev.blockwipe.ui.TheWindow;
import dev.blockwipe.ui.jobs.JobState;
import dev.blockwipe.ui.jobs.JobViewModel;
import dev.blockwipe.ui.tree.DeviceRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToLongFunction;
import javafx.scene.control.Button;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
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
 * In the lab (see {@link LabIT#theWindowFollowsDisksPluggedAndPulledKeepsTheSelectionAndTheTicksAndEndsTheWipeOfAPulledDisk}):
 * the window over scsi_debug disks that come and go the way disks in a hot-swap bay do (a host
 * added and removed, a disk deleted and found again by a rescan of its host), told by the kernel's
 * own device events on netlink, without udev. Each change is timed from the moment the kernel made
 * it to the first frame whose tree shows it; the selection and the check mark stay on their rows.
 * And a disk pulled while the window wipes it.
 */
@ExtendWith(ApplicationExtension.class)
class HotPlugInGuest {
    /** Rounds of four changes: a disk plugged in after the others, the first one pulled and found again, the new one pulled. */
    private static final int ROUNDS = 6;
    /**
     * A change the tree has not shown by then was missed: the guest takes about a second for one
     * (its emulated CPU is tens of times slower than a real one), and the window's two-second poll
     * would have found it long before. The figures, not this bound, are what the docs report.
     */
    private static final Duration MISSED = Duration.ofSeconds(15);
    /** Longer than the admission waits for a device to answer its last checks ({@code Preflight.ANSWER_WITHIN}). */
    private static final Duration ADMITTED = Duration.ofSeconds(90);
    private static final Path SCSI_HOSTS = Path.of("/sys/class/scsi_host");

    private TheWindow window;
    private TreeTableView<DeviceRow> tree;
    private final List<Change> changes = new ArrayList<>();

    @BeforeAll
    static void devices() throws IOException, InterruptedException {
        Guest.require();
        Guest.modprobe("sd_mod");
        Guest.modprobe("scsi_debug", "dev_size_mb=16", "per_host_store=1");
        Guest.scsiDebugHosts(3);
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
    void theTreeFollowsDisksPluggedAndPulledAroundItsSelectionAndKeepsTheSelectionAndTheTick(FxRobot robot)
            throws Exception {
        List<String> disks = Guest.scsiDebugDisks();
        String first = disks.get(0);
        String ticked = disks.get(2);
        Frames.first(MISSED, () -> disks.stream().allMatch(this::inTree));
        DeviceRow chosen = Frames.onFx(() -> window.row(disks.get(1)).orElseThrow());
        DeviceRow tick = Frames.onFx(() -> window.row(ticked).orElseThrow());
        RowClicks.tick(robot, ticked);
        robot.interact(() -> tree.getSelectionModel().select(tree.getRoot().getChildren().stream()
                .filter(i -> i.getValue() == chosen).findFirst().orElseThrow()));
        Button wipe = robot.lookup("#wipe").queryButton();
        Callable<Void> kept = () -> {
            assertThat(tree.getSelectionModel().getSelectedItem().getValue()).as("the selected row").isSameAs(chosen);
            assertThat(window.vm().devices().selectedProperty().get()).isSameAs(chosen);
            assertThat(tick.checkedProperty().get()).as("the tick on " + ticked).isTrue();
            assertThat(window.vm().devices().checkedCountProperty().get()).as("rows ticked").isEqualTo(1);
            assertThat(wipe.isDisabled()).as("Wipe… disabled").isFalse();
            return null;
        };
        Frames.onFx(kept);

        for (int round = 0; round < ROUNDS; round++) {
            String plugged = shown("plugged in", () -> Guest.scsiDebugHosts(4));
            Frames.onFx(kept);
            String pulled = first;
            String host = hostOf(pulled);
            gone("pulled", pulled, () -> Guest.pull(pulled));
            Frames.onFx(kept);
            first = shown("found again by a rescan of its host",
                    () -> Files.writeString(SCSI_HOSTS.resolve(host).resolve("scan"), "- - -"));
            Frames.onFx(kept);
            gone("with its host removed", plugged, () -> Guest.scsiDebugHosts(3));
            Frames.onFx(kept);
        }

        for (String kind : List.of("shown", "gone")) {
            List<Change> of = changes.stream().filter(c -> c.kind().equals(kind)).toList();
            Guest.figure("hot-plug: a disk " + kind + " in the tree, after the kernel (" + of.size() + " changes)",
                    "median %d ms, max %d ms; of which the kernel's event: median %d ms, max %d ms; the window's,"
                            + " from the event to the frame: median %d ms, max %d ms",
                    median(of, Change::millis), max(of, Change::millis), median(of, Change::eventMillis),
                    max(of, Change::eventMillis), median(of, Change::fromEventMillis), max(of, Change::fromEventMillis));
        }
        List<Long> scans = window.scans();
        Guest.figure("hot-plug: the window's inventory scans (" + scans.size() + ")", "median %d ms, max %d ms",
                scans.stream().sorted().toList().get(scans.size() / 2), scans.stream().max(Long::compare).orElseThrow());
        changes.forEach(c -> System.out.println("LAB-DETAIL " + c));
        assertThat(changes).as("every change reached the window as a kernel event before the tree showed it")
                .allSatisfy(c -> assertThat(c.event()).isLessThanOrEqualTo(c.frame()));
    }

    /**
     * A disk pulled while the window wipes it (its device deleted, as the kernel does when a disk
     * leaves its bay): the job ends as the device gone, with where it went in its message and a
     * certificate that says so; the disk's row greys out, and later goes. scsi_debug answers each
     * command half a second late meanwhile, one at a time (a queue depth of 1: its delays run in
     * parallel otherwise, and the wipe of 16 MiB ended before the pull), so that the pull comes in
     * the middle of the pass.
     */
    @Test
    void aDiskPulledMidWipeEndsItsJobAsGoneWithACertificateAndItsRowGreysAndGoes(FxRobot robot) throws Exception {
        String pulled = Guest.scsiDebugDisks().get(0);
        String host = hostOf(pulled);
        Frames.first(MISSED, () -> inTree(pulled));
        DeviceRow row = Frames.onFx(() -> window.row(pulled).orElseThrow());
        RowClicks.tick(robot, pulled);
        robot.clickOn("#wipe");
        FxWait.until(() -> robot.lookup("#confirmation").tryQuery().isPresent());
        robot.clickOn("#confirmation").write(pulled);
        Files.writeString(Path.of("/sys/block", pulled, "device/queue_depth"), "1");
        String delay = Guest.scsiDebugParameter("ndelay", "500000000");
        JobViewModel job;
        long pull;
        CompletableFuture<Long> greyed;
        CompletableFuture<Long> gone;
        try {
            robot.clickOn("#confirm-wipe");
            // the job appears once the admission's last check after the dialog has passed, each read of
            // the disk now taking half a second
            Frames.first(ADMITTED, () -> !window.vm().jobs().jobs().isEmpty());
            job = Frames.onFx(() -> window.vm().jobs().jobs().get(0));
            FxWait.until(() -> job.progressProperty().get() > 0);
            pull = System.nanoTime();
            Guest.pull(pulled);
            greyed = Frames.watch(() -> row.removedProperty().get() && tree.getRoot().getChildren().stream()
                    .anyMatch(i -> i.getValue() == row));
            gone = Frames.watch(() -> tree.getRoot().getChildren().stream().noneMatch(i -> i.getValue() == row));
        } finally {
            Guest.scsiDebugParameter("ndelay", delay);
        }
        long ended = Frames.first(MISSED, () -> job.stateProperty().get().finished());

        assertThat(Frames.onFx(() -> job.stateProperty().get())).as(Frames.onFx(() -> job.messageProperty().get()))
                .isEqualTo(JobState.DEVICE_GONE);
        assertThat(Frames.onFx(() -> job.messageProperty().get())).contains("disappeared at offset");
        FxWait.until(() -> job.certificateProperty().get() != null);
        assertThat(Files.readString(Frames.onFx(() -> job.certificateProperty().get()).json())).contains("disappeared at offset");
        Guest.figure("pulled mid-wipe", "the job ended %d ms after the pull (%s); the row greyed after %d ms, gone after"
                + " %d ms", (ended - pull) / 1_000_000, Frames.onFx(() -> job.messageProperty().get()),
                (Frames.await(MISSED, greyed) - pull) / 1_000_000, (Frames.await(MISSED, gone) - pull) / 1_000_000);
        Files.writeString(SCSI_HOSTS.resolve(host).resolve("scan"), "- - -");
    }

    private interface Action {
        void run() throws Exception;
    }

    /**
     * One change: when the kernel had made it, when its first block-device event reached the
     * window, when the first frame showed it (by {@link System#nanoTime}).
     */
    private record Change(String kind, String what, long made, long event, long frame) {
        long millis() {
            return (frame - made) / 1_000_000;
        }

        /** From the change to its event at the window: negative when the event came before the change's action returned. */
        long eventMillis() {
            return (event - made) / 1_000_000;
        }

        long fromEventMillis() {
            return (frame - event) / 1_000_000;
        }

        @Override
        public String toString() {
            return what + ": " + kind + " after " + millis() + " ms, " + fromEventMillis() + " ms after its event";
        }
    }

    /**
     * Runs {@code plug} and times the scsi_debug disk it brings from its appearance in sysfs
     * (looked for every few milliseconds) to the first frame that shows it; returns its name.
     */
    private String shown(String what, Action plug) throws Exception {
        List<String> before = Guest.scsiDebugDisks();
        long began = System.nanoTime();
        plug.run();
        long deadline = began + MISSED.toNanos();
        List<String> now = new ArrayList<>(Guest.scsiDebugDisks());
        for (now.removeAll(before); now.isEmpty(); now.removeAll(before)) {
            assertThat(System.nanoTime()).as("a new disk in sysfs").isLessThan(deadline);
            Thread.sleep(3);
            now = new ArrayList<>(Guest.scsiDebugDisks());
        }
        long listed = System.nanoTime();
        String disk = now.get(0);
        long frame = Frames.first(MISSED, () -> inTree(disk));
        changes.add(new Change("shown", what + " " + disk, listed, eventAfter(began), frame));
        return disk;
    }

    /** Runs {@code pull}, which has removed {@code disk} from the kernel when it returns, and times it to the first frame without it. */
    private void gone(String what, String disk, Action pull) throws Exception {
        long began = System.nanoTime();
        pull.run();
        long removed = System.nanoTime();
        long frame = Frames.first(MISSED, () -> !inTree(disk));
        changes.add(new Change("gone", disk + " " + what, removed, eventAfter(began), frame));
    }

    /** The SCSI host ("host3") a disk is on, from its device's path in sysfs. */
    private static String hostOf(String disk) throws IOException {
        for (Path p : Path.of("/sys/block", disk, "device").toRealPath()) {
            if (p.toString().matches("host\\d+")) {
                return p.toString();
            }
        }
        throw new AssertionError("no SCSI host in the sysfs path of " + disk);
    }

    /** The first block-device event that reached the window after {@code nanos}. */
    private long eventAfter(long nanos) {
        return window.deviceEvents().stream().filter(t -> t >= nanos).findFirst().orElse(Long.MAX_VALUE);
    }

    /** The tree (the view, not only its model) has a row of {@code disk} that is not greyed as removed. FX thread. */
    private boolean inTree(String disk) {
        return tree.getRoot().getChildren().stream().map(TreeItem::getValue)
                .anyMatch(r -> r.facts().name().equals(disk) && !r.removedProperty().get());
    }

    private static long median(List<Change> changes, ToLongFunction<Change> value) {
        long[] v = changes.stream().mapToLong(value).sorted().toArray();
        return v[v.length / 2];
    }

    private static long max(List<Change> changes, ToLongFunction<Change> value) {
        return changes.stream().mapToLong(value).max().orElseThrow();
    }
}
