package dev.blockwipe.ui;

import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.TestDisks;
import dev.blockwipe.linux.Programs;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import dev.blockwipe.ui.bench.BenchViewModel;
import dev.blockwipe.ui.certificates.CertificateViewModel;
import dev.blockwipe.ui.certificates.ReportsViewModel;
import dev.blockwipe.ui.jobs.JobState;
import dev.blockwipe.ui.jobs.JobViewModel;
import dev.blockwipe.ui.tree.DeviceRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * What belongs to this run of the window rather than to a device or a job: the settings (the
 * operator, where the papers go) and the certifier made from them, the test disks made in this
 * session, the notices, and whether Benchmark… may measure a row. FX thread only.
 */
public final class SessionModel {
    /** Jobs a notification about several names one line each; the cards say the rest. */
    static final int NOTICE_JOB_LINES = 8;

    private final Services services;
    private final DialogService dialogs;
    private final Runnable devicesChanged;
    private final List<TestDisks.TestDisk> testDisks = new ArrayList<>();
    private volatile Certifier certifier;
    /** The user's settings file could not be used: what the window remembers is not written over it. */
    private boolean keepOnlyForThisSession;

    // ---- Properties

    private final ReadOnlyObjectWrapper<Settings> settings = new ReadOnlyObjectWrapper<>();

    public ReadOnlyObjectProperty<Settings> settingsProperty() {
        return settings.getReadOnlyProperty();
    }

    private final ReadOnlyBooleanWrapper busyMakingTestDisk = new ReadOnlyBooleanWrapper();

    public ReadOnlyBooleanProperty busyMakingTestDiskProperty() {
        return busyMakingTestDisk.getReadOnlyProperty();
    }

    private final ReadOnlyStringWrapper inMemory = new ReadOnlyStringWrapper("");

    /**
     * That certificates would be lost at power-off, their folder being in memory (the boot stick
     * started from a CD), as a sentence; empty when they are kept. Told before the first wipe, for as long as it holds.
     */
    public ReadOnlyStringProperty inMemoryProperty() {
        return inMemory.getReadOnlyProperty();
    }

    private final ReadOnlyBooleanWrapper networkOn = new ReadOnlyBooleanWrapper();

    /** The boot stick's network is on (as its switch last said). */
    public ReadOnlyBooleanProperty networkOnProperty() {
        return networkOn.getReadOnlyProperty();
    }

    private final ReadOnlyBooleanWrapper networkBusy = new ReadOnlyBooleanWrapper();

    /** The switch is turning the network on or off (DHCP may take a while). */
    public ReadOnlyBooleanProperty networkBusyProperty() {
        return networkBusy.getReadOnlyProperty();
    }

    private final ReadOnlyObjectWrapper<Notice> notice = new ReadOnlyObjectWrapper<>();

    /** The latest notification: a job ended, a test disk is ready, something could not be done. */
    public ReadOnlyObjectProperty<Notice> noticeProperty() {
        return notice.getReadOnlyProperty();
    }

    /**
     * @param devicesChanged asks the device tree to look again (a test disk was made)
     */
    public SessionModel(Services services, DialogService dialogs, Runnable devicesChanged) {
        this.services = services;
        this.dialogs = dialogs;
        this.devicesChanged = devicesChanged;
        this.settings.set(services.settings());
        this.certifier = new Certifier(services.settings(), services.host(), BuildInfo.current(), services.storage());
        checkStorage();
        if (hasNetworkSwitch()) {
            switchNetwork("status", null);
        }
    }

    /** Running from the boot stick, whose network the window turns on and off. */
    public boolean hasNetworkSwitch() {
        return services.network().available();
    }

    /** Turns the boot stick's network on or off, off the FX thread; the notice says what the switch said. */
    public void network(boolean on) {
        switchNetwork(on ? "up" : "down", on);
    }

    private void switchNetwork(String action, Boolean wanted) {
        networkBusy.set(true);
        CompletableFuture.supplyAsync(() -> {
            try {
                return services.network().run(action);
            } catch (IOException e) {
                return new Programs.Outcome(-1, e.getMessage());
            }
        }, services.background()).thenAcceptAsync(done -> {
            networkBusy.set(false);
            if (wanted == null) {
                networkOn.set(done.exit() == 0);
            } else if (done.exit() == 0) {
                networkOn.set(wanted);
                notice.set(new Notice(wanted ? "Network on" : "Network off", done.output(), true));
            } else {
                notice.set(new Notice(wanted ? "Cannot turn the network on" : "Cannot turn the network off",
                        done.output().isEmpty() ? "The switch ended with status " + done.exit() + "." : done.output(), false));
            }
        }, services.fx());
    }

    /** Looks again at where the certificates go, off the FX thread (it reads the mount table). */
    void checkStorage() {
        Certifier now = certifier;
        CompletableFuture.supplyAsync(() -> now.inMemory().map(why -> "C" + why.substring(1) + ".").orElse(""),
                        services.background())
                .thenAcceptAsync(inMemory::set, services.fx());
    }

