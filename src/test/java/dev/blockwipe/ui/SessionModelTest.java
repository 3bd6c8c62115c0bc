package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.DeviceEvents;
import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.devices.TestDisks.TestDisk;
import dev.blockwipe.devices.TestDisks;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.linux.LiveNetwork;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import dev.blockwipe.report.StorageProbe;
import dev.blockwipe.testing.MemoryTarget;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.ui.jobs.JobViewModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session: the settings and the operator, test disks, notices, and the benchmark gate. */
class SessionModelTest {
    @TempDir
    Path tmp;
    private final FakeDialogs dialogs = new FakeDialogs();
    private final AtomicInteger refreshes = new AtomicInteger();
    private StorageProbe storage = StorageProbe.NONE;
    private LiveNetwork network = new LiveNetwork(Path.of("/nonexistent/blockwipe-net"));

    /** Off the boot stick there is no switch; on it, the window asks it at start and says what it answers. */
    @Test
    void theBootSticksNetworkIsOffUntilTurnedOnAndAFailedSwitchLeavesItOff() throws IOException {
        assertThat(session(true).hasNetworkSwitch()).isFalse();
        Path script = tmp.resolve("blockwipe-net");
        Files.writeString(script, """
                #!/bin/sh
                case $1 in
                  up) [ -e "%1$s/key" ] || { echo "no key in ssh/authorized_keys on the stick: network left off"; exit 1; }
                      touch "%1$s/on"; echo "network on: eth0 10.0.2.15" ;;
                  down) rm -f "%1$s/on"; echo "network off" ;;
                  status) [ -e "%1$s/on" ] || { echo off; exit 3; }; echo on ;;
                esac
                """.formatted(tmp));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        network = new LiveNetwork(script);
        SessionModel session = session(true);
        assertThat(session.hasNetworkSwitch()).isTrue();
        assertThat(session.networkOnProperty().get()).isFalse();

        session.network(true);
        assertThat(session.networkOnProperty().get()).isFalse();
        assertThat(session.noticeProperty().get()).isEqualTo(new Notice("Cannot turn the network on",
                "no key in ssh/authorized_keys on the stick: network left off", false));

        Files.writeString(tmp.resolve("key"), "ssh-ed25519 AAAA technician");
        session.network(true);
        assertThat(session.networkOnProperty().get()).isTrue();
        assertThat(session.noticeProperty().get()).isEqualTo(new Notice("Network on", "network on: eth0 10.0.2.15", true));
        assertThat(session(true).networkOnProperty().get()).as("a new window asks the switch").isTrue();

        session.network(false);
        assertThat(session.networkOnProperty().get()).isFalse();
        assertThat(session.networkBusyProperty().get()).isFalse();
    }

    /** Booted from a CD, the boot stick keeps its reports folder in memory: the window says so before any wipe. */
    @Test
    void aReportsFolderInMemoryIsToldAtOnceAndForAsLongAsItIs() {
        storage = dir -> dir.equals(tmp.resolve("reports")) ? Optional.of("an overlay whose writable layer is on tmpfs")
                : Optional.empty();
        SessionModel session = session(true);

        assertThat(session.inMemoryProperty().get()).startsWith("Certificates go to " + tmp.resolve("reports"))
                .contains("which is in memory (an overlay whose writable layer is on tmpfs)", "lost at power-off");

        dialogs.settingsAnswer(session.settingsProperty().get().withReportDir(tmp.resolve("stick/reports")));
        session.editSettings();
        assertThat(session.inMemoryProperty().get()).as("certificates kept on a stick from now on").isEmpty();
    }

    @Test
    void createTestDiskAsksFirstAndNoMakesNothing() {
        SessionModel session = session(true);
        dialogs.answer(false, true);

        session.requestTestDisk();
        assertThat(session.noticeProperty().get()).isNull();

        session.requestTestDisk();
        assertThat(dialogs.asked()).containsExactly("Create a test disk?", "Create a test disk?");
        assertThat(session.noticeProperty().get().title()).as("these tests have no test-disk maker")
                .isEqualTo("Cannot make a test disk");
        assertThat(refreshes).hasValue(0);
    }

    @Test
    void withoutRootATestDiskIsRefusedWithTheReason() {
        SessionModel session = session(false);
        dialogs.answer(true);

        session.requestTestDisk();

        assertThat(session.noticeProperty().get().text()).isEqualTo("Test disks are loop devices: that needs root.");
    }

