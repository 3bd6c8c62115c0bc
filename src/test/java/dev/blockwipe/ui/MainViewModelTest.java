package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.Claim;
import dev.blockwipe.devices.DeviceEvents;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.Identity;
import dev.blockwipe.devices.InventoryBuilder;
import dev.blockwipe.devices.Mount;
import dev.blockwipe.devices.Signature;
import dev.blockwipe.devices.SignatureProbe;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.devices.UsageFacts;
import dev.blockwipe.engine.Keystreams;
import dev.blockwipe.engine.WipeJob;
import dev.blockwipe.engine.WipeMethods;
import dev.blockwipe.engine.WipePlan;
import dev.blockwipe.engine.WipeRequest;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.SysfsScanner;
import dev.blockwipe.report.HostInfo;
import dev.blockwipe.report.JournalFixtures;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import dev.blockwipe.testing.FakeSysfs;
import dev.blockwipe.testing.MemoryTarget;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MainViewModelTest {
    private static final UsageFacts NOTHING_IN_USE = new UsageFacts(List.of(), List.of(), List.of(), null);
    private static final String BOOT_ID = "5b9a2c1e-boot";

    @TempDir
    Path tmp;
    private FakeSysfs sys;
    /** What the fake libblkid finds, by path; anything else is blank. */
    private final Map<String, Signatures> signatures = new HashMap<>();
    private final SignatureProbe probe = (path, number) -> signatures.getOrDefault(path, Signatures.NONE);
    private UsageFacts usage = NOTHING_IN_USE;
    private MainViewModel vm;
    /** Runs background work at once unless a test holds it back to look at the window meanwhile. */
    private final HeldExecutor background = new HeldExecutor();
    private final FakeDialogs dialogs = new FakeDialogs();

    /** sdb (SATA SSD) with sdb1 and sdb2; sdc (USB) without partitions. */
    @BeforeEach
    void twoDisks() {
        sys = new FakeSysfs(tmp.resolve("sys"));
        FakeSysfs.Disk sdb = sys.disk(FakeSysfs.sata(1, "sdb"), "8:16");
        sdb.partition(1, 2048, 1_000_000);
        sdb.partition(2, 1_002_048, 1_000_000);
        sys.disk(FakeSysfs.usb("sdc"), "8:32");
    }

    @AfterEach
    void closeViewModel() {
        if (vm != null) {
            vm.close();
        }
    }

    @Test
    void onlyAPartitionOffTheDisksBlocksCarriesTheMisalignmentBadgeText() throws IOException {
        sys.disk(FakeSysfs.sata(2, "sdd"), "8:48").blockSizes(512, 4096).partition(1, 1, 1_000_000);
        rescan(viewModel(true));

        assertThat(row("sdd1").facts().misalignment()).startsWith("MISALIGNED: starts at byte 512");
        assertThat(row("sdd").facts().misalignment()).isEmpty();
        assertThat(row("sdb1").facts().misalignment()).as("starts at sector 2048").isEmpty();
    }

    @Test
    void disksBecomeRowsWithTheirPartitionsAsChildren() throws IOException {
        rescan(viewModel(true));

        assertThat(names(vm.rows())).containsExactly("sdb", "sdc");
        assertThat(names(row("sdb").children())).containsExactly("sdb1", "sdb2");
        assertThat(row("sdc").children()).isEmpty();
        assertThat(row("sdb").facts().kind()).isEqualTo("SSD");
        assertThat(row("sdc").facts().kind()).isEqualTo("USB");
        assertThat(row("sdb2").key()).startsWith("sdb2@8:18#");
    }

    @Test
    void rescanOfTheSameDevicesKeepsTheRowsAndTheirCheckMarks() throws IOException {
        rescan(viewModel(true));
        DeviceRow sdb = row("sdb");
        DeviceRow sdb1 = row("sdb1");
        sdb1.checkedProperty().set(true);
        signatures.put("/dev/sdb1", found(new Signature("ext4", "filesystem", "data", "")));
        List<String> treeChanges = new ArrayList<>();
        vm.rows().addListener((ListChangeListener<DeviceRow>) c -> treeChanges.add(c.toString()));

        rescan(vm);

        assertThat(row("sdb")).isSameAs(sdb);
        assertThat(row("sdb1")).isSameAs(sdb1);
        assertThat(sdb.children()).element(0).isSameAs(sdb1);
        assertThat(sdb1.checkedProperty().get()).isTrue();
        assertThat(sdb1.facts().contents()).as("facts updated in place").isEqualTo("ext4 \"data\"");
        assertThat(vm.checkedCountProperty().get()).isEqualTo(1);
        assertThat(treeChanges).as("the top level of the tree did not change").isEmpty();
    }

    @Test
    void anotherDiskInTheSameBayIsANewRowWithoutTheCheckMark() throws IOException {
        rescan(viewModel(true));
        DeviceRow before = row("sdc");
        before.checkedProperty().set(true);
        sys.disk(FakeSysfs.usb("sdc"), "8:32").vpdSerial("ANOTHER-DISK");

        rescan(vm);

        assertThat(row("sdc")).isNotSameAs(before);
        assertThat(row("sdc").checkedProperty().get()).isFalse();
        assertThat(row("sdc").facts().identity().serial()).isEqualTo("ANOTHER-DISK");
        assertThat(vm.checkedCountProperty().get()).isZero();
    }

    @ParameterizedTest(name = "{0} unplugged while {1} selected")
    @CsvSource({"sdc, sdc", "sdb, sdb2"})
    void unpluggedDiskLeavesTheTreeAndTakesTheSelectionWithIt(String disk, String selected) throws IOException {
        rescan(viewModel(true));
        vm.selectedProperty().set(row(selected));
        row(selected).checkedProperty().set(true);

        DeviceRow gone = row(disk);
        List<String> before = names(vm.rows());

        unplug(disk);
        rescan(vm);

        assertThat(names(vm.rows())).as("greyed in its place for a few seconds").isEqualTo(before);
        assertThat(gone.removedProperty().get()).isTrue();
        assertThat(gone.jobProperty().get()).isEqualTo("removed");
        assertThat(gone.checkableProperty().get()).isFalse();
        assertThat(gone.whyNotProperty().get()).isEqualTo("removed: the device is gone");
        assertThat(find(selected)).isEmpty();
        assertThat(vm.selectedProperty().get()).isNull();
        assertThat(vm.details()).isEmpty();
        assertThat(vm.checkedCountProperty().get()).isZero();
        assertThat(vm.hasWipeTargets()).isFalse();

        rescan(vm);
        vm.dropRemoved(System.nanoTime());
        assertThat(names(vm.rows())).as("a rescan and a frame within the five seconds keep it").isEqualTo(before);
        vm.dropRemoved(System.nanoTime() + MainViewModel.REMOVED_SHOWN);
        assertThat(names(vm.rows())).doesNotContain(disk).hasSize(1);
    }

    @Test
    void aPartitionThatVanishesIsGreyedUnderItsDisk() throws IOException {
        rescan(viewModel(true));
        DeviceRow sdb2 = row("sdb2");

        try (Stream<Path> files = Files.walk(sys.root().resolve("block/sdb/sdb2"))) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
        rescan(vm);

        assertThat(names(row("sdb").children())).containsExactly("sdb1", "sdb2");
        assertThat(sdb2.removedProperty().get()).isTrue();
        assertThat(row("sdb1").removedProperty().get()).isFalse();
        vm.dropRemoved(System.nanoTime() + MainViewModel.REMOVED_SHOWN);
        assertThat(names(row("sdb").children())).containsExactly("sdb1");
    }

    @Test
    void selectionOfAnotherDiskSurvivesAnUnplug() throws IOException {
        rescan(viewModel(true));
        DeviceRow sdb1 = row("sdb1");
        vm.selectedProperty().set(sdb1);

        unplug("sdc");
        rescan(vm);

        assertThat(vm.selectedProperty().get()).isSameAs(sdb1);
    }

    @Test
    void selectedRowFillsTheDetailsWithItsFactSheet() throws IOException {
        DeviceInventory inv = rescan(viewModel(true));

        vm.selectedProperty().set(row("sdb1"));

        assertThat(vm.details()).isNotEmpty()
                .containsExactlyElementsOf(FactSheet.of(inv, inv.byName("sdb1").orElseThrow()));
        vm.selectedProperty().set(null);
        assertThat(vm.details()).isEmpty();
    }

    @Test
    void detailsFollowTheSelectedRowThroughARescan() throws IOException {
        rescan(viewModel(true));
        vm.selectedProperty().set(row("sdb1"));
        signatures.put("/dev/sdb1", found(new Signature("ext4", "filesystem", "data", "")));

        DeviceInventory inv = rescan(vm);

        assertThat(vm.details()).containsExactlyElementsOf(FactSheet.of(inv, inv.byName("sdb1").orElseThrow()))
                .contains(new FactSheet.Fact("contents", "ext4 \"data\""));
    }

    @Test
    void detailsStopFollowingARowThatIsNoLongerSelected() throws IOException {
        rescan(viewModel(true));
        vm.selectedProperty().set(row("sdb1"));
        vm.selectedProperty().set(row("sdc"));
        signatures.put("/dev/sdb1", found(new Signature("ext4", "filesystem", "data", "")));

        DeviceInventory inv = rescan(vm);

        assertThat(vm.details()).containsExactlyElementsOf(FactSheet.of(inv, inv.byName("sdc").orElseThrow()));
    }

    @Test
    void checkedCountFollowsTheCheckBoxes() throws IOException {
        usage = mounted("8:32", "/mnt/usb");
        rescan(viewModel(true));

        row("sdb1").checkedProperty().set(true);
        row("sdb").checkedProperty().set(true);
        assertThat(vm.checkedCountProperty().get()).isEqualTo(2);

        row("sdc").checkedProperty().set(true);
        assertThat(vm.checkedCountProperty().get()).as("sdc is mounted: its check is refused").isEqualTo(2);

        row("sdb1").checkedProperty().set(false);
        assertThat(vm.checkedCountProperty().get()).isEqualTo(1);
    }

    /**
     * Wipe… follows the verdicts, not only the clicks: a selected disk that a rescan frees (it was
     * mounted) enables it, and one that a rescan blocks disables it, without selecting again.
     */
    @Test
    void wipeTargetsFollowTheSelectedRowsVerdictAcrossRescans() throws IOException {
        usage = mounted("8:32", "/mnt/usb");
        rescan(viewModel(true));
        vm.selectedProperty().set(row("sdc"));
        assertThat(vm.wipeTargetsProperty().get()).isFalse();

        usage = NOTHING_IN_USE;
        rescan(vm);
        assertThat(vm.wipeTargetsProperty().get()).isTrue();

        usage = mounted("8:32", "/mnt/usb");
        rescan(vm);
        assertThat(vm.wipeTargetsProperty().get()).isFalse();
    }

    @Test
    void checkedRowThatARescanBlocksIsNoLongerCounted() throws IOException {
        rescan(viewModel(true));
        row("sdc").checkedProperty().set(true);

        usage = mounted("8:32", "/mnt/usb");
        rescan(vm);

        assertThat(row("sdc").checkedProperty().get()).isFalse();
        assertThat(vm.checkedCountProperty().get()).isZero();
    }

    /** An image file with a journal is offered for resuming as soon as it is added, not at the next refresh. */
    @Test
    void anAddedImageWithAnInterruptedWipeSaysSoAtOnce() throws Exception {
        rescan(viewModel(true));
        Path file = image("disk.img");
        DeviceRow probe = vm.addImageFile(file.toString()).join();
        assertThat(probe.interruptedProperty().get()).isNull();
        WipePlan plan = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()), Keystreams.JCE)
                .plan(new MemoryTarget(1 << 20).info());
        JournalFixtures.killedFileWipe(settings(), probe.facts().identity(), file.toString(), plan, BOOT_ID);

        rescan(viewModel(true));
        DeviceRow image = vm.addImageFile(file.toString()).join();

        assertThat(image.interruptedProperty().get()).isNotNull();
        assertThat(image.jobProperty().get()).isEqualTo("interrupted: resumable");
    }

    @Test
    void dialogTargetsTheCheckedRowsInTreeOrder() throws IOException {
        rescan(viewModel(true));
        DeviceRow image = vm.addImageFile(image("disk.img").toString()).join();
        for (DeviceRow r : List.of(image, row("sdc"), row("sdb2"), row("sdb"))) {
            r.checkedProperty().set(true);
        }
        vm.selectedProperty().set(row("sdb1"));

        WipeDialogViewModel dialog = vm.wipeDialog().join();

        assertThat(dialog.targets()).extracting(RowFacts::name).containsExactly("sdb", "sdb2", "sdc", "disk.img");
        assertThat(dialog.confirmation().expected()).isEqualTo("WIPE 4 DISKS");
    }

    /** The scan before the dialog runs off the FX thread; meanwhile Wipe… and Add image file… wait. */
    @Test
    void theWipeDialogIsReadInTheBackgroundAndArrivesWithFreshFacts() throws IOException {
        rescan(viewModel(true));
        vm.selectedProperty().set(row("sdb1"));
        background.hold();

        CompletableFuture<WipeDialogViewModel> dialog = vm.wipeDialog();
        signatures.put("/dev/sdb1", found(new Signature("ext4", "filesystem", "data", "")));

        assertThat(dialog).isNotDone();
        assertThat(vm.readingFactsProperty().get()).isTrue();
        background.release();
        assertThat(vm.readingFactsProperty().get()).isFalse();
        assertThat(dialog.join().targets()).singleElement().extracting(RowFacts::contents).isEqualTo("ext4 \"data\"");
    }

    @Test
    void anImageFileIsProbedInTheBackgroundAndAFailureSaysWhy() throws IOException {
        rescan(viewModel(true));
        background.hold();

        CompletableFuture<DeviceRow> added = vm.addImageFile(image("disk.img").toString());
        CompletableFuture<DeviceRow> missing = vm.addImageFile(tmp.resolve("missing.img").toString());

        assertThat(vm.readingFactsProperty().get()).isTrue();
        assertThat(names(vm.rows())).containsExactly("sdb", "sdc");
        background.release();
        assertThat(names(vm.rows())).containsExactly("sdb", "sdc", "disk.img");
        assertThat(added.join().facts().kind()).isEqualTo("Image");
        assertThat(missing).isCompletedExceptionally();
        assertThat(vm.readingFactsProperty().get()).isFalse();
    }

    @Test
    void withNothingCheckedTheDialogTargetsTheSelectedRow() throws IOException {
        rescan(viewModel(true));
        vm.selectedProperty().set(row("sdb2"));

        assertThat(vm.hasWipeTargets()).isTrue();
        WipeDialogViewModel dialog = vm.wipeDialog().join();

        assertThat(dialog.targets()).extracting(RowFacts::name).containsExactly("sdb2");
        assertThat(dialog.confirmation().expected()).isEqualTo("sdb2");
    }

    @Test
    void nothingCheckedAndNothingSelectedIsNothingToWipe() throws IOException {
        rescan(viewModel(true));

        assertThat(vm.hasWipeTargets()).isFalse();
    }

    @Test
    void selectedRowThatIsBlockedIsNothingToWipe() throws IOException {
        usage = mounted("8:32", "/mnt/usb");
        rescan(viewModel(true));

        vm.selectedProperty().set(row("sdc"));

        assertThat(vm.hasWipeTargets()).isFalse();
    }

    @Test
    void imageFileIsATopLevelImageRowThatSurvivesRescans() throws IOException {
        rescan(viewModel(true));
        Path file = image("disk.img");

        DeviceRow image = vm.addImageFile(file.toString()).join();
        image.checkedProperty().set(true);
        sys.disk(FakeSysfs.sata(3, "sdd"), "8:48");
        rescan(vm);

        assertThat(names(vm.rows())).containsExactly("sdb", "sdc", "sdd", "disk.img");
        assertThat(vm.rows().get(3)).isSameAs(image);
        assertThat(image.facts().kind()).isEqualTo("Image");
        assertThat(image.facts().path()).isEqualTo(file.toString());
        assertThat(image.key()).startsWith("file:");
        assertThat(image.checkedProperty().get()).isTrue();
        assertThat(vm.checkedCountProperty().get()).isEqualTo(1);
    }

    @Test
    void addingTheSameImageAgainGivesTheSameRow() throws IOException {
        rescan(viewModel(true));
        String file = image("disk.img").toString();

        DeviceRow first = vm.addImageFile(file).join();
        DeviceRow second = vm.addImageFile(file).join();

        assertThat(second).isSameAs(first);
        assertThat(names(vm.rows())).containsExactly("sdb", "sdc", "disk.img");
    }

    /**
     * Two rows for one file would give two jobs with different disk keys, which WipeQueue would
     * run at the same time on the same file.
     */
    @Test
    void sameImageReachedThroughASymlinkIsTheSameRow() throws IOException {
        rescan(viewModel(true));
        Path file = image("disk.img");
        Path link = Files.createSymbolicLink(tmp.resolve("link.img"), file);

        DeviceRow first = vm.addImageFile(file.toString()).join();
        DeviceRow second = vm.addImageFile(link.toString()).join();

        assertThat(second).isSameAs(first);
        assertThat(vm.rows()).hasSize(3);
    }

    @Test
    void imageThatComesToBackALoopDeviceIsBlockedAtTheNextScan() throws IOException {
        rescan(viewModel(true));
        Path file = image("disk.img");
        DeviceRow image = vm.addImageFile(file.toString()).join();
        image.checkedProperty().set(true);
        vm.selectedProperty().set(image);

        sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile(file.toRealPath().toString());
        rescan(vm);

        assertThat(image.checkableProperty().get()).isFalse();
        assertThat(image.checkedProperty().get()).isFalse();
        assertThat(image.whyNotProperty().get()).contains("backs /dev/loop0");
        assertThat(vm.details()).filteredOn(f -> f.key().equals("verdict")).singleElement()
                .extracting(FactSheet.Fact::value).asString().startsWith("BLOCKED: in use by a loop device: backs /dev/loop0");
    }

    @Test
    void imageAddedBeforeTheFirstScanAsksForConfirmationUntilTheScanJudgesIt() throws IOException {
        DeviceRow image = viewModel(true).addImageFile(image("disk.img").toString()).join();
        assertThat(image.facts().verdict().level()).isEqualTo("CONFIRM");

        rescan(vm);

        assertThat(image.facts().verdict().level()).isEqualTo("WIPEABLE");
    }

    @Test
    void userWithoutRootCanCheckImageFilesButNoDevice() throws IOException {
        rescan(viewModel(false));
        DeviceRow image = vm.addImageFile(image("disk.img").toString()).join();

        assertThat(Stream.of("sdb", "sdb1", "sdb2", "sdc").map(this::row)).allSatisfy(r -> {
            assertThat(r.checkableProperty().get()).as(r.key()).isFalse();
            assertThat(r.whyNotProperty().get()).isEqualTo("wiping devices needs root");
        });
        assertThat(image.checkableProperty().get()).isTrue();
        assertThat(vm.mode()).startsWith("not root");
        assertThat(vm.benchmarkUnavailable(row("sdc"))).as("said before anything is asked")
                .hasValue("Measuring sdc reads the device itself: that needs root (start Blockwipe with sudo).");
        assertThat(vm.benchmarkUnavailable(image)).isEmpty();
    }

    @Test
    void aBenchmarkNeedsASelectedDeviceThatNoWipeIsUsing() throws IOException {
        rescan(viewModel(true));
        assertThat(vm.benchmarkBlocker()).contains("Select a device to measure.");

        vm.selectedProperty().set(row("sdb2"));

        assertThat(vm.benchmarkBlocker()).isEmpty();
        assertThat(vm.benchmark().target().path()).isEqualTo(row("sdb2").facts().path());
    }

    @Test
    void wipeShowsTheDialogForTheFreshFactsAndStartsNothingWhenItIsCancelled() throws IOException {
        rescan(viewModel(true));
        row("sdc").checkedProperty().set(true);
        dialogs.answer(false);

        vm.wipe();

        assertThat(dialogs.wipeDialogs()).singleElement().extracting(d -> d.targets().get(0).name()).isEqualTo("sdc");
        assertThat(vm.jobs()).isEmpty();
        assertThat(row("sdc").checkedProperty().get()).as("the check stays for another try").isTrue();
    }

    @Test
    void anImageFileThatCannotBeReadIsOneErrorNamingIt() throws IOException {
        rescan(viewModel(true));
        dialogs.choose(tmp.resolve("gone.img"));

        vm.addImage();

        assertThat(dialogs.errors()).singleElement().asString().startsWith("Cannot add gone.img: ").contains("no such file");
        assertThat(names(vm.rows())).containsExactly("sdb", "sdc");
    }

    @Test
    void addImageAddsTheChosenFile() throws IOException {
        rescan(viewModel(true));
        dialogs.choose(image("disk.img"));

        vm.addImage();

        assertThat(names(vm.rows())).containsExactly("sdb", "sdc", "disk.img");
        assertThat(dialogs.errors()).isEmpty();
    }

    /** Resume… writes to the device again, so it wants the name typed; without it nothing starts. */
    @Test
    void resumeAsksForTheNameAndStartsNothingWithoutIt() throws Exception {
        DeviceRow image = interruptedImage();
        vm.selectedProperty().set(image);
        dialogs.answer(false);

        vm.resume();

        assertThat(dialogs.asked()).containsExactly("Resume the interrupted wipe: type disk.img");
        assertThat(vm.jobs()).isEmpty();
        assertThat(image.interruptedProperty().get()).isNotNull();
    }

    /** A Gutmann wipe of a large sparse file: a job that is surely still running while the test looks. */
    @Test
    void cancelAllAndCancelAskFirstAndNoKeepsTheJob() throws IOException {
        rescan(viewModel(true));
        DeviceRow image = vm.addImageFile(sparse("big.img", 8L << 30).toString()).join();
        image.checkedProperty().set(true);
        dialogs.fillWipeDialog(d -> d.methodProperty().set(WipeMethods.byName("gutmann").orElseThrow()))
                .answer(true, false, false);

        vm.wipe();
        JobViewModel job = vm.jobs().get(0);
        vm.requestCancelAll();
        vm.requestCancel(job);

        assertThat(dialogs.asked()).containsExactly("wipe dialog", "Cancel all 1 jobs?", "Cancel the wipe of big.img?");
        assertThat(job.cancelToken().isCancelled()).isFalse();
        assertThat(vm.hasActiveJobs()).isTrue();

        dialogs.answer(false);
        assertThat(vm.requestQuit()).as("No to 'Wipes are running' stays").isFalse();
        assertThat(job.cancelToken().isCancelled()).isFalse();

        dialogs.answer(true);
        vm.requestCancelAll();
        assertThat(job.cancelToken().isCancelled()).isTrue();
    }

    @Test
    void quittingWithoutJobsOrTestDisksAsksNothing() throws IOException {
        rescan(viewModel(true));

        assertThat(vm.requestQuit()).isTrue();
        assertThat(dialogs.asked()).isEmpty();
    }

    @Test
    void createTestDiskAsksFirstAndNoMakesNothing() throws IOException {
        rescan(viewModel(true));
        dialogs.answer(false, true);

        vm.requestTestDisk();
        assertThat(vm.noticeProperty().get()).isNull();

        vm.requestTestDisk();
        assertThat(dialogs.asked()).containsExactly("Create a test disk?", "Create a test disk?");
        assertThat(vm.noticeProperty().get().title()).as("these tests have no test-disk maker")
                .isEqualTo("Cannot make a test disk");
    }

    @Test
    void unreadableMountTableIsShownAsAScanProblemUntilItCanBeReadAgain() throws IOException {
        usage = UsageFacts.unreadable("cannot read /proc/self/mountinfo");
        rescan(viewModel(true));

        assertThat(vm.scanProblemProperty().get()).isEqualTo("every device is blocked: cannot read /proc/self/mountinfo");
        assertThat(row("sdc").checkableProperty().get()).isFalse();

        usage = NOTHING_IN_USE;
        rescan(vm);

        assertThat(vm.scanProblemProperty().get()).isEmpty();
        assertThat(row("sdc").checkableProperty().get()).isTrue();
    }

    private MainViewModel viewModel(boolean root) {
        SysfsScanner scanner = new SysfsScanner(sys.root(), sys.root().resolve("no-device-nodes"), (name, number) -> Claim.FREE);
        vm = new MainViewModel(new Services(this::scan, scanner::fingerprint, DeviceEvents.NONE, new LinuxTargets(sys.root()), root,
                null, Keystreams.JCE, settings(),
                new HostInfo("test-host", "", "", "", "", BOOT_ID), Runnable::run, background), dialogs);
        return vm;
    }

    /** An image file with the journal of a zero wipe killed part-way, added to the tree. */
    private DeviceRow interruptedImage() throws Exception {
        rescan(viewModel(true));
        Path file = image("disk.img");
        DeviceRow image = vm.addImageFile(file.toString()).join();
        WipePlan plan = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()), Keystreams.JCE)
                .plan(new MemoryTarget(1 << 20).info());
        JournalFixtures.killedFileWipe(settings(), image.facts().identity(), file.toString(), plan, BOOT_ID);
        rescan(vm);
        return image;
    }

    private Settings settings() {
        return new Settings(tmp.resolve("config"), tmp.resolve("reports"), tmp.resolve("journals"), Operator.UNNAMED, Sh.uid());
    }

    private DeviceInventory scan() throws IOException {
        return new InventoryBuilder(probe, name -> Identity.NONE).build(new SysfsScanner(sys.root(), sys.root().resolve("no-device-nodes"), (name, number) -> Claim.FREE).scan(), usage);
    }

    /** What the device watcher would hand over after a scan; returns the inventory applied. */
    private DeviceInventory rescan(MainViewModel model) throws IOException {
        DeviceInventory inv = scan();
        model.applyInventory(inv);
        return inv;
    }

    /** The disk leaves /sys/block, as when it is pulled out. */
    private void unplug(String disk) throws IOException {
        Files.delete(sys.root().resolve("block").resolve(disk));
    }

    private Path sparse(String name, long size) throws IOException {
        Path file = tmp.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(size);
        }
        return file;
    }

    private Path image(String name) throws IOException {
        return Files.write(tmp.resolve(name), new byte[1 << 20]);
    }

    /** The row of a device that is there (rows shown as removed are left out). */
    private Optional<DeviceRow> find(String name) {
        return vm.rows().stream().flatMap(r -> Stream.concat(Stream.of(r), r.children().stream()))
                .filter(r -> r.facts().name().equals(name) && !r.removedProperty().get()).findFirst();
    }

    private DeviceRow row(String name) {
        return find(name).orElseThrow(() -> new AssertionError("no row " + name + " in " + names(vm.rows())));
    }

    private static List<String> names(List<DeviceRow> rows) {
        return rows.stream().map(r -> r.facts().name()).toList();
    }

    private static UsageFacts mounted(String number, String mountPoint) {
        return new UsageFacts(List.of(new Mount(DeviceNumber.parse(number), "/dev/x", mountPoint, "ext4")), List.of(),
                List.of(), null);
    }

    private static Signatures found(Signature... found) {
        return new Signatures(List.of(found), "", null);
    }
}
