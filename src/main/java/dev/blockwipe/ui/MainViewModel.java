package dev.blockwipe.ui;

import dev.blockwipe.devices.DeviceEvents;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceWatcher;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.SharedDevices;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.FaultPolicy;
import dev.blockwipe.engine.TargetIdentity;
import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.WipeRequest;
import dev.blockwipe.engine.WipeResult;
import dev.blockwipe.linux.TestDisks;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Journal;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ChangeListener;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The main window's state: the device tree (rows updated in place as the device watcher reports
 * changes), the selection and its details, image files and test disks, the jobs and the status
 * line. Never touches a control; everything it changes happens on the FX thread.
 */
public final class MainViewModel implements AutoCloseable {
    private final Services services;
    /** How long a vanished device's row stays, greyed, before it goes: 5 seconds. */
    static final long REMOVED_SHOWN = 5_000_000_000L;
    private final ThroughputEstimates estimates = new ThroughputEstimates();
    private final DeviceWatcher watcher;
    private final JobRunner runner;
    private final Map<String, DeviceRow> rowsByKey = new HashMap<>();
    private final Map<String, DeviceRow> images = new LinkedHashMap<>();
    /** The other identities of each image's data (its layer files, when it is on an overlay). */
    private final Map<String, List<FileKey>> imageAliases = new HashMap<>();
    private final ObservableList<DeviceRow> rows = FXCollections.observableArrayList();
    private final ObservableList<JobViewModel> jobs = FXCollections.observableArrayList();
    private final ObservableList<FactSheet.Fact> details = FXCollections.observableArrayList();
    // Read-only views made once: a view made per call would be garbage the moment a listener is
    // attached to it (it forwards changes through a weak listener) and its listeners would go quiet.
    private final ObservableList<DeviceRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final ObservableList<JobViewModel> jobsView = FXCollections.unmodifiableObservableList(jobs);
    private final ObservableList<FactSheet.Fact> detailsView = FXCollections.unmodifiableObservableList(details);
    private final List<TestDisks.TestDisk> testDisks = new ArrayList<>();
    private final ObjectProperty<DeviceRow> selected = new SimpleObjectProperty<>();
    private final ReadOnlyIntegerWrapper checkedCount = new ReadOnlyIntegerWrapper();
    private final ReadOnlyBooleanWrapper wipeTargets = new ReadOnlyBooleanWrapper();
    private DeviceEvents.Subscription events = () -> { };
    private final ReadOnlyIntegerWrapper active = new ReadOnlyIntegerWrapper();
    private final ReadOnlyDoubleWrapper totalRate = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("reading devices…");
    private final ReadOnlyStringWrapper scanProblem = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper busyMakingTestDisk = new ReadOnlyBooleanWrapper();
    private final ReadOnlyObjectWrapper<Notice> notice = new ReadOnlyObjectWrapper<>();
    private final ChangeListener<RowFacts> selectedFacts = (obs, was, now) -> details.setAll(now.details());
    private final ReadOnlyObjectWrapper<Settings> settings = new ReadOnlyObjectWrapper<>();
    private volatile Certifier certifier;
    private DeviceInventory inventory;

    public MainViewModel(Services services) {
        this.services = services;
        this.settings.set(services.settings());
        this.certifier = new Certifier(services.settings(), services.host(), BuildInfo.current());
        this.runner = new JobRunner(services.opener(), services.inventory(), services.keystreams(),
                () -> certifier, services.fx(), this::ended);
        this.watcher = new DeviceWatcher(services.inventory(), services.fingerprint(),
                (inv, changes) -> services.fx().execute(() -> applyInventory(inv)),
                e -> services.fx().execute(() -> scanProblem.set("cannot read the devices: " + e.getMessage())));
        selected.addListener((obs, was, now) -> {
            updateChecked();
            if (was != null) {
                was.factsProperty().removeListener(selectedFacts);
            }
            if (now == null) {
                details.clear();
            } else {
                now.factsProperty().addListener(selectedFacts);
                details.setAll(now.facts().details());
            }
        });
    }

    /** Starts watching the devices: a first scan now, then at each kernel device event and every two seconds. */
    public void start() {
        watcher.start(DeviceWatcher.DEFAULT_PERIOD);
        events = services.events().listen(watcher::poke);
    }

