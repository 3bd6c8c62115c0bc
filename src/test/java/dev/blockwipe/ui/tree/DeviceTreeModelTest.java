package dev.blockwipe.ui.tree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.DriveFacts;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.Signature;
import dev.blockwipe.devices.UsageFacts;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipePlan;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.JournalFixtures;
import dev.blockwipe.report.Settings;
import dev.blockwipe.testing.FakeSysfs;
import dev.blockwipe.testing.MemoryTarget;
import dev.blockwipe.ui.RecordingOpener;
import dev.blockwipe.ui.TestDrives;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The device tree: rows kept in place across rescans, removed rows, image files, selection, checks, details. */
class DeviceTreeModelTest extends TreeFixture {
    @Test
    void onlyAPartitionOffTheDisksBlocksCarriesTheMisalignmentBadgeText() throws IOException {
        sys.disk(FakeSysfs.sata(2, "sdd"), "8:48").blockSizes(512, 4096).partition(1, 1, 1_000_000);
        rescan(viewModel(true));

        assertThat(row("sdd1").facts().misalignment()).startsWith("MISALIGNED: starts at byte 512");
        assertThat(row("sdd").facts().misalignment()).isEmpty();
        assertThat(row("sdb1").facts().misalignment()).as("starts at sector 2048").isEmpty();
    }

    /**
     * A disk full of random data (what an encrypted volume without a header looks like) says so in
     * Contents and asks for the typed confirmation, as a disk with a file system does; a blank one
     * stays wipeable.
     */
    @Test
    void aDiskOfRandomDataSaysSoAndAsksForConfirmation() throws IOException {
        signatures.put("/dev/sdc", found(Signature.RANDOM_DATA));
        rescan(viewModel(true));

        assertThat(row("sdc").facts().contents()).isEqualTo("random data (may be encrypted)");
        assertThat(row("sdc").facts().verdict()).isInstanceOf(SafetyVerdict.NeedsConfirmation.class);
        assertThat(row("sdc").facts().verdict().describe()).isEqualTo("holds random data (may be encrypted)");
        assertThat(row("sdb2").facts().verdict()).as("blank").isInstanceOf(SafetyVerdict.Wipeable.class);
    }

    @Test
    void disksBecomeRowsWithTheirPartitionsAsChildren() throws IOException {
        rescan(viewModel(true));

        assertThat(names(tree.rows())).containsExactly("sdb", "sdc");
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
        tree.rows().addListener((ListChangeListener<DeviceRow>) c -> treeChanges.add(c.toString()));

        rescan(tree);

        assertThat(row("sdb")).isSameAs(sdb);
        assertThat(row("sdb1")).isSameAs(sdb1);
        assertThat(sdb.children()).element(0).isSameAs(sdb1);
        assertThat(sdb1.checkedProperty().get()).isTrue();
        assertThat(sdb1.facts().contents()).as("facts updated in place").isEqualTo("ext4 \"data\"");
        assertThat(tree.checkedCountProperty().get()).isEqualTo(1);
        assertThat(treeChanges).as("the top level of the tree did not change").isEmpty();
    }

    @Test
    void anotherDiskInTheSameBayIsANewRowWithoutTheCheckMark() throws IOException {
        rescan(viewModel(true));
        DeviceRow before = row("sdc");
        before.checkedProperty().set(true);
        sys.disk(FakeSysfs.usb("sdc"), "8:32").vpdSerial("ANOTHER-DISK");

        rescan(tree);

        assertThat(row("sdc")).isNotSameAs(before);
        assertThat(row("sdc").checkedProperty().get()).isFalse();
        assertThat(row("sdc").facts().identity().serial()).isEqualTo("ANOTHER-DISK");
        assertThat(tree.checkedCountProperty().get()).isZero();
    }