    @Test
    void aTestDiskMadeInTheSessionIsRemovedOnQuitWhenTheUserSaysSo() {
        TestDisk made = new TestDisk("/dev/loop7", tmp.resolve("disk.img"));
        List<TestDisk> removed = new ArrayList<>();
        SessionModel session = session(true, new TestDisks() {
            @Override
            public List<String> missingTools() {
                return List.of();
            }

            @Override
            public TestDisk create() {
                return made;
            }

            @Override
            public void remove(TestDisk disk) {
                removed.add(disk);
            }
        });
        dialogs.answer(true, true);

        session.requestTestDisk();
        assertThat(session.noticeProperty().get().title()).isEqualTo("Test disk ready: /dev/loop7");
        assertThat(refreshes).as("the tree is scanned again to show it").hasValue(1);

        session.offerToRemoveTestDisks();
        assertThat(dialogs.asked()).containsExactly("Create a test disk?", "Remove the test disks made in this session?");
        assertThat(removed).containsExactly(made);
        assertThat(session.testDisks()).isEmpty();
    }

    @Test
    void aMachineWithoutTheToolsMakesNoTestDiskAndNamesWhatIsMissing() {
        SessionModel session = session(true, new TestDisks() {
            @Override
            public List<String> missingTools() {
                return List.of("sfdisk", "mkfs.vfat");
            }

            @Override
            public TestDisk create() {
                throw new AssertionError("made a test disk without its tools");
            }

            @Override
            public void remove(TestDisk disk) {
                throw new AssertionError("removed a test disk never made");
            }
        });
        dialogs.answer(true);

        session.requestTestDisk();

        assertThat(session.noticeProperty().get().text()).isEqualTo("Missing tools: sfdisk, mkfs.vfat");
        assertThat(session.testDisks()).isEmpty();
    }

    @Test
    void theOperatorNamedInADialogIsRememberedForTheNextWipe() throws Exception {
        SessionModel session = session(true);

        session.useOperator(new Operator("Grace Hopper", "Lab"));

        assertThat(session.settingsProperty().get().operator().name()).isEqualTo("Grace Hopper");
        assertThat(session.noticeProperty().get()).isNull();
        assertThat(Files.readString(tmp.resolve("config").resolve(Settings.FILE))).contains("Grace Hopper");
    }

    /**
     * The window has no exit code: settings that the commands refuse with exit 12 are shown when it
     * starts, and it goes on with the defaults (an undecodable file made it start with them silently).
     */
    @Test
    void settingsThatCannotBeUsedAreShownWhenTheWindowStarts() throws Exception {
        Path config = Files.createDirectories(tmp.resolve("xdg-config/blockwipe"));
        Path file = Files.write(config.resolve(Settings.FILE), new byte[] {'o', 'p', (byte) 0xff});
        Map<String, String> env = Map.of("XDG_CONFIG_HOME", tmp.resolve("xdg-config").toString());

        Startup.UserSettings loaded = Startup.userSettings(env, tmp.toString(), Sh.uid());
        session(true).settingsUnusable(loaded.unusable());

        assertThat(loaded.settings()).isEqualTo(Settings.defaults(env, tmp.toString(), Sh.uid(), null));
        assertThat(dialogs.errors()).singleElement().asString().startsWith("The settings cannot be used: " + file
                + " is not valid UTF-8 text (byte 0xff at offset 2)").contains("uses the default settings");
    }

    /** What the window remembers is saved with the rest of the settings, but never over a settings file that could not be read. */
    @Test
    void theWindowsChoicesAreSavedButNeverOverSettingsThatCannotBeUsed() throws Exception {
        SessionModel session = session(true);
        session.remember("tree.hideLoop", "true");

        assertThat(session.settingsProperty().get().windowLayout()).containsEntry("tree.hideLoop", "true");
        assertThat(Files.readString(tmp.resolve("config").resolve(Settings.FILE))).contains("window.tree.hideLoop=true");

        byte[] broken = {'o', 'p', (byte) 0xff};
        Files.write(tmp.resolve("config").resolve(Settings.FILE), broken);
        SessionModel unusable = session(true);
        unusable.settingsUnusable("not valid UTF-8 text");
        unusable.remember("tree.hideBlocked", "true");

        assertThat(Files.readAllBytes(tmp.resolve("config").resolve(Settings.FILE))).isEqualTo(broken);
    }