    /** Signs the certificates and keeps the journals, for the settings of the moment. Any thread. */
    Certifier certifier() {
        return certifier;
    }

    // ---- Commands

    /**
     * The user's settings could not be used when the window started ({@code why} names the file and
     * what is wrong): says so, and which settings this session uses instead.
     */
    public void settingsUnusable(String why) {
        keepOnlyForThisSession = true;
        dialogs.error("The settings cannot be used", why + "\n\nUntil that is fixed, this window uses the default"
                + " settings: certificates go to " + settings.get().reportDir() + ".");
    }

    /** Settings…: the edited settings are saved and used from the next job on; a failed save says why. */
    public void editSettings() {
        dialogs.editSettings(settings.get()).ifPresent(changed -> {
            try {
                changed.save();
            } catch (IOException e) {
                dialogs.error("Cannot save the settings", e.getMessage());
                return;
            }
            use(changed);
        });
    }

    /**
     * The operator named in the wipe dialog signs this wipe's certificates and is remembered for
     * the next; when the settings cannot be saved, the notice says so and this session still uses it.
     */
    void useOperator(Operator named) {
        if (named.equals(settings.get().operator())) {
            return;
        }
        Settings changed = settings.get().withOperator(named);
        try {
            changed.save();
        } catch (IOException e) {
            notice.set(new Notice("The operator is not remembered", "Cannot save the settings: " + e.getMessage()
                    + ". This session's certificates name " + named.name() + ".", false));
        }
        use(changed);
    }

    /**
     * What the window remembers for the next start ({@code key} under {@code window.} in the config
     * file, the file's other keys kept); saved at once, as the operator is. Unsaved, a notice says
     * why; while the user's settings file cannot be used, it is not touched for a toggle's sake.
     */
    public void remember(String key, String value) {
        if (keepOnlyForThisSession) {
            return;
        }
        try {
            settings.get().saveWindowLayout(Map.of(key, value));
        } catch (IOException e) {
            notice.set(new Notice("The window's settings are not remembered", "Cannot save the settings: "
                    + e.getMessage(), false));
        }
    }

    private void use(Settings changed) {
        settings.set(changed);
        certifier = certifier.withSettings(changed);
        checkStorage();
    }

    /**
     * Jobs ended: one notification says how. For one job, its summary; for several (a dozen disks
     * wiped together end within a second or two), how many ended in each state and a line per job,
     * those not erased first, so that the lines shown name them: a notification each stacked two
     * dozen windows over the screen, and showing them took half of the FX thread's second.
     */
    void jobsEnded(List<JobViewModel> ended) {
        if (ended.size() == 1) {
            JobViewModel job = ended.get(0);
            JobState s = job.stateProperty().get();
            notice.set(new Notice(job.name() + ": " + s.label(), wrap(job.messageProperty().get()), s == JobState.ERASED));
            return;
        }
        Map<JobState, Long> counts = ended.stream().collect(Collectors.groupingBy(j -> j.stateProperty().get(),
                () -> new EnumMap<>(JobState.class), Collectors.counting()));
        String title = ended.size() + " jobs ended: " + counts.entrySet().stream()
                .map(e -> e.getValue() + " " + e.getKey().label()).collect(Collectors.joining(", "));
        List<String> lines = ended.stream()
                .sorted(Comparator.comparing((JobViewModel j) -> j.stateProperty().get() == JobState.ERASED)
                        .thenComparing(JobViewModel::name))
                .limit(NOTICE_JOB_LINES)
                .map(j -> j.name() + ": " + j.stateProperty().get().label()).collect(Collectors.toCollection(ArrayList::new));
        if (ended.size() > NOTICE_JOB_LINES) {
            lines.add("and " + (ended.size() - NOTICE_JOB_LINES) + " more (see the job cards)");
        }
        notice.set(new Notice(title, String.join("\n", lines), counts.keySet().equals(Set.of(JobState.ERASED))));
    }

    /** Notifications grow sideways with their text; break it into lines of about 70 characters. */
    static String wrap(String text) {
        StringBuilder out = new StringBuilder();
        int line = 0;
        for (String word : text.split(" ")) {
            if (line > 0 && line + word.length() > 70) {
                out.append('\n');
                line = 0;
            } else if (line > 0) {
                out.append(' ');
                line++;
            }
            out.append(word);
            line += word.length();
        }
        return out.toString();
    }

    /** Reports…: the certificates in the reports folder of the settings of the moment. */
    public ReportsViewModel reports() {
        return new ReportsViewModel(settings.get(), services.background(), services.fx());
    }

    /** The certificate whose signed JSON is {@code json}, checked against the key of the settings of the moment. */
    public CertificateViewModel certificate(Path json) {
        return new CertificateViewModel(json, settings.get(), services.background(), services.fx());
    }