    /** The selection never goes to a neighbour: Space and Benchmark… act on it. */
    @ParameterizedTest(name = "{0} unplugged while {1} selected")
    @CsvSource({"sdc, sdc", "sdb, sdb2"})
    void unpluggedDiskLeavesTheTreeAndTakesTheSelectionWithIt(String disk, String selected) throws IOException {
        rescan(viewModel(true));
        tree.selectedProperty().set(row(selected));
        row(selected).checkedProperty().set(true);

        DeviceRow gone = row(disk);
        List<String> before = names(tree.rows());

        unplug(disk);
        rescan(tree);

        assertThat(names(tree.rows())).as("greyed in its place for a few seconds").isEqualTo(before);
        assertThat(gone.removedProperty().get()).isTrue();
        assertThat(gone.jobProperty().get()).isEqualTo("removed");
        assertThat(gone.checkableProperty().get()).isFalse();
        assertThat(gone.whyNotProperty().get()).isEqualTo("removed: the device is gone");
        assertThat(find(selected)).isEmpty();
        assertThat(tree.selectedProperty().get()).isNull();
        assertThat(tree.details()).containsExactly(new FactSheet.Fact("removed", selected + " is gone: select another device"));
        assertThat(tree.checkedCountProperty().get()).isZero();
        assertThat(tree.hasWipeTargets()).isFalse();

        rescan(tree);
        tree.dropRemoved(System.nanoTime());
        assertThat(names(tree.rows())).as("a rescan and a frame within the five seconds keep it").isEqualTo(before);
        tree.dropRemoved(System.nanoTime() + DeviceTreeModel.REMOVED_SHOWN);
        assertThat(names(tree.rows())).doesNotContain(disk).hasSize(1);
    }

    /**
     * Issue 38: several removed rows named loop6 showed at once. A loop device attached again (to
     * another file: a new disk sequence number) is another device under the same name: its
     * removed row goes when the new one comes, and the new one's removed row is the only one.
     */
    @Test
    void aNameShowsOnceHoweverOftenItsDeviceComesAndGoes() throws IOException {
        rescan(viewModel(true));
        for (int seq = 1; seq <= 3; seq++) {
            sys.disk(FakeSysfs.virtual("loop6"), "7:6").sectors(2048).attr("diskseq", seq)
                    .backingFile(Files.createFile(tmp.resolve("backing-" + seq + ".img")).toString());
            rescan(tree);
            assertThat(names(tree.rows())).as("attached again").containsOnlyOnce("loop6");
            assertThat(row("loop6").facts().identity().diskseq()).isEqualTo(seq);
            unplug("loop6");
            rescan(tree);
            assertThat(names(tree.rows())).as("detached again").containsOnlyOnce("loop6");
            assertThat(tree.rows()).filteredOn(r -> r.facts().name().equals("loop6")).singleElement()
                    .satisfies(r -> assertThat(r.removedProperty().get()).isTrue());
        }
    }

    /**
     * The selected device replaced in one rescan by another under its name (its row goes at once):
     * the window's filter let go of the selection as the rows changed, before the tree looked at
     * it, and Details was left empty instead of saying that the device is gone (the window's churn
     * test met this under load, where more removed rows expire within a rescan).
     */
    @Test
    void aSelectedDeviceReplacedUnderItsNameSaysItIsGoneWithTheWindowsFilter() throws IOException {
        sys.disk(FakeSysfs.virtual("loop6"), "7:6").sectors(2048).attr("diskseq", 1)
                .backingFile(Files.createFile(tmp.resolve("first.img")).toString());
        rescan(viewModel(true));
        new TreeFilterModel(tree.rows(), tree.selectedProperty());
        tree.selectedProperty().set(row("loop6"));

        sys.disk(FakeSysfs.virtual("loop6"), "7:6").sectors(2048).attr("diskseq", 2)
                .backingFile(Files.createFile(tmp.resolve("second.img")).toString());
        rescan(tree);

        assertThat(tree.selectedProperty().get()).isNull();
        assertThat(tree.details()).containsExactly(new FactSheet.Fact("removed", "loop6 is gone: select another device"));
    }

    /** A row the user selects while it is greyed says that its device is gone, and is let go when it expires. */
    @Test
    void aSelectedRemovedRowSaysItsDeviceIsGoneAndIsLetGoWhenItExpires() throws IOException {
        rescan(viewModel(true));
        DeviceRow sdc = row("sdc");
        unplug("sdc");
        rescan(tree);

        tree.selectedProperty().set(sdc);

        assertThat(tree.details()).containsExactly(new FactSheet.Fact("removed", "sdc is gone: select another device"));
        assertThat(tree.hasWipeTargets()).isFalse();
        tree.dropRemoved(System.nanoTime() + DeviceTreeModel.REMOVED_SHOWN);
        assertThat(tree.selectedProperty().get()).isNull();
        assertThat(tree.details()).containsExactly(new FactSheet.Fact("removed", "sdc is gone: select another device"));
    }

