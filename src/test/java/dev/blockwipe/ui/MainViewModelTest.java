package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipePlan;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.report.JournalFixtures;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import dev.blockwipe.testing.MemoryTarget;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.ui.jobs.JobState;
import dev.blockwipe.ui.jobs.JobViewModel;
import dev.blockwipe.ui.tree.DeviceFixture;
import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.DeviceTreeModel;
import dev.blockwipe.ui.tree.RowOrder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's commands that join the models (Wipe…, Resume…, Benchmark…, quitting) and the
 * questions they ask through the dialog service.
 */
class MainViewModelTest extends DeviceFixture {
    private MainViewModel vm;
    /** The settings the next view-model starts with, as the window's start reads them; null: the fixture's. */
    private Settings startWith;

    @Override
    protected Settings settings() {
        return startWith != null ? startWith : super.settings();
    }

    @Override
    protected DeviceTreeModel tree() {
        return vm.devices();
    }

    @AfterEach
    void closeViewModel() {
        keystreams.release();
        if (vm != null) {
            vm.close();
        }
    }

    /**
     * Hide loop devices, hide blocked and the order are there again at the next start, also after
     * the operator was saved in between; the search text is not (it would hide devices unasked).
     */
    @Test
    void theFilterTogglesAndTheOrderAreRememberedAcrossStartsButNotTheSearch() throws IOException {
        viewModel(true);
        vm.filter().hideLoopProperty().set(true);
        vm.filter().hideBlockedProperty().set(true);
        vm.filter().orderProperty().set(RowOrder.VERDICT);
        vm.filter().searchProperty().set("sdb");
        vm.session().useOperator(new Operator("Grace Hopper", "Lab"));
        vm.close();

        startWith = Settings.load(Map.of(), tmp.toString(), Sh.uid(), tmp.resolve("config"));
        viewModel(true);

        assertThat(vm.filter().hideLoopProperty().get()).isTrue();
        assertThat(vm.filter().hideBlockedProperty().get()).isTrue();
        assertThat(vm.filter().orderProperty().get()).isEqualTo(RowOrder.VERDICT);
        assertThat(vm.filter().searchProperty().get()).isEmpty();
        assertThat(vm.session().settingsProperty().get().operator().name()).isEqualTo("Grace Hopper");

        vm.filter().hideBlockedProperty().set(false);
        vm.close();
        startWith = Settings.load(Map.of(), tmp.toString(), Sh.uid(), tmp.resolve("config"));
        viewModel(true);

        assertThat(vm.filter().hideBlockedProperty().get()).isFalse();
        assertThat(vm.filter().hideLoopProperty().get()).isTrue();
    }

    @Test
    void wipeTargetsTheCheckedRowsInTreeOrder() throws IOException {
        rescan(viewModel(true).devices());
        DeviceRow image = vm.devices().addImageFile(image("disk.img").toString()).join();
        for (DeviceRow r : List.of(image, row("sdc"), row("sdb2"), row("sdb"))) {
            r.checkedProperty().set(true);
        }
        vm.devices().selectedProperty().set(row("sdb1"));

        assertThat(vm.devices().wipeTargets()).containsExactly("/dev/sdb", "/dev/sdb2", "/dev/sdc",
                image.facts().path());
    }

    /** The admission before the dialog runs off the FX thread; meanwhile Wipe… and Add image file… wait. */
    @Test
    void theWipeDialogWaitsForTheAdmissionInTheBackground() throws IOException {
        rescan(viewModel(true).devices());
        DeviceRow image = vm.devices().addImageFile(image("disk.img").toString()).join();
        vm.devices().selectedProperty().set(image);
        dialogs.answer(false);
        background.hold();

        CompletableFuture<List<JobViewModel>> started = vm.wipe();

        assertThat(dialogs.wipeDialogs()).isEmpty();
        assertThat(vm.devices().readingFactsProperty().get()).isTrue();
        background.release();
        assertThat(vm.devices().readingFactsProperty().get()).isFalse();
        assertThat(dialogs.wipeDialogs()).singleElement().extracting(d -> d.targets().get(0).path())
                .isEqualTo(image.facts().path());
        assertThat(started.join()).isEmpty();
    }

    @Test
    void withNothingCheckedWipeTargetsTheSelectedRow() throws IOException {
        rescan(viewModel(true).devices());
        vm.devices().selectedProperty().set(row("sdb2"));

        assertThat(vm.devices().hasWipeTargets()).isTrue();
        assertThat(vm.devices().wipeTargets()).containsExactly("/dev/sdb2");
    }