    public void refresh() {
        watcher.refresh();
    }

    /**
     * Updates the tree from a new inventory, keeping rows (checks, selection, job states) by device.
     * Rows of devices that vanished stay in their place, greyed and marked removed, for
     * {@link #REMOVED_SHOWN} nanoseconds ({@link #dropRemoved}).
     */
    void applyInventory(DeviceInventory inv) {
        inventory = inv;
        long now = System.nanoTime();
        Map<String, DeviceRow> seen = new HashMap<>();
        List<DeviceRow> roots = new ArrayList<>();
        for (Disk d : inv.visibleDisks()) {
            DeviceRow row = row(seen, RowFactory.key(d, d.facts()), RowFactory.disk(inv, d), services.root());
            List<DeviceRow> children = new ArrayList<>();
            for (Partition p : d.partitions()) {
                children.add(row(seen, RowFactory.key(p, d.facts()), RowFactory.partition(inv, d, p), services.root()));
            }
            children = withRemoved(row.children(), children, seen, now);
            if (!row.children().equals(children)) {
                row.children().setAll(children);
            }
            roots.add(row);
        }
        roots = withRemoved(rows.stream().filter(r -> !images.containsValue(r)).toList(), roots, seen, now);
        rowsByKey.keySet().retainAll(seen.keySet());
        for (DeviceRow image : images.values()) {
            RowFacts f = image.facts();
            image.update(RowFactory.rejudged(f, Preflight.fileVerdict(inv, f.identity(), imageAliases.get(image.key()),
                    f.signatures())));
            roots.add(image);
        }
        if (!rows.equals(roots)) {
            rows.setAll(roots);
        }
        if (selected.get() != null && !rowsByKey.containsValue(selected.get()) && !images.containsValue(selected.get())) {
            selected.set(null);
        }
        scanProblem.set(inv.usage().problem() == null ? "" : "every device is blocked: " + inv.usage().problem());
        updateChecked();
        showRowStates();
    }

    /**
     * {@code now} with the rows of {@code before} whose devices vanished put back at their old
     * places while they are shown as removed; a device that came back (same key) has its new row.
     */
    private static List<DeviceRow> withRemoved(List<DeviceRow> before, List<DeviceRow> now, Map<String, DeviceRow> seen,
                                               long nanos) {
        List<DeviceRow> result = new ArrayList<>(now);
        for (int i = 0; i < before.size(); i++) {
            DeviceRow gone = before.get(i);
            if (seen.containsKey(gone.key())) {
                continue;
            }
            if (!gone.removedProperty().get()) {
                gone.markRemoved(nanos);
            }
            if (nanos - gone.removedAt() < REMOVED_SHOWN) {
                result.add(Math.min(i, result.size()), gone);
            }
        }
        return result;
    }

    /** Takes away the rows shown as removed for {@link #REMOVED_SHOWN} by {@code nanos}; once per frame. */
    public void dropRemoved(long nanos) {
        Predicate<DeviceRow> expired = r -> r.removedProperty().get() && nanos - r.removedAt() >= REMOVED_SHOWN;
        rows.removeIf(expired);
        rows.forEach(r -> r.children().removeIf(expired));
    }

    /** The Job column: a row's latest job, or that it has a journal of an interrupted wipe. */
    private void showRowStates() {
        showInterrupted();
        showJobsOnRows();
    }

    /** Marks the rows of devices that have a journal of an interrupted wipe. */
    private void showInterrupted() {
        List<Journal> journals;
        try {
            journals = certifier.journals();
        } catch (IOException e) {
            journals = List.of();
        }
        for (DeviceRow row : allRows()) {
            TargetIdentity id = row.facts().identity();
            row.showInterrupted(journals.stream().filter(j -> j.identity().couldBe(id, certifier.bootId())).findFirst()
                    .orElse(null));
        }
    }

    private DeviceRow row(Map<String, DeviceRow> seen, String key, RowFacts facts, boolean mayWrite) {
        DeviceRow row = rowsByKey.get(key);
        if (row == null) {
            row = watched(new DeviceRow(key, facts, mayWrite));
            rowsByKey.put(key, row);
        } else {
            row.update(facts);
        }
        seen.put(key, row);
        return row;
    }