    /**
     * A partition that goes and comes back with the same identity (same place, same disk) while
     * the user has its greyed row selected: the selection follows the device to its new row, as
     * it is keyed by the device, instead of being let go (the churn test met this under load).
     */
    @Test
    void aSelectedRemovedRowWhoseDeviceComesBackStaysSelected() throws IOException {
        rescan(viewModel(true));
        Path sdb2 = sys.root().resolve("block/sdb/sdb2");
        Path saved = Files.createTempDirectory("saved").resolve("sdb2");
        copyTree(sdb2, saved);
        DeviceRow removed = row("sdb2");
        deleteTree(sdb2);
        rescan(tree);
        assertThat(removed.removedProperty().get()).isTrue();
        tree.selectedProperty().set(removed);

        copyTree(saved, sdb2);
        rescan(tree);

        DeviceRow back = row("sdb2");
        assertThat(back).isNotSameAs(removed);
        assertThat(back.removedProperty().get()).isFalse();
        assertThat(tree.selectedProperty().get()).isSameAs(back);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(from.relativize(f).toString()));
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    @Test
    void aPartitionThatVanishesIsGreyedUnderItsDisk() throws IOException {
        rescan(viewModel(true));
        DeviceRow sdb2 = row("sdb2");

        deleteTree(sys.root().resolve("block/sdb/sdb2"));
        rescan(tree);

        assertThat(names(row("sdb").children())).containsExactly("sdb1", "sdb2");
        assertThat(sdb2.removedProperty().get()).isTrue();
        assertThat(row("sdb1").removedProperty().get()).isFalse();
        tree.dropRemoved(System.nanoTime() + DeviceTreeModel.REMOVED_SHOWN);
        assertThat(names(row("sdb").children())).containsExactly("sdb1");
    }

    @Test
    void selectionOfAnotherDiskSurvivesAnUnplug() throws IOException {
        rescan(viewModel(true));
        DeviceRow sdb1 = row("sdb1");
        tree.selectedProperty().set(sdb1);

        unplug("sdc");
        rescan(tree);

        assertThat(tree.selectedProperty().get()).isSameAs(sdb1);
    }

    @Test
    void selectedRowFillsTheDetailsWithItsFactSheet() throws IOException {
        DeviceInventory inv = rescan(viewModel(true));

        tree.selectedProperty().set(row("sdb1"));

        assertThat(tree.details()).startsWith(sheet(inv, "sdb1"));
        tree.selectedProperty().set(null);
        assertThat(tree.details()).isEmpty();
    }

    @Test
    void detailsFollowTheSelectedRowThroughARescan() throws IOException {
        rescan(viewModel(true));
        tree.selectedProperty().set(row("sdb1"));
        signatures.put("/dev/sdb1", found(new Signature("ext4", "filesystem", "data", "")));

        DeviceInventory inv = rescan(tree);

        assertThat(tree.details()).startsWith(sheet(inv, "sdb1")).contains(new FactSheet.Fact("contents", "ext4 \"data\""));
    }

    @Test
    void detailsStopFollowingARowThatIsNoLongerSelected() throws IOException {
        rescan(viewModel(true));
        tree.selectedProperty().set(row("sdb1"));
        tree.selectedProperty().set(row("sdc"));
        signatures.put("/dev/sdb1", found(new Signature("ext4", "filesystem", "data", "")));

        DeviceInventory inv = rescan(tree);

        assertThat(tree.details()).startsWith(sheet(inv, "sdc"));
    }

    @Test
    void detailsOfADiskShowWhatItsDriveSaysOnceTheBackgroundHasAskedIt() throws IOException {
        DriveFacts drive = TestDrives.withSmart(TestDrives.nvme(Optional.of(Duration.ofMinutes(2)), TestDrives.ZEROES,
                FirmwareMethod.NVME_FORMAT_USER_DATA));
        opener = new RecordingOpener(new LinuxTargets(sys.root())).drive("/dev/sdb", DeviceNumber.parse("8:16"), drive);
        DeviceInventory inv = rescan(viewModel(true));
        background.hold();

        tree.selectedProperty().set(row("sdb"));

        assertThat(tree.details()).startsWith(sheet(inv, "sdb")).endsWith(new FactSheet.Fact("drive commands",
                DeviceTreeModel.ASKING));
        background.release();
        assertThat(tree.details()).startsWith(sheet(inv, "sdb")).endsWith(drive.facts().toArray(FactSheet.Fact[]::new))
                .contains(new FactSheet.Fact("  nvme-format-user-data", "offered (offered by the test drive); reads as"
                        + " 0x00 afterwards; the drive estimates 2 m 0 s"));
    }