    /** Create test disk…: says what it makes and asks first. */
    public void requestTestDisk() {
        if (dialogs.confirm("Create a test disk?", "Make a 256 MiB test disk: an image file in /var/tmp on a loop"
                + " device, with a GPT table, an ext4 partition holding some files and a vfat partition. Nothing else is"
                + " touched, and Blockwipe offers to remove it when you quit.")) {
            createTestDisk();
        }
    }

    /** Makes a test disk in the background; the device watcher shows it when it is ready. */
    private void createTestDisk() {
        TestDisks maker = services.testDisks();
        List<String> missing = maker == null ? List.of() : maker.missingTools();
        if (!services.root() || maker == null || !missing.isEmpty()) {
            notice.set(new Notice("Cannot make a test disk", !services.root() ? "Test disks are loop devices: that needs root."
                    : "Missing tools: " + String.join(", ", missing), false));
            return;
        }
        busyMakingTestDisk.set(true);
        Background.call(services, maker::create).whenComplete((disk, error) -> {
            busyMakingTestDisk.set(false);
            if (error != null) {
                notice.set(new Notice("Cannot make a test disk", error.getMessage(), false));
                return;
            }
            testDisks.add(disk);
            notice.set(new Notice("Test disk ready: " + disk.device(), "GPT, ext4 \"lab-data\" with files, vfat \"LAB-EFI\".\n"
                    + "Blockwipe offers to remove it when you quit.", true));
            devicesChanged.run();
        });
    }

    public List<TestDisks.TestDisk> testDisks() {
        return List.copyOf(testDisks);
    }

    /**
     * On the way out: offers to remove the test disks of this session, removes them in the
     * background (losetup waits on the kernel) and says which could not be removed. Completes on
     * the FX thread once that is done, or at once when there is nothing to remove.
     */
    CompletableFuture<Void> offerToRemoveTestDisks() {
        if (testDisks.isEmpty() || !dialogs.confirm("Remove the test disks made in this session?", String.join("\n",
                testDisks.stream().map(d -> d.device() + " (" + d.image() + ")").toList()))) {
            return CompletableFuture.completedFuture(null);
        }
        List<TestDisks.TestDisk> removing = List.copyOf(testDisks);
        return Background.call(services, () -> remove(removing)).thenAccept(problems -> {
            testDisks.removeIf(d -> !problems.containsKey(d));
            if (!problems.isEmpty()) {
                dialogs.error("Some test disks could not be removed", String.join("\n", problems.values()));
            }
        });
    }

    /** Removes {@code disks}; why each that could not be removed was not. Blocks: background only. */
    private Map<TestDisks.TestDisk, String> remove(List<TestDisks.TestDisk> disks) {
        Map<TestDisks.TestDisk, String> problems = new LinkedHashMap<>();
        for (TestDisks.TestDisk d : disks) {
            try {
                services.testDisks().remove(d);
            } catch (IOException e) {
                problems.put(d, d.device() + ": " + e.getMessage());
            }
        }
        return problems;
    }

    /**
     * Why Benchmark… cannot measure {@code row} at all, before anything is asked: nothing selected,
     * or a device while not root (measuring reads the device itself).
     */
    public Optional<String> benchmarkUnavailable(DeviceRow row) {
        return row == null ? Optional.of("Select a device to measure.")
                : !row.mayWrite() ? Optional.of("Measuring " + row.facts().name() + " reads the device itself: that needs"
                + " root (start Blockwipe with sudo).")
                : Optional.empty();
    }

    /**
     * Why {@code row} cannot be benchmarked now, if it cannot: a wipe that runs on it or on its disk
     * ({@code runningOn}) would make both the figures and the wipe wrong.
     */
    Optional<String> benchmarkBlocker(DeviceRow row, Function<DeviceRow, Optional<JobViewModel>> runningOn) {
        return benchmarkUnavailable(row).or(() -> runningOn.apply(row).map(j -> "A wipe of " + j.name()
                + " is running on the same disk; measure " + row.facts().name() + " when it has ended."));
    }

    /** Benchmark…: the dialog for {@code row}, or why it cannot be measured now. */
    void openBenchmark(DeviceRow row, Function<DeviceRow, Optional<JobViewModel>> runningOn) {
        benchmarkBlocker(row, runningOn).ifPresentOrElse(why -> dialogs.error("Cannot measure now", why),
                () -> dialogs.showBenchmark(benchmark(row)));
    }

    /**
     * A benchmark of {@code row}, on the background executor; it may write only where a wipe would
     * (the row is checkable), and its figures go to the reports directory.
     */
    BenchViewModel benchmark(DeviceRow row) {
        return new BenchViewModel(row.facts(), row.checkableProperty().get() ? "" : row.whyNotProperty().get(),
                services.opener(), new Preflight(services.inventory()), r -> certifier.saveBenchmark(r), services.fx(),
                services.background());
    }
}