    /**
     * Adds an image file to the tree (once, whatever path names it); anyone may wipe their own
     * files. Its facts come from the file opened once, read-only: what it is and what is in it.
     */
    public DeviceRow addImageFile(String path) throws IOException {
        TargetInfo info;
        Signatures signatures;
        List<FileKey> aliases;
        try (OpenedTarget t = services.opener().open(path, Access.READ)) {
            info = t.info();
            signatures = t.signatures();
            aliases = t.aliases();
        }
        String key = RowFactory.key(info);
        DeviceRow existing = images.get(key);
        if (existing != null) {
            return existing;
        }
        SafetyVerdict verdict = inventory == null
                ? new SafetyVerdict.NeedsConfirmation("an image file")
                : Preflight.fileVerdict(inventory, info.identity(), aliases, signatures);
        DeviceRow row = watched(new DeviceRow(key, RowFactory.image(info, verdict, signatures), true));
        images.put(key, row);
        imageAliases.put(key, aliases);
        rows.add(row);
        showRowStates();
        return row;
    }

    /** The rows with a check mark, disks before their partitions. */
    public List<DeviceRow> checkedRows() {
        List<DeviceRow> list = new ArrayList<>();
        for (DeviceRow r : rows) {
            if (r.checkedProperty().get()) {
                list.add(r);
            }
            r.children().stream().filter(c -> c.checkedProperty().get()).forEach(list::add);
        }
        return list;
    }

    /** A new row: its check mark and whether it may be checked count for Wipe…. */
    private DeviceRow watched(DeviceRow row) {
        row.checkedProperty().addListener((obs, was, now) -> updateChecked());
        row.checkableProperty().addListener((obs, was, now) -> updateChecked());
        return row;
    }

    private void updateChecked() {
        checkedCount.set(checkedRows().size());
        wipeTargets.set(hasWipeTargets());
    }

    /**
     * The dialog for the checked rows (or the selected one when none is checked), from facts read
     * just now: the dialog must show what is on the devices at this moment, not two seconds ago.
     */
    public WipeDialogViewModel wipeDialog() {
        try {
            applyInventory(services.inventory().scan());
        } catch (IOException e) {
            scanProblem.set("cannot read the devices: " + e.getMessage());
        }
        List<DeviceRow> targets = checkedRows();
        if (targets.isEmpty() && selected.get() != null && selected.get().checkableProperty().get()) {
            targets = List.of(selected.get());
        }
        return new WipeDialogViewModel(targets.stream().map(DeviceRow::facts).toList(), estimates,
                settings.get().operator());
    }

    /** Whether the Wipe… command has something to work on. */
    public boolean hasWipeTargets() {
        return !checkedRows().isEmpty() || selected.get() != null && selected.get().checkableProperty().get();
    }

    /**
     * {@link #hasWipeTargets()}, kept up to date on every tick, verdict change (a row that becomes
     * checkable or not) and selection: what Wipe… is enabled from.
     */
    public ReadOnlyBooleanProperty wipeTargetsProperty() {
        return wipeTargets.getReadOnlyProperty();
    }

    /** Starts one job per target of a confirmed dialog. */
    public List<JobViewModel> startWipe(WipeDialogViewModel dialog) {
        if (!dialog.canWipeProperty().get()) {
            throw new IllegalStateException("the wipe is not confirmed");
        }
        WipeRequest request = dialog.request();
        useOperator(dialog.operator());
        SharedDevices shared = new SharedDevices(inventory);
        List<JobViewModel> started = new ArrayList<>();
        for (RowFacts t : dialog.targets()) {
            JobViewModel job = new JobViewModel(t.path(), t.name(), t.oneLine(), request, shared.keys(t.identity()),
                    System::nanoTime, false);
            jobs.add(0, job);
            started.add(job);
            runner.submit(job, t, dialog.assetTagProperty(t).get());
        }
        rowsByKey.values().forEach(r -> r.checkedProperty().set(false));
        images.values().forEach(r -> r.checkedProperty().set(false));
        drainJobs();
        return started;
    }