    @Test
    void aDriveIsAskedOnceUntilARescanShowsTheDiskChanged() throws IOException {
        DriveFacts drive = TestDrives.withSmart(TestDrives.nvme(Optional.empty(), TestDrives.ZEROES,
                FirmwareMethod.NVME_FORMAT_USER_DATA));
        opener = new RecordingOpener(new LinuxTargets(sys.root())).drive("/dev/sdb", DeviceNumber.parse("8:16"), drive);
        rescan(viewModel(true));
        for (String name : List.of("sdb", "sdc", "sdb", "sdb1", "sdb")) {
            tree.selectedProperty().set(row(name));
        }
        rescan(tree);
        tree.selectedProperty().set(row("sdc"));
        tree.selectedProperty().set(row("sdb"));
        assertThat(opener.drivesAsked()).as("asked once, whatever was selected").containsExactly("/dev/sdb");

        Files.writeString(sys.root().resolve("block/sdb/diskseq"), "42\n");
        rescan(tree);
        tree.selectedProperty().set(row("sdb"));

        assertThat(opener.drivesAsked()).as("a new disk sequence number is another disk").hasSize(2);
        assertThat(tree.details()).contains(new FactSheet.Fact("disk sequence", "42"));
    }

    @Test
    void aPartitionSaysThatItsDriveErasesOnlyAsAWhole() throws IOException {
        rescan(viewModel(true));

        tree.selectedProperty().set(row("sdb2"));

        assertThat(tree.details()).last().isEqualTo(new FactSheet.Fact("firmware erase",
                "a drive erases itself only as a whole: select sdb to see what its drive offers"));
    }

    @Test
    void checkedCountFollowsTheCheckBoxes() throws IOException {
        usage = mounted("8:32", "/mnt/usb");
        rescan(viewModel(true));

        row("sdb1").checkedProperty().set(true);
        row("sdb").checkedProperty().set(true);
        assertThat(tree.checkedCountProperty().get()).isEqualTo(2);

        row("sdc").checkedProperty().set(true);
        assertThat(tree.checkedCountProperty().get()).as("sdc is mounted: its check is refused").isEqualTo(2);

        row("sdb1").checkedProperty().set(false);
        assertThat(tree.checkedCountProperty().get()).isEqualTo(1);
    }

    /**
     * Wipe… follows the verdicts, not only the clicks: a selected disk that a rescan frees (it was
     * mounted) enables it, and one that a rescan blocks disables it, without selecting again.
     */
    @Test
    void wipeTargetsFollowTheSelectedRowsVerdictAcrossRescans() throws IOException {
        usage = mounted("8:32", "/mnt/usb");
        rescan(viewModel(true));
        tree.selectedProperty().set(row("sdc"));
        assertThat(tree.wipeTargetsProperty().get()).isFalse();

        usage = NOTHING_IN_USE;
        rescan(tree);
        assertThat(tree.wipeTargetsProperty().get()).isTrue();

        usage = mounted("8:32", "/mnt/usb");
        rescan(tree);
        assertThat(tree.wipeTargetsProperty().get()).isFalse();
    }

    @Test
    void checkedRowThatARescanBlocksIsNoLongerCounted() throws IOException {
        rescan(viewModel(true));
        row("sdc").checkedProperty().set(true);

        usage = mounted("8:32", "/mnt/usb");
        rescan(tree);

        assertThat(row("sdc").checkedProperty().get()).isFalse();
        assertThat(tree.checkedCountProperty().get()).isZero();
    }

