package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.Settings;
import dev.blockwipe.report.SigningKey;
import dev.blockwipe.report.TrustedKey;
import dev.blockwipe.testing.FxWait;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.testing.Witness;
import dev.blockwipe.ui.jobs.JobState;
import dev.blockwipe.ui.jobs.JobViewModel;
import dev.blockwipe.ui.tree.DeviceRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The real window, headless (Monocle), over this machine's devices and loop devices the tests
 * create: the tree, the blocked rows, the typed confirmation, a full wipe with its tile in the
 * monitor view (F11), and Cancel.
 */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {
    private static final long MIB = 1 << 20;
    /** Requests a held wipe writes before it waits: enough for its progress to show. */
    private static final long FILLS_BEFORE_HOLD = 8;

    private MainViewModel vm;
    private Stage stage;
    private final AtomicBoolean exited = new AtomicBoolean();

    private Path papers;
    private HeldKeystreams keystreams;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        papers = Files.createTempDirectory("blockwipe-gui-test");
        Services linux = BlockwipeApp.linuxServices(new Settings(papers.resolve("config"), papers.resolve("reports"),
                papers.resolve("journals"), new Operator("Test Operator", "Test Lab"), Sh.uid()));
        keystreams = new HeldKeystreams(linux.keystreams());
        vm = new MainViewModel(new Services(linux.inventory(), linux.fingerprint(), linux.events(), linux.opener(), linux.root(),
                linux.testDisks(), keystreams, linux.buffers(), linux.jobThreads(), linux.settings(), linux.host(), linux.storage(), linux.network(), linux.fx(),
                linux.background(), linux.identifier()), new FxDialogs(stage));
        MainView view = new MainView(vm, stage, (path, problem) -> { });
        stage.setScene(view.scene());
        stage.show();
        view.closeOnRequest(() -> exited.set(true));
        view.start();
    }

    @BeforeEach
    void needsLoopDevices() {
        LoopDevice.assumeAvailable();
    }

    @AfterEach
    void close() throws Exception {
        keystreams.release();
        vm.close();
        FxToolkit.cleanupStages();
        try (var files = Files.walk(papers)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void theTreeListsALoopDeviceWithItsPartitions(FxRobot robot) throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 64 * MIB)) {
            loop.partition("label: gpt\nsize=20M\nsize=+\n");
            vm.devices().refresh();
            FxWait.until(() -> robot.lookup("#check-" + loop.name() + "p2").tryQuery().isPresent());
            DeviceRow row = row(loop.name());
            assertThat(row.children()).extracting(r -> r.facts().name())
                    .containsExactly(loop.name() + "p1", loop.name() + "p2");
            assertThat(row.facts().contents()).isEqualTo("gpt partition table");
        }
    }

    /**
     * A disk plugged in while rows are ticked and one is selected: the ticks, the selection and
     * Wipe… all stay (the whole list used to be replaced, which cleared the selection).
     */
    @Test
    void ticksTheSelectionAndWipeSurviveAHotPlug(FxRobot robot) throws Exception {
        try (LoopDevice ticked = LoopDevice.create(Path.of("/dev/shm"), 8 * MIB);
             LoopDevice chosen = LoopDevice.create(Path.of("/dev/shm"), 8 * MIB)) {
            vm.devices().refresh();
            FxWait.until(() -> robot.lookup("#check-" + chosen.name()).tryQuery().isPresent());
            @SuppressWarnings("unchecked")
            TreeTableView<DeviceRow> tree = robot.lookup(".tree-table-view").queryAs(TreeTableView.class);
            robot.interact(() -> {
                row(ticked.name()).checkedProperty().set(true);
                tree.getSelectionModel().select(tree.getRoot().getChildren().stream()
                        .filter(i -> i.getValue() == row(chosen.name())).findFirst().orElseThrow());
            });
            Button wipe = robot.lookup("#wipe").queryButton();
            assertThat(wipe.isDisabled()).isFalse();

            try (LoopDevice plugged = LoopDevice.create(Path.of("/dev/shm"), 8 * MIB)) {
                vm.devices().refresh();
                FxWait.until(() -> robot.lookup("#check-" + plugged.name()).tryQuery().isPresent());

                assertThat(row(ticked.name()).checkedProperty().get()).isTrue();
                assertThat(tree.getSelectionModel().getSelectedItem().getValue()).isSameAs(row(chosen.name()));
                assertThat(vm.devices().selectedProperty().get()).isSameAs(row(chosen.name()));
                assertThat(wipe.isDisabled()).isFalse();
            }
        }
    }

    @Test
    void aBlockedRowCannotBeChecked(FxRobot robot) throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 8 * MIB, "-r")) {
            vm.devices().refresh();
            FxWait.until(() -> robot.lookup("#check-" + loop.name()).tryQuery().isPresent());
            CheckBox box = robot.lookup("#check-" + loop.name()).queryAs(CheckBox.class);
            assertThat(box.isDisabled()).isTrue();
            robot.clickOn(box);
            DeviceRow row = row(loop.name());
            robot.interact(() -> row.checkedProperty().set(true));
            assertThat(row.checkedProperty().get()).isFalse();
            assertThat(row.whyNotProperty().get()).contains("read-only");
            assertThat(robot.lookup(".verdict-blocked").queryAll()).extracting(n -> ((Labeled) n).getText())
                    .as("the reason is in the Verdict column, not only in a tooltip")
                    .anySatisfy(text -> assertThat(text).startsWith("✖ blocked: ").contains("read-only"));
        }
    }

    @Test
    void wipeStaysDisabledUntilTheNameIsTypedExactlyAndThenWipesTheDevice(FxRobot robot) throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 64 * MIB)) {
            loop.fillRandom(loop.path(), 7);
            vm.devices().refresh();
            FxWait.until(() -> robot.lookup("#check-" + loop.name()).tryQuery().isPresent());
            RowClicks.tick(robot, loop.name());
            robot.clickOn("#wipe");
            FxWait.until(() -> robot.lookup("#confirmation").tryQuery().isPresent());
            TextField operator = robot.lookup("#operator").queryAs(TextField.class);
            assertThat(operator.getText()).as("asked, with the name the settings remember").isEqualTo("Test Operator");
            robot.interact(() -> operator.setText("Grace Hopper"));
            robot.clickOn("#asset-tag-" + loop.name()).write("LAB-0007");
            TextField field = robot.lookup("#confirmation").queryAs(TextField.class);
            Button wipe = robot.lookup("#confirm-wipe").queryAs(Button.class);
            assertThat(wipe.isDisabled()).isTrue();
            robot.clickOn(field).type(KeyCode.ENTER);
            assertThat(robot.lookup("#confirmation").tryQuery()).as("Enter in an empty field does nothing").isPresent();
            robot.write(loop.name().substring(0, loop.name().length() - 1));
            assertThat(wipe.isDisabled()).isTrue();
            robot.write(loop.name().substring(loop.name().length() - 1) + "x");
            assertThat(wipe.isDisabled()).isTrue();
            robot.type(KeyCode.BACK_SPACE);
            assertThat(wipe.isDisabled()).isFalse();
            robot.clickOn(wipe);

            FxWait.until(() -> !vm.jobs().jobs().isEmpty());
            JobViewModel job = vm.jobs().jobs().get(0);
            FxWait.until(() -> job.stateProperty().get().finished());
            assertThat(job.stateProperty().get()).isEqualTo(JobState.ERASED);
            assertThat(job.messageProperty().get()).contains("ERASED", "verified");
            assertThat(job.ratePoints()).isNotEmpty();
            assertThat(LoopDevice.allZero(loop.path())).isTrue();
            FxWait.until(() -> job.certificateProperty().get() != null);
            ReportStore.CertificateFiles certificate = job.certificateProperty().get();
            assertThat(certificate.pdf()).exists();
            PublicKey key = SigningKey.loadOrCreate(papers.resolve("config"), Sh.uid()).publicKey();
            assertThat(TrustedKey.of(key).certificate(certificate.json()).valid()).isTrue();
            assertThat(Files.readString(certificate.json())).contains("\"name\" : \"Grace Hopper\"",
                    "\"assetTag\" : \"LAB-0007\"");
            assertThat(vm.session().settingsProperty().get().operator().name()).as("remembered for the next wipe")
                    .isEqualTo("Grace Hopper");

            robot.type(KeyCode.F11);
            FxWait.until(() -> robot.lookup("#tile-" + loop.name()).tryQuery().isPresent());
            assertThat(robot.lookup("#tile-" + loop.name()).query().getStyleClass())
                    .as("the monitor view's tile is green").contains(JobState.ERASED.styleClass());
            robot.type(KeyCode.ESCAPE);
            FxWait.until(() -> robot.lookup("#tile-" + loop.name()).tryQuery().isEmpty());
        }
    }

    /** The kernel re-reads the table after a whole-disk wipe, so the tree drops the erased partitions. */
    @Test
    void aWipedDiskLosesItsPartitionsInTheTree(FxRobot robot) throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 32 * MIB).partition("label: gpt\n,10M\n,\n")) {
            vm.devices().refresh();
            FxWait.until(() -> robot.lookup("#check-" + loop.name() + "p2").tryQuery().isPresent());
            assertThat(row(loop.name()).facts().verdict()).isInstanceOf(SafetyVerdict.NeedsConfirmation.class);
            robot.interact(() -> row(loop.name()).checkedProperty().set(true));
            FxWait.until(() -> !robot.lookup("#wipe").queryButton().isDisabled());
            robot.clickOn("#wipe");
            FxWait.until(() -> robot.lookup("#confirmation").tryQuery().isPresent());
            robot.clickOn("#confirmation").write(loop.name());
            robot.clickOn("#confirm-wipe");

            FxWait.until(() -> !vm.jobs().jobs().isEmpty());
            JobViewModel job = vm.jobs().jobs().get(0);
            FxWait.until(() -> job.stateProperty().get().finished());
            assertThat(job.stateProperty().get()).isEqualTo(JobState.ERASED);
            assertThat(job.warningsProperty().get()).isEmpty();
            FxWait.until(() -> row(loop.name()).children().isEmpty());
            assertThat(robot.lookup("#check-" + loop.name() + "p1").tryQuery()).isEmpty();
            assertThat(row(loop.name()).facts().verdict()).isInstanceOf(SafetyVerdict.Wipeable.class);
        }
    }

    /**
     * The dialog showed loopN over one file; before the job opened it, loopN was attached to
     * another file of the same size (same name, same number, no serial). The job must see the
     * new disk sequence number and backing, and write nothing to either file.
     */
    @Test
    void theWipeDialogSaysBeforehandThatALoopDeviceOverABtrfsFileWillEndUnproven(FxRobot robot) throws Exception {
        Sh.require(Sh.onPath("mkfs.btrfs"), "needs mkfs.btrfs (btrfs-progs)");
        Path dir = Files.createTempDirectory("blockwipe-gui-btrfs");
        try (LoopDevice fs = LoopDevice.create(dir, 160 * MIB)) {
            Sh.run("mkfs.btrfs", "-q", "-f", fs.path());
            fs.mount(fs.path(), Files.createDirectory(dir.resolve("btrfs")));
            Path img = Files.write(dir.resolve("btrfs/c.img"), new byte[(int) (8 * MIB)]);
            try (LoopDevice over = LoopDevice.over(img.toString())) {
                vm.devices().refresh();
                // by its row, not its cell: on a machine with many devices the row may be scrolled out of view
                FxWait.until(() -> vm.devices().rows().stream().anyMatch(r -> r.facts().name().equals(over.name())));
                robot.interact(() -> row(over.name()).checkedProperty().set(true));
                robot.clickOn("#wipe");
                FxWait.until(() -> robot.lookup("#confirmation").tryQuery().isPresent());

                Labeled warning = robot.lookup("#unproven-" + over.name()).queryLabeled();
                assertThat(warning.isVisible()).isTrue();
                assertThat(warning.getText()).startsWith("the result will be UNPROVEN").contains("its backing file "
                        + img + " is on btrfs");
                robot.type(KeyCode.ESCAPE);
                FxWait.until(() -> robot.lookup("#confirmation").tryQuery().isEmpty());
            }
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * The wipe holds the device from before the dialog to its first write: while the dialog is
     * open, loopN cannot be attached to another file, and the wipe writes the file that was shown.
     */
    @Test
    void aLoopDeviceCannotBeAttachedToOtherMediaWhileTheDialogIsOpen(FxRobot robot) throws Exception {
        Path other = Files.createTempFile(Path.of("/dev/shm"), "blockwipe-test-other-", ".img");
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 16 * MIB)) {
            loop.fillRandom(loop.path(), 11);
            Files.write(other, new byte[(int) (16 * MIB)]);
            Files.write(other, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.WRITE);
            Witness w = new Witness().watch(other);
            vm.devices().refresh();
            FxWait.until(() -> robot.lookup("#check-" + loop.name()).tryQuery().isPresent());
            RowClicks.tick(robot, loop.name());
            robot.clickOn("#wipe");
            FxWait.until(() -> robot.lookup("#confirmation").tryQuery().isPresent());
            robot.clickOn("#confirmation").write(loop.name());

            Sh.run("losetup", "-d", loop.path());
            assertThat(new ProcessBuilder("losetup", loop.path(), other.toString()).start().waitFor())
                    .as("attaching other media to a held loop device fails").isNotZero();
            robot.clickOn("#confirm-wipe");

            FxWait.until(() -> !vm.jobs().jobs().isEmpty());
            JobViewModel job = vm.jobs().jobs().get(0);
            FxWait.until(() -> job.stateProperty().get().finished());
            assertThat(job.stateProperty().get()).isEqualTo(JobState.ERASED);
            assertThat(LoopDevice.allZero(loop.image().toString())).isTrue();
            w.unchanged();
        } finally {
            Files.deleteIfExists(other);
        }
    }

    @Test
    void cancelStopsARunningJobAndReleasesTheDevice(FxRobot robot) throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 512 * MIB)) {
            JobViewModel job = startWipe(robot, loop);
            robot.clickOn("#cancel-" + loop.name());
            robot.clickOn("Yes");
            keystreams.release();
            FxWait.until(() -> job.stateProperty().get().finished());
            assertThat(job.stateProperty().get()).isEqualTo(JobState.CANCELLED);
            assertThat(job.messageProperty().get()).contains("CANCELLED");
            try (BlockTarget again = new LinuxTargets().open(loop.path(), Access.WRITE)) {
                assertThat(again.info().name()).isEqualTo(loop.name());
            }
        }
    }

    /**
     * A cancelled wipe leaves a journal: its row says so and offers Resume…, which asks for the
     * name and goes on from the checkpoint; the second run's certificate lists both runs.
     */
    @Test
    void aCancelledWipeIsOfferedOnItsRowAndResumedFromWhereItStopped(FxRobot robot) throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 512 * MIB)) {
            JobViewModel first = startWipe(robot, loop);
            robot.interact(() -> vm.jobs().cancel(first));
            keystreams.release();
            FxWait.until(() -> first.stateProperty().get().finished());
            // the journal's verdict follows the result once the paperwork is done
            FxWait.until(() -> first.messageProperty().get().contains("resumable: select " + loop.name()));
            DeviceRow row = row(loop.name());
            FxWait.until(() -> row.interruptedProperty().get() != null);
            assertThat(row.jobProperty().get()).isEqualTo("interrupted: resumable");
            long checkpoint = row.interruptedProperty().get().offset();
            int pass = row.interruptedProperty().get().pass();

            robot.interact(() -> vm.devices().selectedProperty().set(row));
            robot.clickOn("#resume");
            FxWait.until(() -> robot.lookup(".text-input-dialog .text-field").tryQuery().isPresent());
            Button ok = robot.lookup(".text-input-dialog .button").match((Button b) -> b.isDefaultButton()).query();
            assertThat(ok.isDisabled()).isTrue();
            robot.clickOn(".text-input-dialog .text-field").write(loop.name());
            assertThat(ok.isDisabled()).isFalse();
            keystreams.holdAfter(FILLS_BEFORE_HOLD);
            robot.clickOn(ok);

            FxWait.until(() -> vm.jobs().jobs().size() == 2);
            JobViewModel second = vm.jobs().jobs().get(0);
            assertThat(second).isNotSameAs(first);
            assertThat(second.resumes()).isTrue();
            FxWait.until(() -> second.stateProperty().get() == JobState.RUNNING && second.progressProperty().get() > 0);
            robot.interact(() -> vm.jobs().cancel(second));
            keystreams.release();
            FxWait.until(() -> second.certificateProperty().get() != null);
            String cert = Files.readString(second.certificateProperty().get().json());
            com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(cert);
            assertThat(json.at("/runs")).hasSize(2);
            assertThat(json.at("/runs/0/end").asText()).isEqualTo("cancelled");
            assertThat(json.at("/runs/1/fromPass").asInt()).isEqualTo(pass);
            assertThat(json.at("/runs/1/fromOffset").asLong()).isEqualTo(checkpoint);
        }
    }

    @Test
    void closingTheWindowDuringAWipeAsksFirstThenCancelsIt(FxRobot robot) throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 512 * MIB)) {
            JobViewModel job = startWipe(robot, loop);
            requestClose(robot);
            robot.clickOn("No");
            assertThat(exited).isFalse();
            assertThat(job.stateProperty().get().finished()).isFalse();
            requestClose(robot);
            robot.clickOn("Yes");
            keystreams.release();
            FxWait.until(exited::get);
            robot.interact(job::drain);
            assertThat(job.stateProperty().get()).isEqualTo(JobState.CANCELLED);
        }
    }

    @Test
    void theMenuBarHasFileDevicesJobsReportsAndHelp(FxRobot robot) {
        MenuBar bar = robot.lookup("#menu-bar").queryAs(MenuBar.class);
        assertThat(bar.getMenus()).extracting(m -> m.getText().replace("_", ""))
                .containsExactly("File", "Devices", "Jobs", "Reports", "Help");
        assertThat(bar.getMenus().get(1).getItems()).filteredOn(i -> "_Refresh".equals(i.getText()))
                .singleElement().extracting(MenuItem::getAccelerator).isEqualTo(new KeyCodeCombination(KeyCode.F5));
    }

    @Test
    void helpAboutShowsTheVersionAndTheLibraries(FxRobot robot) throws Exception {
        robot.clickOn("Help").clickOn("About Blockwipe");
        FxWait.until(() -> robot.lookup("#about").tryQuery().isPresent());
        DialogPane about = robot.lookup("#about").queryAs(DialogPane.class);
        assertThat(about.getHeaderText()).startsWith("Blockwipe " + BuildInfo.current().version());
        assertThat(robot.from(about).lookup((Labeled l) -> "PDFBox".equals(l.getText())).tryQuery()).isPresent();
        robot.clickOn("Close");
        assertThat(robot.lookup("#about").tryQuery()).isEmpty();
    }

    @Test
    void ctrlQWithoutRunningJobsQuitsWithoutAsking(FxRobot robot) throws Exception {
        robot.push(KeyCode.CONTROL, KeyCode.Q);
        FxWait.until(exited::get);
        assertThat(robot.lookup("Wipes are running. Cancel them and quit?").tryQuery()).isEmpty();
    }

    @Test
    void ctrlQDuringAWipeAsksFirstThenCancelsIt(FxRobot robot) throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 512 * MIB)) {
            JobViewModel job = startWipe(robot, loop);
            robot.push(KeyCode.CONTROL, KeyCode.Q);
            FxWait.until(() -> robot.lookup("Wipes are running. Cancel them and quit?").tryQuery().isPresent());
            robot.clickOn("No");
            assertThat(exited).isFalse();
            assertThat(job.stateProperty().get().finished()).isFalse();
            robot.push(KeyCode.CONTROL, KeyCode.Q);
            FxWait.until(() -> robot.lookup("Wipes are running. Cancel them and quit?").tryQuery().isPresent());
            robot.clickOn("Yes");
            keystreams.release();
            FxWait.until(exited::get);
            robot.interact(job::drain);
            assertThat(job.stateProperty().get()).isEqualTo(JobState.CANCELLED);
        }
    }

    @Test
    void theApplicationIconComesInEverySizeTheScriptRenders() {
        assertThat(Icons.all()).extracting(image -> (int) image.getWidth(), image -> image.isError())
                .containsExactly(tuple(16, false), tuple(24, false), tuple(32, false), tuple(48, false), tuple(64, false),
                        tuple(128, false), tuple(256, false), tuple(512, false));
    }

    /** What the window manager sends when the user closes the window; its question shows in a nested loop. */
    private void requestClose(FxRobot robot) throws Exception {
        Platform.runLater(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
        FxWait.until(() -> robot.lookup("Wipes are running. Cancel them and quit?").tryQuery().isPresent());
    }

    /**
     * Ticks the loop device (through its row: other devices may come and go under the mouse on a
     * shared machine), picks Gutmann, types the name and presses Wipe; returns the running job,
     * held in its first pass (random data) until the test calls {@code keystreams.release()}, so
     * that it is still running whatever the test does next, however fast the machine.
     */
    private JobViewModel startWipe(FxRobot robot, LoopDevice loop) throws Exception {
        keystreams.holdAfter(FILLS_BEFORE_HOLD);
        vm.devices().refresh();
        FxWait.until(() -> robot.lookup("#check-" + loop.name()).tryQuery().isPresent());
        robot.interact(() -> row(loop.name()).checkedProperty().set(true));
        robot.clickOn("#wipe");
        FxWait.until(() -> robot.lookup("#confirmation").tryQuery().isPresent());
        WipeMethod chosen = WipeMethods.byName("gutmann").orElseThrow();
        ListView<WipeMethod> methods = robot.lookup("#methods").queryListView();
        robot.interact(() -> methods.scrollTo(chosen));
        FxWait.until(() -> robot.lookup(".list-cell").match((ListCell<WipeMethod> c) -> c.getItem() == chosen).tryQuery()
                .isPresent());
        robot.clickOn(robot.lookup(".list-cell").match((ListCell<WipeMethod> c) -> c.getItem() == chosen)
                .<ListCell<WipeMethod>>query());
        assertThat(methods.getSelectionModel().getSelectedItem()).isEqualTo(chosen);
        robot.clickOn("#confirmation").write(loop.name());
        Button confirm = robot.lookup("#confirm-wipe").queryButton();
        FxWait.until(() -> !confirm.isDisabled());
        robot.clickOn(confirm);
        FxWait.until(() -> !vm.jobs().jobs().isEmpty());
        JobViewModel job = vm.jobs().jobs().get(0);
        FxWait.until(() -> job.stateProperty().get() == JobState.RUNNING && job.progressProperty().get() > 0);
        return job;
    }

    private DeviceRow row(String name) {
        return vm.devices().rows().stream().filter(r -> r.facts().name().equals(name)).findFirst().orElseThrow();
    }

}