    @Test
    void userWithoutRootCanCheckImageFilesButNoDevice() throws IOException {
        rescan(viewModel(false).devices());
        DeviceRow image = vm.devices().addImageFile(image("disk.img").toString()).join();

        assertThat(Stream.of("sdb", "sdb1", "sdb2", "sdc").map(this::row)).allSatisfy(r -> {
            assertThat(r.checkableProperty().get()).as(r.key()).isFalse();
            assertThat(r.whyNotProperty().get()).isEqualTo("wiping devices needs root");
        });
        assertThat(image.checkableProperty().get()).isTrue();
        assertThat(vm.devices().mode()).startsWith("not root");
        assertThat(vm.session().benchmarkUnavailable(row("sdc"))).as("said before anything is asked")
                .hasValue("Measuring sdc reads the device itself: that needs root (start Blockwipe with sudo).");
        assertThat(vm.session().benchmarkUnavailable(image)).isEmpty();
    }

    @Test
    void aBenchmarkNeedsASelectedDeviceThatNoWipeIsUsing() throws IOException {
        rescan(viewModel(true).devices());
        assertThat(vm.benchmarkBlocker()).contains("Select a device to measure.");

        vm.devices().selectedProperty().set(row("sdb2"));

        assertThat(vm.benchmarkBlocker()).isEmpty();
        assertThat(vm.session().benchmark(row("sdb2")).target().path()).isEqualTo(row("sdb2").facts().path());
    }

    @Test
    void wipeShowsTheDialogForTheOpenedTargetAndLetsItGoWhenItIsCancelled() throws Exception {
        rescan(viewModel(true).devices());
        DeviceRow image = vm.devices().addImageFile(image("disk.img").toString()).join();
        image.checkedProperty().set(true);
        dialogs.answer(false);

        assertThat(vm.wipe().join()).isEmpty();

        assertThat(dialogs.wipeDialogs()).singleElement().extracting(d -> d.targets().get(0).name()).isEqualTo("disk.img");
        assertThat(dialogs.errors()).as("a cancelled dialog is no error").isEmpty();
        assertThat(vm.jobs().jobs()).isEmpty();
        assertThat(image.checkedProperty().get()).as("the check stays for another try").isTrue();
        assertThat(opener.openedForWriting()).as("opened for the dialog").hasSize(1);
        try (BlockTarget again = new LinuxTargets().open(image.facts().path(), Access.WRITE)) {
            assertThat(again.info().name()).as("let go again").isEqualTo("disk.img");
        }
    }

    /**
     * The dialog is asked while the target is held open, and the job writes through that very
     * descriptor: the target is opened for writing once, before the dialog, and never again.
     */
    @Test
    void theTargetTheDialogConfirmsIsTheOneDescriptorTheJobWrites() throws Exception {
        rescan(viewModel(true).devices());
        Path file = sparse("small.img", 8L << 20);
        Files.write(file, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.WRITE);
        DeviceRow image = vm.devices().addImageFile(file.toString()).join();
        image.checkedProperty().set(true);
        List<List<OpenedTarget>> openWhileAsked = new ArrayList<>();
        dialogs.fillWipeDialog(d -> openWhileAsked.add(opener.openedForWriting())).answer(true);

        JobViewModel job = vm.wipe().join().get(0);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> job.stateProperty().get().finished());
        vm.jobs().drain();