    /** An image file with a journal is offered for resuming as soon as it is added, not at the next refresh. */
    @Test
    void anAddedImageWithAnInterruptedWipeSaysSoAtOnce() throws Exception {
        rescan(viewModel(true));
        Path file = image("disk.img");
        DeviceRow probe = tree.addImageFile(file.toString()).join();
        assertThat(probe.interruptedProperty().get()).isNull();
        WipePlan plan = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()), Keystreams.JCE)
                .plan(new MemoryTarget(1 << 20).info());
        JournalFixtures.killedFileWipe(settings(), probe.facts().identity(), file.toString(), plan, BOOT_ID);

        rescan(viewModel(true));
        DeviceRow image = tree.addImageFile(file.toString()).join();

        assertThat(image.interruptedProperty().get()).isNotNull();
        assertThat(image.jobProperty().get()).isEqualTo("interrupted: resumable");
    }

    /**
     * The journals are read in the background, and the reads of two rescans may end in either
     * order: the answer of the older one, ending last, is dropped, since it may name a journal
     * that is gone by now (here: the later read finds none).
     */
    @Test
    void anOlderAnswerAboutInterruptedWipesThatEndsLastIsDropped() throws Exception {
        Certifier papers = new Certifier(settings(), new HostInfo("test-host", "", "", "", "", "", BOOT_ID), BuildInfo.current());
        Deque<InterruptedWipes> answers = new ArrayDeque<>();
        tree = new DeviceTreeModel(services(true), dialogs, () -> answers.isEmpty() ? papers.journals() : answers.poll().journals());
        rescan(tree);
        Path file = image("disk.img");
        DeviceRow image = tree.addImageFile(file.toString()).join();
        WipePlan plan = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()), Keystreams.JCE)
                .plan(new MemoryTarget(1 << 20).info());
        JournalFixtures.killedFileWipe(settings(), image.facts().identity(), file.toString(), plan, BOOT_ID);
        background.hold();
        rescan(tree);
        rescan(tree);
        answers.add(List::of);
        answers.add(papers::journals);

        background.releaseLatestFirst();

        assertThat(image.interruptedProperty().get()).isNull();
        assertThat(image.jobProperty().get()).isEqualTo("idle");
    }

    /** A wipe killed between its last pass and its certificate is offered for the read-back and certificate alone. */
    @Test
    void anImageWrittenButNotCertifiedSaysSo() throws Exception {
        rescan(viewModel(true));
        Path file = image("done.img");
        DeviceRow probe = tree.addImageFile(file.toString()).join();
        WipePlan plan = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()), Keystreams.JCE)
                .plan(new MemoryTarget(1 << 20).info());
        JournalFixtures.uncertifiedFileWipe(settings(), probe.facts().identity(), file.toString(), plan, BOOT_ID);

        rescan(viewModel(true));
        DeviceRow image = tree.addImageFile(file.toString()).join();

        assertThat(image.jobProperty().get()).isEqualTo("written, not certified: resumable");
        assertThat(image.interruptedProperty().get().describe()).contains("the read-back and the certificate left");
    }

    @Test
    void anImageFileIsProbedInTheBackgroundAndAFailureSaysWhy() throws IOException {
        rescan(viewModel(true));
        background.hold();

        CompletableFuture<DeviceRow> added = tree.addImageFile(image("disk.img").toString());
        CompletableFuture<DeviceRow> missing = tree.addImageFile(tmp.resolve("missing.img").toString());

        assertThat(tree.readingFactsProperty().get()).isTrue();
        assertThat(names(tree.rows())).containsExactly("sdb", "sdc");
        background.release();
        assertThat(names(tree.rows())).containsExactly("sdb", "sdc", "disk.img");
        assertThat(added.join().facts().kind()).isEqualTo("Image");
        assertThat(missing).isCompletedExceptionally();
        assertThat(tree.readingFactsProperty().get()).isFalse();
    }

    @Test
    void nothingCheckedAndNothingSelectedIsNothingToWipe() throws IOException {
        rescan(viewModel(true));

        assertThat(tree.hasWipeTargets()).isFalse();
    }

    @Test
    void selectedRowThatIsBlockedIsNothingToWipe() throws IOException {
        usage = mounted("8:32", "/mnt/usb");
        rescan(viewModel(true));

        tree.selectedProperty().set(row("sdc"));

        assertThat(tree.hasWipeTargets()).isFalse();
    }

    @Test
    void imageFileIsATopLevelImageRowThatSurvivesRescans() throws IOException {
        rescan(viewModel(true));
        Path file = image("disk.img");

        DeviceRow image = tree.addImageFile(file.toString()).join();
        image.checkedProperty().set(true);
        sys.disk(FakeSysfs.sata(3, "sdd"), "8:48");
        rescan(tree);

        assertThat(names(tree.rows())).containsExactly("sdb", "sdc", "sdd", "disk.img");
        assertThat(tree.rows().get(3)).isSameAs(image);
        assertThat(image.facts().kind()).isEqualTo("Image");
        assertThat(image.facts().path()).isEqualTo(file.toString());
        assertThat(image.key()).startsWith("file:");
        assertThat(image.checkedProperty().get()).isTrue();
        assertThat(tree.checkedCountProperty().get()).isEqualTo(1);
    }

    @Test
    void addingTheSameImageAgainGivesTheSameRow() throws IOException {
        rescan(viewModel(true));
        String file = image("disk.img").toString();

        DeviceRow first = tree.addImageFile(file).join();
        DeviceRow second = tree.addImageFile(file).join();

        assertThat(second).isSameAs(first);
        assertThat(names(tree.rows())).containsExactly("sdb", "sdc", "disk.img");
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

        DeviceRow first = tree.addImageFile(file.toString()).join();
        DeviceRow second = tree.addImageFile(link.toString()).join();

        assertThat(second).isSameAs(first);
        assertThat(tree.rows()).hasSize(3);
    }

    @Test
    void imageThatComesToBackALoopDeviceIsBlockedAtTheNextScan() throws IOException {
        rescan(viewModel(true));
        Path file = image("disk.img");
        DeviceRow image = tree.addImageFile(file.toString()).join();
        image.checkedProperty().set(true);
        tree.selectedProperty().set(image);

        sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile(file.toRealPath().toString());
        rescan(tree);

        assertThat(image.checkableProperty().get()).isFalse();
        assertThat(image.checkedProperty().get()).isFalse();
        assertThat(image.whyNotProperty().get()).contains("backs /dev/loop0");
        assertThat(tree.details()).filteredOn(f -> f.key().equals("verdict")).singleElement()
                .extracting(FactSheet.Fact::value).asString().startsWith("BLOCKED: in use by a loop device: backs /dev/loop0");
    }

    @Test
    void imageAddedBeforeTheFirstScanAsksForConfirmationUntilTheScanJudgesIt() throws IOException {
        DeviceRow image = viewModel(true).addImageFile(image("disk.img").toString()).join();
        assertThat(image.facts().verdict().level()).isEqualTo("CONFIRM");

        rescan(tree);

        assertThat(image.facts().verdict().level()).isEqualTo("WIPEABLE");
    }

    @Test
    void anImageFileThatCannotBeReadIsOneErrorNamingIt() throws IOException {
        rescan(viewModel(true));
        dialogs.choose(tmp.resolve("gone.img"));

        tree.addImage();

        assertThat(dialogs.errors()).singleElement().asString().startsWith("Cannot add gone.img: ").contains("no such file");
        assertThat(names(tree.rows())).containsExactly("sdb", "sdc");
    }

    @Test
    void addImageAddsTheChosenFile() throws IOException {
        rescan(viewModel(true));
        dialogs.choose(image("disk.img"));

        tree.addImage();

        assertThat(names(tree.rows())).containsExactly("sdb", "sdc", "disk.img");
        assertThat(dialogs.errors()).isEmpty();
    }

    @Test
    void unreadableMountTableIsShownAsAScanProblemUntilItCanBeReadAgain() throws IOException {
        usage = UsageFacts.unreadable("cannot read /proc/self/mountinfo");
        rescan(viewModel(true));

        assertThat(tree.scanProblemProperty().get()).isEqualTo("every device is blocked: cannot read /proc/self/mountinfo");
        assertThat(row("sdc").checkableProperty().get()).isFalse();

        usage = NOTHING_IN_USE;
        rescan(tree);

        assertThat(tree.scanProblemProperty().get()).isEmpty();
        assertThat(row("sdc").checkableProperty().get()).isTrue();
    }

    /** The fact sheet of {@code name}, which Details starts with. */
    private static FactSheet.Fact[] sheet(DeviceInventory inv, String name) {
        return FactSheet.of(inv, inv.byName(name).orElseThrow()).toArray(FactSheet.Fact[]::new);
    }

    private DeviceTreeModel viewModel(boolean root) {
        Settings settings = settings();
        tree = new DeviceTreeModel(services(root), dialogs, () -> new Certifier(settings, new HostInfo("test-host", "", "", "", "", "",
                BOOT_ID), BuildInfo.current()).journals());
        return tree;
    }
}
