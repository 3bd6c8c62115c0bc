package dev.blockwipe.ui.tree;

import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceEvents;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.DeviceWatcher;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.DriveFacts;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.SharedDevices;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.io.TargetKind;
import dev.blockwipe.report.Journal;
import dev.blockwipe.ui.Background;
import dev.blockwipe.ui.DialogService;
import dev.blockwipe.ui.Services;
import dev.blockwipe.ui.jobs.JobState;
import dev.blockwipe.ui.jobs.JobViewModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ChangeListener;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The device tree: rows updated in place as the device watcher reports changes (a vanished
 * device's row stays greyed for a while), image files, the selection and its details, the check
 * marks and what Wipe… would work on, and each row's job state as the jobs report it. Never
 * touches a control; everything it changes happens on the FX thread.
 */
public final class DeviceTreeModel implements AutoCloseable {
    /** How long a vanished device's row stays, greyed, before it goes: 5 seconds. */
    static final long REMOVED_SHOWN = 5_000_000_000L;

    private final Services services;
    private final DialogService dialogs;
    private final InterruptedWipes interrupted;
    /** The latest journal read asked for, and the latest whose answer the rows show: older answers are dropped. */
    private long journalsAsked;
    private long journalsShown;
    private final DeviceWatcher watcher;
    private DeviceEvents.Subscription events = () -> { };
    private final Map<String, DeviceRow> rowsByKey = new HashMap<>();
    private final Map<String, DeviceRow> images = new LinkedHashMap<>();
    /** The other identities of each image's data (its layer files, when it is on an overlay). */
    private final Map<String, List<FileKey>> imageAliases = new HashMap<>();
    /** Each target's latest job, as the jobs model last reported ({@link #showJobs}). */
    private Map<String, JobViewModel> latestJobs = Map.of();
    private DeviceInventory inventory;
    private final DriveCache drives;

    // ---- Properties

    private final ObservableList<DeviceRow> rows = FXCollections.observableArrayList();
    // Read-only views made once: a view made per call would be garbage the moment a listener is
    // attached to it (it forwards changes through a weak listener) and its listeners would go quiet.
    private final ObservableList<DeviceRow> rowsView = FXCollections.unmodifiableObservableList(rows);

    public ObservableList<DeviceRow> rows() {
        return rowsView;
    }

    private final ObservableList<FactSheet.Fact> details = FXCollections.observableArrayList();
    private final ObservableList<FactSheet.Fact> detailsView = FXCollections.unmodifiableObservableList(details);

    public ObservableList<FactSheet.Fact> details() {
        return detailsView;
    }

    private final ObjectProperty<DeviceRow> selected = new SimpleObjectProperty<>();
    private final ChangeListener<RowFacts> selectedFacts = (obs, was, now) -> showDetails(selected.get());

    /** The row the user selected (the view writes it). */
    public ObjectProperty<DeviceRow> selectedProperty() {
        return selected;
    }

    private final ReadOnlyIntegerWrapper checkedCount = new ReadOnlyIntegerWrapper();

    public ReadOnlyIntegerProperty checkedCountProperty() {
        return checkedCount.getReadOnlyProperty();
    }

    private final ReadOnlyBooleanWrapper wipeTargets = new ReadOnlyBooleanWrapper();

    /**
     * {@link #hasWipeTargets()}, kept up to date on every tick, verdict change (a row that becomes
     * checkable or not) and selection: what Wipe… is enabled from.
     */
    public ReadOnlyBooleanProperty wipeTargetsProperty() {
        return wipeTargets.getReadOnlyProperty();
    }

    private final ReadOnlyStringWrapper scanProblem = new ReadOnlyStringWrapper("");

    public ReadOnlyStringProperty scanProblemProperty() {
        return scanProblem.getReadOnlyProperty();
    }

    private final ReadOnlyBooleanWrapper readingFacts = new ReadOnlyBooleanWrapper();

    /**
     * Facts are being read for Wipe… or Add image file…: both wait (the window shows it busy), so
     * neither can be started twice.
     */
    public ReadOnlyBooleanProperty readingFactsProperty() {
        return readingFacts.getReadOnlyProperty();
    }

    /**
     * @param interrupted reads the journals of interrupted wipes (where they are changes with the settings)
     */
    public DeviceTreeModel(Services services, DialogService dialogs, InterruptedWipes interrupted) {
        this.services = services;
        this.dialogs = dialogs;
        this.interrupted = interrupted;
        this.drives = new DriveCache(services);
        this.watcher = new DeviceWatcher(services.inventory(), services.fingerprint(),
                (inv, changes) -> services.fx().execute(() -> applyInventory(inv)),
                e -> services.fx().execute(() -> scanProblem.set("cannot read the devices: " + e.getMessage())));
        selected.addListener((obs, was, now) -> {
            updateChecked();
            if (was != null) {
                was.factsProperty().removeListener(selectedFacts);
            }
            if (now != null) {
                now.factsProperty().addListener(selectedFacts);
            }
            showDetails(now);
        });
    }

    /**
     * The selected row's facts; for a whole disk then what its drive says, asked in the background
     * the first time (meanwhile "asking the drive…"); for a partition, that its drive erases itself
     * only as a whole.
     */
    private void showDetails(DeviceRow row) {
        if (row == null) {
            details.clear();
            return;
        }
        if (row.removedProperty().get()) {
            details.setAll(gone(row));
            return;
        }
        RowFacts shown = row.facts();
        Optional<Device> listed = listed(shown);
        if (listed.orElse(null) instanceof Partition p) {
            details.setAll(with(shown.details(), List.of(new FactSheet.Fact("firmware erase", "a drive erases itself"
                    + " only as a whole: select " + p.disk() + " to see what its drive offers"))));
        } else if (listed.orElse(null) instanceof Disk d) {
            CompletableFuture<DriveFacts> answer = drives.ask(d);
            if (!answer.isDone()) {
                details.setAll(with(shown.details(), List.of(new FactSheet.Fact("drive commands", ASKING))));
            }
            answer.thenAccept(drive -> {
                if (selected.get() == row && row.facts() == shown) {
                    details.setAll(with(shown.details(), drive.facts()));
                }
            });
        } else {
            details.setAll(shown.details());
        }
    }

    /** What Details says while a drive is being asked. */
    public static final String ASKING = "asking the drive…";

    private static List<FactSheet.Fact> with(List<FactSheet.Fact> facts, List<FactSheet.Fact> more) {
        List<FactSheet.Fact> all = new ArrayList<>(facts);
        all.addAll(more);
        return all;
    }

    /** The device of a row as the latest inventory lists it: same number and, for its disk, same sequence number. */
    private Optional<Device> listed(RowFacts facts) {
        TargetIdentity id = facts.identity();
        if (inventory == null || id.kind() != TargetKind.BLOCK_DEVICE) {
            return Optional.empty();
        }
        return inventory.byNumber(new DeviceNumber(id.major(), id.minor())).filter(d -> (d instanceof Disk k
                ? Optional.of(k) : inventory.disk(((Partition) d).disk())).filter(k -> k.facts().diskseq() == id.diskseq())
                .isPresent());
    }

    /**
     * What the drive of a wipe's target says, for the wipe dialog's firmware methods: the answer
     * Details got (or one asked now) for a whole disk the tree lists; for a partition, an image file
     * or a device the tree does not list (as it was), a drive that offers nothing, with the reason.
     * Completes on the FX thread.
     */
    public CompletableFuture<DriveFacts> drive(RowFacts target) {
        if (target.identity().kind() != TargetKind.BLOCK_DEVICE) {
            return CompletableFuture.completedFuture(DriveFacts.notAsked("image file: only a drive erases itself with its"
                    + " own command"));
        }
        Device d = listed(target).orElse(null);
        if (d instanceof Disk disk) {
            return drives.ask(disk);
        }
        return CompletableFuture.completedFuture(DriveFacts.notAsked(d instanceof Partition p
                ? "partition: a firmware erase erases the whole drive, so choose the disk " + p.disk()
                : target.path() + " is not the device the tree lists under its number: its drive was not asked"));
    }

    // ---- Commands

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
        // taken before the rows change: the window's filter lets go of a selected row that leaves
        // them, and without this the tree found nothing selected and never said the device is gone
        DeviceRow chosen = selected.get();
        inventory = inv;
        drives.retain(inv);
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
        if (chosen != null && !rowsByKey.containsValue(chosen) && !images.containsValue(chosen)) {
            DeviceRow back = rowsByKey.get(chosen.key());
            if (back == null) {
                deselectGone(chosen);
            } else {
                selected.set(back);
            }
        }
        scanProblem.set(inv.usage().problem() == null ? "" : "every device is blocked: " + inv.usage().problem());
        updateChecked();
        showRowStates();
    }

    /**
     * {@code now} with the rows of {@code before} whose devices vanished put back at their old
     * places while they are shown as removed; a device that came back (same key) has its new row.
     * A name is shown once: a removed row goes at once when a row of the same name is there (a
     * loop device attached again, to another file, is another device under the same name).
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
            String name = gone.facts().name();
            if (nanos - gone.removedAt() < REMOVED_SHOWN && result.stream().noneMatch(r -> r.facts().name().equals(name))) {
                result.add(Math.min(i, result.size()), gone);
            }
        }
        return result;
    }

    /** Takes away the rows shown as removed for {@link #REMOVED_SHOWN} by {@code nanos}; once per frame. */
    public void dropRemoved(long nanos) {
        Predicate<DeviceRow> expired = r -> r.removedProperty().get() && nanos - r.removedAt() >= REMOVED_SHOWN;
        DeviceRow chosen = selected.get();
        rows.removeIf(expired);
        rows.forEach(r -> r.children().removeIf(expired));
        if (chosen != null && expired.test(chosen)) {
            deselectGone(chosen);
        }
    }

    /**
     * The selected row's device is gone: nothing is selected (a neighbour never is, as Space and
     * Benchmark… act on the selection), and Details says why, until the user selects another row.
     */
    private void deselectGone(DeviceRow gone) {
        selected.set(null);
        details.setAll(gone(gone));
    }

    private static FactSheet.Fact gone(DeviceRow row) {
        return new FactSheet.Fact("removed", row.facts().name() + " is gone: select another device");
    }

    /** The Job column: a row's latest job, or that it has a journal of an interrupted wipe. */
    private void showRowStates() {
        showInterrupted();
        showJobsOnRows();
    }

    /**
     * Marks the rows of devices that have a journal of an interrupted wipe, once the journals are
     * read in the background (unreadable, they mark nothing); an answer that comes after a newer
     * one is dropped, as it may name a journal that is gone.
     */
    private void showInterrupted() {
        long asked = ++journalsAsked;
        Background.call(services, interrupted::journals).handle((journals, error) -> {
            if (asked > journalsShown) {
                journalsShown = asked;
                markInterrupted(journals == null ? List.of() : journals);
                showJobsOnRows();
            }
            return null;
        });
    }

    private void markInterrupted(List<Journal> journals) {
        String bootId = services.host().bootId();
        for (DeviceRow row : allRows()) {
            TargetIdentity id = row.facts().identity();
            row.showInterrupted(journals.stream().filter(j -> j.identity().couldBe(id, bootId)).findFirst().orElse(null));
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

    /** Add image file…: the file the user chooses, probed in the background; a failure says why. */
    public void addImage() {
        dialogs.chooseImageFile().ifPresent(file -> addImageFile(file.toString()).exceptionally(failed -> {
            Throwable e = Background.cause(failed);
            dialogs.error((e instanceof TargetException ? "Cannot add " : "Cannot read ") + file.getFileName(),
                    e.getMessage());
            return null;
        }));
    }

    /**
     * Adds an image file to the tree (once, whatever path names it); anyone may wipe their own
     * files. Its facts come from the file opened once, read-only, in the background: what it is
     * and what is in it. The future completes on the FX thread, with the row or why it failed.
     */
    public CompletableFuture<DeviceRow> addImageFile(String path) {
        readingFacts.set(true);
        return Background.call(services, () -> {
            try (OpenedTarget t = services.opener().open(path, Access.READ)) {
                return new ImageFacts(t.info(), t.signatures(), t.aliases());
            }
        }).whenComplete((facts, error) -> readingFacts.set(false)).thenApply(this::imageRow);
    }

    private record ImageFacts(TargetInfo info, Signatures signatures, List<FileKey> aliases) {
    }

    private DeviceRow imageRow(ImageFacts facts) {
        TargetInfo info = facts.info();
        String key = RowFactory.key(info);
        DeviceRow existing = images.get(key);
        if (existing != null) {
            return existing;
        }
        SafetyVerdict verdict = inventory == null
                ? new SafetyVerdict.NeedsConfirmation("an image file")
                : Preflight.fileVerdict(inventory, info.identity(), facts.aliases(), facts.signatures());
        DeviceRow row = watched(new DeviceRow(key, RowFactory.image(info, verdict, facts.signatures()), true));
        images.put(key, row);
        imageAliases.put(key, facts.aliases());
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
     * The targets of Wipe…: the checked rows, or the selected one when none is checked, by the
     * paths the admission opens (it reads their facts afresh).
     */
    public List<String> wipeTargets() {
        List<DeviceRow> targets = checkedRows();
        if (targets.isEmpty() && selected.get() != null && selected.get().checkableProperty().get()) {
            targets = List.of(selected.get());
        }
        return targets.stream().map(row -> row.facts().path()).toList();
    }

    /** Facts for Wipe… are being read ({@link #readingFactsProperty()}). */
    public void readingFacts(boolean reading) {
        readingFacts.set(reading);
    }

    /** Takes every check mark away (the wipe of the checked rows has started). */
    public void uncheckAll() {
        rowsByKey.values().forEach(r -> r.checkedProperty().set(false));
        images.values().forEach(r -> r.checkedProperty().set(false));
    }

    /** Whether the Wipe… command has something to work on. */
    public boolean hasWipeTargets() {
        return !checkedRows().isEmpty() || selected.get() != null && selected.get().checkableProperty().get();
    }

    /** Which devices share a disk with which, from the latest inventory (jobs that share one queue). */
    public SharedDevices sharedDevices() {
        return new SharedDevices(inventory);
    }

    /** The facts of the row of {@code path}, while it is in the tree. */
    public Optional<RowFacts> facts(String path) {
        return allRows().stream().filter(row -> row.facts().path().equals(path)).findFirst().map(DeviceRow::facts);
    }

    /** The jobs model's latest job per target path: the rows' Job column follows it. */
    public void showJobs(Map<String, JobViewModel> latest) {
        latestJobs = latest;
        showJobsOnRows();
    }

    private void showJobsOnRows() {
        for (DeviceRow row : allRows()) {
            JobViewModel job = latestJobs.get(row.facts().path());
            row.showJob(job != null && job.stateProperty().get() != JobState.CANCELLED ? rowText(job)
                    : row.interruptedProperty().get() != null ? (row.interruptedProperty().get().allWritten()
                    ? "written, not certified: resumable" : "interrupted: resumable")
                    : job == null ? "idle" : rowText(job));
        }
    }

    private static String rowText(JobViewModel job) {
        JobState s = job.stateProperty().get();
        if (s != JobState.RUNNING) {
            return s.label();
        }
        double done = job.progressProperty().get();
        if (job.driveErasingProperty().get()) {
            return Stage.FIRMWARE.label() + (done < 0 ? "" : String.format(Locale.ROOT, " %.0f%%", 100 * done));
        }
        return String.format(Locale.ROOT, "wiping %.0f%%", 100 * done)
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

    /** A job ended: its journal may have come or gone, and the device may look different now. */
    public void jobEnded() {
        showInterrupted();
        watcher.refresh();
    }

    /** Devices can be opened for writing (the user is root). */
    public boolean canWipeDevices() {
        return services.root();
    }

    /** "running as root", or why devices cannot be wiped. */
    public String mode() {
        return services.root() ? "running as root" : "not root: devices are read-only here, image files can be wiped";
    }

    /** Stops watching the devices. */
    @Override
    public void close() {
        events.close();
        watcher.close();
    }
}