        assertThat(job.stateProperty().get()).isEqualTo(JobState.ERASED);
        assertThat(openWhileAsked).singleElement().asList().as("opened before the dialog was answered").hasSize(1);
        assertThat(opener.openedForWriting()).as("the job opened nothing again").isEqualTo(openWhileAsked.get(0));
        assertThat(Files.readAllBytes(file)).containsOnly(0);
    }

    /** Resume… writes to the device again, so it wants the name typed; without it nothing starts. */
    @Test
    void resumeAsksForTheNameAndStartsNothingWithoutIt() throws Exception {
        DeviceRow image = interruptedImage();
        vm.devices().selectedProperty().set(image);
        dialogs.answer(false);

        vm.resume();

        assertThat(dialogs.asked()).containsExactly("Resume the interrupted wipe: type disk.img");
        assertThat(vm.jobs().jobs()).isEmpty();
        assertThat(image.interruptedProperty().get()).isNotNull();
    }

    /**
     * A confirmed dialog starts the job (a Gutmann wipe of a large sparse file, surely still running
     * while the test looks), takes the check marks away and remembers the operator; quitting then
     * asks, and No stays with the job running.
     */
    @Test
    void aConfirmedWipeStartsTheJobAndQuittingAsksFirst() throws IOException {
        rescan(viewModel(true).devices());
        DeviceRow image = vm.devices().addImageFile(sparse("big.img", 8L << 30).toString()).join();
        image.checkedProperty().set(true);
        dialogs.fillWipeDialog(d -> {
            d.methodProperty().set(WipeMethods.byName("gutmann").orElseThrow());
            d.operatorProperty().set("Grace Hopper");
        }).answer(true, false);

        JobViewModel job = vm.wipe().join().get(0);

        assertThat(job.target()).isEqualTo(image.facts().path());
        assertThat(image.checkedProperty().get()).isFalse();
        assertThat(vm.session().settingsProperty().get().operator().name()).isEqualTo("Grace Hopper");
        AtomicBoolean exited = new AtomicBoolean();
        assertThat(vm.requestQuit(() -> exited.set(true))).isFalse();
        assertThat(dialogs.asked()).containsExactly("wipe dialog", "Wipes are running. Cancel them and quit?");
        assertThat(job.cancelToken().isCancelled()).isFalse();
        assertThat(vm.quittingProperty().get()).isFalse();
        assertThat(exited).isFalse();
    }

    /**
     * Yes to "Wipes are running" cancels them and returns at once, without waiting for them (a
     * request on a stalled disk can take long to return): the status line says what it waits
     * for, nothing new starts meanwhile, and the exit comes once the job has stopped. The job is
     * held in its first random pass until then; the wait for it runs on the background executor,
     * which holds it until the test lets it go, so nothing of it runs on the caller's thread.
     */
    @Test
    void quittingCancelsTheWipesAndExitsOnceTheyHaveStoppedWithoutHoldingTheWindow() throws Exception {
        rescan(viewModel(true).devices());
        DeviceRow image = vm.devices().addImageFile(sparse("big.img", 8L << 30).toString()).join();
        image.checkedProperty().set(true);
        dialogs.fillWipeDialog(d -> d.methodProperty().set(WipeMethods.byName("gutmann").orElseThrow())).answer(true, true);
        keystreams.holdAfter(2);
        vm.wipe();
        JobViewModel job = vm.jobs().jobs().get(0);
        keystreams.awaitHeld(Duration.ofSeconds(60));
        AtomicBoolean exited = new AtomicBoolean();
        background.hold();

        assertThat(vm.requestQuit(() -> exited.set(true))).isTrue();

        assertThat(job.cancelToken().isCancelled()).isTrue();
        assertThat(vm.quittingProperty().get()).isTrue();
        assertThat(vm.jobs().statusProperty().get())
                .isEqualTo("quitting: waiting for 1 job to stop after the requests in flight");
        assertThat(exited).as("the job is still held").isFalse();
        assertThat(vm.requestQuit(() -> exited.set(true))).as("quitting already: nothing asked twice").isFalse();
        image.checkedProperty().set(true);
        vm.wipe();
        assertThat(dialogs.asked()).containsExactly("wipe dialog", "Wipes are running. Cancel them and quit?");

        keystreams.release();
        background.release();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, exited::get);
        vm.jobs().drain();
        assertThat(job.stateProperty().get()).isEqualTo(JobState.CANCELLED);
        assertThat(vm.jobs().jobs()).containsExactly(job);
    }

    @Test
    void quittingWithoutJobsOrTestDisksAsksNothingAndExitsAtOnce() throws IOException {
        rescan(viewModel(true).devices());
        AtomicBoolean exited = new AtomicBoolean();

        assertThat(vm.requestQuit(() -> exited.set(true))).isTrue();
        assertThat(exited).isTrue();
        assertThat(dialogs.asked()).isEmpty();
    }

    private MainViewModel viewModel(boolean root) {
        vm = new MainViewModel(services(root), dialogs);
        return vm;
    }

    /** An image file with the journal of a zero wipe killed part-way, added to the tree. */
    private DeviceRow interruptedImage() throws Exception {
        rescan(viewModel(true).devices());
        Path file = image("disk.img");
        DeviceRow image = vm.devices().addImageFile(file.toString()).join();
        WipePlan plan = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()), Keystreams.JCE)
                .plan(new MemoryTarget(1 << 20).info());
        JournalFixtures.killedFileWipe(settings(), image.facts().identity(), file.toString(), plan, BOOT_ID);
        rescan(vm.devices());
        return image;
    }
}