    @Test
    void usableSettingsAreUsedAndNothingIsSaid() throws Exception {
        Path config = Files.createDirectories(tmp.resolve("xdg-config/blockwipe"));
        Files.writeString(config.resolve(Settings.FILE), "operator=Ada\n");

        Startup.UserSettings loaded = Startup.userSettings(
                Map.of("XDG_CONFIG_HOME", tmp.resolve("xdg-config").toString()), tmp.toString(), Sh.uid());

        assertThat(loaded.unusable()).isNull();
        assertThat(loaded.settings().operator().name()).isEqualTo("Ada");
    }

    @Test
    void nothingSelectedIsNothingToMeasure() {
        assertThat(session(true).benchmarkUnavailable(null)).hasValue("Select a device to measure.");
    }

    @Test
    void quittingWithoutTestDisksAsksNothing() {
        session(true).offerToRemoveTestDisks();

        assertThat(dialogs.asked()).isEmpty();
    }

    @Test
    void longNoticesAreBrokenIntoLinesOfAboutSeventyCharacters() {
        String text = "word ".repeat(40).trim();

        assertThat(SessionModel.wrap(text).split("\n")).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(70))
                .hasSizeGreaterThan(1);
        assertThat(SessionModel.wrap(text).replace('\n', ' ')).isEqualTo(text);
    }

    @Test
    void oneEndedJobIsToldWithItsSummary() {
        SessionModel session = session(true);

        session.jobsEnded(List.of(failed("loop3", "/dev/loop3 is mounted at /mnt")));

        assertThat(session.noticeProperty().get())
                .isEqualTo(new Notice("loop3: failed ✗", "/dev/loop3 is mounted at /mnt", false));
    }

    /**
     * Jobs ending together get one notification: counts by state in the title, a line per job (at
     * most eight), those not erased first, then by name.
     */
    @Test
    void jobsEndedTogetherAreToldInOneNotice() {
        SessionModel session = session(true);
        List<JobViewModel> ended = new ArrayList<>();
        for (int n = 9; n >= 1; n--) {
            ended.add(erased("loop" + n));
        }
        ended.add(cancelled("loop0"));
        ended.add(failed("loop10", "refused"));

        session.jobsEnded(ended);

        Notice notice = session.noticeProperty().get();
        assertThat(notice.title()).isEqualTo("11 jobs ended: 9 erased ✓, 1 failed ✗, 1 cancelled");
        assertThat(notice.text().split("\n")).containsExactly("loop0: cancelled", "loop10: failed ✗", "loop1: erased ✓",
                "loop2: erased ✓", "loop3: erased ✓", "loop4: erased ✓", "loop5: erased ✓", "loop6: erased ✓",
                "and 3 more (see the job cards)");
        assertThat(notice.good()).isFalse();
        session.jobsEnded(List.of(erased("loop1"), erased("loop2")));
        assertThat(session.noticeProperty().get().good()).as("all erased").isTrue();
    }

    /** A job that wiped a small memory target with zeroes and read it back. */
    private static JobViewModel erased(String name) {
        JobViewModel job = job(name);
        try {
            new WipeJob(job.request(), Keystreams.JCE).run(new MemoryTarget(1 << 20), job, new CancelToken());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        job.drain();
        return job;
    }

    private static JobViewModel failed(String name, String why) {
        JobViewModel job = job(name);
        job.refused(why);
        return job;
    }

    private static JobViewModel cancelled(String name) {
        JobViewModel job = job(name);
        job.cancelledBeforeStart();
        return job;
    }

    private static JobViewModel job(String name) {
        return new JobViewModel("/dev/" + name, name, "Loop · 256 MiB", WipeRequest.of(WipeMethods.byName("zero").orElseThrow()),
                Set.of("disk " + name), System::nanoTime, false);
    }

    private SessionModel session(boolean root) {
        return session(root, null);
    }

    private SessionModel session(boolean root, TestDisks testDisks) {
        Settings settings = new Settings(tmp.resolve("config"), tmp.resolve("reports"), tmp.resolve("journals"),
                Operator.UNNAMED, Sh.uid());
        return new SessionModel(new Services(null, () -> "", DeviceEvents.NONE, null, root, testDisks, Keystreams.JCE,
                new BufferPool(BufferPool.SINGLE_JOB_BUDGET), () -> { }, settings,
                new HostInfo("test-host", "", "", "", "", "", "boot"), storage, network, Runnable::run, Runnable::run, null),
                dialogs,
                refreshes::incrementAndGet);
    }
}