    /**
     * Goes on with the interrupted wipe of {@code row}, from its journal. The job reads the journal
     * again for the device it opens and refuses one that does not match.
     */
    public JobViewModel startResume(DeviceRow row) {
        Journal journal = row.interruptedProperty().get();
        if (journal == null || !row.checkableProperty().get()) {
            throw new IllegalStateException("nothing to resume on " + row.facts().name());
        }
        RowFacts t = row.facts();
        JobViewModel job = new JobViewModel(t.path(), t.name(), t.oneLine(), journal.request(FaultPolicy.DEFAULT),
                new SharedDevices(inventory).keys(t.identity()), System::nanoTime, true);
        jobs.add(0, job);
        runner.submit(job, t, "");
        row.showInterrupted(null);
        drainJobs();
        return job;
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
     * Why the selected row cannot be benchmarked now, if it cannot: a wipe that runs on it or on
     * its disk would make both the figures and the wipe wrong.
     */
    public Optional<String> benchmarkBlocker() {
        DeviceRow row = selected.get();
        Optional<String> unavailable = benchmarkUnavailable(row);
        if (unavailable.isPresent()) {
            return unavailable;
        }
        Set<String> keys = new SharedDevices(inventory).keys(row.facts().identity());
        return jobs.stream()
                .filter(j -> !j.stateProperty().get().finished())
                .filter(j -> j.target().equals(row.facts().path()) || j.queueKeys().stream().anyMatch(keys::contains))
                .findFirst()
                .map(j -> "A wipe of " + j.name() + " is running on the same disk; measure " + row.facts().name()
                        + " when it has ended.");
    }

    /**
     * A benchmark of the selected row, on a thread of its own; it may write only where a wipe would
     * (the row is checkable), and its figures go to the reports directory.
     */
    public BenchViewModel benchmark() {
        DeviceRow row = selected.get();
        return new BenchViewModel(row.facts(), row.checkableProperty().get() ? "" : row.whyNotProperty().get(),
                services.opener(), new Preflight(services.inventory()), r -> certifier.saveBenchmark(r), services.fx(), r -> {
            Thread t = new Thread(r, "blockwipe-bench");
            t.setDaemon(true);
            t.start();
        });
    }

    public void cancel(JobViewModel job) {
        runner.cancel(job);
    }

    public void cancelAll() {
        List.copyOf(jobs).stream().filter(j -> !j.stateProperty().get().finished()).forEach(runner::cancel);
    }

    /** Once per frame: the jobs apply their queued events, the rows and the status line follow. */
    public void drainJobs() {
        double total = 0;
        int running = 0;
        for (JobViewModel job : jobs) {
            job.drain();
            total += job.rateProperty().get();
            if (!job.stateProperty().get().finished()) {
                running++;
            }
        }
        totalRate.set(total);
        active.set(running);
        showJobsOnRows();
        status.set(running == 0 ? "no jobs running" : running + (running == 1 ? " job" : " jobs") + " running · "
                + Units.rate(total) + " total");
    }

    private void showJobsOnRows() {
        Map<String, JobViewModel> latest = new HashMap<>();
        for (int i = jobs.size() - 1; i >= 0; i--) {
            latest.put(jobs.get(i).target(), jobs.get(i));
        }
        for (DeviceRow row : allRows()) {
            JobViewModel job = latest.get(row.facts().path());
            row.showJob(job != null && job.stateProperty().get() != JobState.CANCELLED ? rowText(job)
                    : row.interruptedProperty().get() != null ? "interrupted: resumable"
                    : job == null ? "idle" : rowText(job));
        }
    }

    private static String rowText(JobViewModel job) {
        JobState s = job.stateProperty().get();
        if (s != JobState.RUNNING) {
            return s.label();
        }
        return String.format(Locale.ROOT, "wiping %.0f%%", 100 * job.progressProperty().get())
                + (job.stallProperty().get().isEmpty() ? "" : ", stalled");
    }

    private List<DeviceRow> allRows() {
        List<DeviceRow> all = new ArrayList<>();
        for (DeviceRow r : rows) {
            all.add(r);
            all.addAll(r.children());
        }
        return all;
    }

    private void ended(JobViewModel job) {
        WipeResult r = job.resultProperty().get();
        if (r != null && !r.passes().isEmpty()) {
            double seconds = r.passes().stream().mapToDouble(p -> p.duration().toNanos() / 1e9).sum();
            RowFacts facts = allRows().stream().filter(row -> row.facts().path().equals(job.target())).findFirst()
                    .map(DeviceRow::facts).orElse(null);
            if (facts != null && seconds > 0) {
                estimates.measured(facts.kind(), r.bytesWritten() / seconds);
            }
        }
        JobState s = job.stateProperty().get();
        notice.set(new Notice(job.name() + ": " + s.label(), wrap(job.messageProperty().get()), s == JobState.ERASED));
        showInterrupted();
        watcher.refresh();
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

    /** Makes a test disk in the background; the device watcher shows it when it is ready. */
    public void createTestDisk() {
        List<String> missing = TestDisks.missingTools();
        if (!services.root() || services.testDisks() == null || !missing.isEmpty()) {
            notice.set(new Notice("Cannot make a test disk", !services.root() ? "Test disks are loop devices: that needs root."
                    : "Missing tools: " + String.join(", ", missing), false));
            return;
        }
        busyMakingTestDisk.set(true);
        CompletableFuture.supplyAsync(() -> {
            try {
                return services.testDisks().create();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).whenComplete((disk, error) -> services.fx().execute(() -> {
            busyMakingTestDisk.set(false);
            if (error != null) {
                notice.set(new Notice("Cannot make a test disk", error.getCause() != null ? error.getCause().getMessage()
                        : error.getMessage(), false));
                return;
            }
            testDisks.add(disk);
            notice.set(new Notice("Test disk ready: " + disk.device(), "GPT, ext4 \"lab-data\" with files, vfat \"LAB-EFI\".\n"
                    + "Blockwipe offers to remove it when you quit.", true));
            watcher.refresh();
        }));
    }

    public List<TestDisks.TestDisk> testDisks() {
        return List.copyOf(testDisks);
    }

    /** Removes the test disks made in this session; returns what could not be removed. */
    public List<String> removeTestDisks() {
        List<String> problems = new ArrayList<>();
        for (TestDisks.TestDisk d : List.copyOf(testDisks)) {
            try {
                services.testDisks().remove(d);
                testDisks.remove(d);
            } catch (IOException e) {
                problems.add(d.device() + ": " + e.getMessage());
            }
        }
        return problems;
    }

    /** New operator or reports directory: saved to the config file, used from the next job on. */
    /**
     * The operator named in the wipe dialog signs this wipe's certificates and is remembered for
     * the next; when the settings cannot be saved, the notice says so and this session still uses it.
     */
    private void useOperator(Operator named) {
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
        settings.set(changed);
        certifier = new Certifier(changed, services.host(), BuildInfo.current());
    }

    public void updateSettings(Settings changed) throws IOException {
        changed.save();
        settings.set(changed);
        certifier = new Certifier(changed, services.host(), BuildInfo.current());
    }

    public ReadOnlyObjectProperty<Settings> settingsProperty() {
        return settings.getReadOnlyProperty();
    }

    public boolean hasActiveJobs() {
        return jobs.stream().anyMatch(j -> !j.stateProperty().get().finished());
    }

    /** Cancels what runs, waits for it to stop (bounded), and stops the watcher and the job threads. */
    @Override
    public void close() {
        cancelAll();
        runner.close();
        events.close();
        watcher.close();
    }

    public ObservableList<DeviceRow> rows() {
        return rowsView;
    }

    public ObservableList<JobViewModel> jobs() {
        return jobsView;
    }

    public ObservableList<FactSheet.Fact> details() {
        return detailsView;
    }

    /** The row the user selected (the view writes it). */
    public ObjectProperty<DeviceRow> selectedProperty() {
        return selected;
    }

    public ReadOnlyIntegerProperty checkedCountProperty() {
        return checkedCount.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty activeJobsProperty() {
        return active.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty totalRateProperty() {
        return totalRate.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Devices can be opened for writing (the user is root). */
    public boolean canWipeDevices() {
        return services.root();
    }

    /** "running as root", or why devices cannot be wiped. */
    public String mode() {
        return services.root() ? "running as root" : "not root: devices are read-only here, image files can be wiped";
    }

    public ReadOnlyStringProperty scanProblemProperty() {
        return scanProblem.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyMakingTestDiskProperty() {
        return busyMakingTestDisk.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Notice> noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
