package dev.blockwipe.ui;

import dev.blockwipe.devices.DriveFacts;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.report.Journal;
import dev.blockwipe.ui.dialogs.ThroughputEstimates;
import dev.blockwipe.ui.dialogs.WipeDialogViewModel;
import dev.blockwipe.ui.identify.IdentifyModel;
import dev.blockwipe.ui.jobs.EndedJobs;
import dev.blockwipe.ui.jobs.JobViewModel;
import dev.blockwipe.ui.jobs.JobsModel;
import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.DeviceTreeModel;
import dev.blockwipe.ui.tree.RowOrder;
import dev.blockwipe.ui.tree.TreeFilterModel;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.ListChangeListener;

/**
 * The main window's state, in three models: the device tree, the jobs and the session (settings,
 * test disks, notices). This class makes them, joins them where a command needs more than one of
 * them (a wipe: the targets from the tree, the operator from the session, jobs from the jobs), and
 * puts the questions that go with those commands through the {@link DialogService}.
 */
public final class MainViewModel implements AutoCloseable {
    /** What the window remembers of the tree's filter and order ({@link SessionModel#remember}). */
    static final String HIDE_LOOP = "tree.hideLoop";
    static final String HIDE_BLOCKED = "tree.hideBlocked";
    static final String ORDER = "tree.order";

    private final Services services;
    private final DialogService dialogs;
    private final ThroughputEstimates estimates = new ThroughputEstimates();
    private final SessionModel session;
    private final DeviceTreeModel devices;
    private final TreeFilterModel filter;
    private final JobsModel jobs;
    private final IdentifyModel identify;
    private long drainSlot = Long.MIN_VALUE;
    private final EndedJobs endedJobs = new EndedJobs();
    private final ReadOnlyBooleanWrapper quitting = new ReadOnlyBooleanWrapper(this, "quitting");
    private final WipeUnavailable wipeUnavailable;
    /** What the window kept from the last session, read once at start. */
    private final Map<String, String> remembered;

    public MainViewModel(Services services, DialogService dialogs) {
        this.services = services;
        this.dialogs = dialogs;
        this.session = new SessionModel(services, dialogs, this::refreshDevices);
        this.devices = new DeviceTreeModel(services, dialogs, () -> session.certifier().journals());
        this.jobs = new JobsModel(services, dialogs, session::certifier, devices::showJobs, this::ended);
        this.filter = new TreeFilterModel(devices.rows(), devices.selectedProperty());
        this.remembered = WindowMemory.read(session.settingsProperty().get());
        rememberFilter();
        this.identify = new IdentifyModel(services);
        this.wipeUnavailable = new WipeUnavailable(devices);
        // a mount changes the rows (the watcher reads mountinfo): the boot stick mounts a BLOCKWIPE
        // stick plugged in later over the reports folder, and the banner that they are in memory goes
        devices.rows().addListener((ListChangeListener<DeviceRow>) change -> session.checkStorage());
    }

    /** A test disk came: the tree looks again (the session is made before the tree, which needs its certifier). */
    private void refreshDevices() {
        devices.refresh();
    }

    public DeviceTreeModel devices() {
        return devices;
    }

    /** Which rows of the device tree are shown, in which order. */
    public TreeFilterModel filter() {
        return filter;
    }

    /**
     * Hide loop devices, hide blocked and the order are as the last session left them, and kept for
     * the next; the search text is not (a filter nobody remembers typing would hide devices).
     */
    private void rememberFilter() {
        filter.hideLoopProperty().set(Boolean.parseBoolean(remembered.get(HIDE_LOOP)));
        filter.hideBlockedProperty().set(Boolean.parseBoolean(remembered.get(HIDE_BLOCKED)));
        filter.orderProperty().set(Arrays.stream(RowOrder.values()).filter(o -> o.name().equals(remembered.get(ORDER)))
                .findFirst().orElse(RowOrder.NAME));
        filter.hideLoopProperty().addListener((obs, was, now) -> session.remember(HIDE_LOOP, now.toString()));
        filter.hideBlockedProperty().addListener((obs, was, now) -> session.remember(HIDE_BLOCKED, now.toString()));
        filter.orderProperty().addListener((obs, was, now) -> session.remember(ORDER,
                (now == null ? RowOrder.NAME : now).name()));
    }

    /**
     * What the window kept from the last session ({@code window.} keys of the settings file), as read
     * at start; none when unreadable.
     */
    public Map<String, String> remembered() {
        return remembered;
    }

    public JobsModel jobs() {
        return jobs;
    }

    public SessionModel session() {
        return session;
    }

    public IdentifyModel identify() {
        return identify;
    }

    /** Starts watching the devices. */
    public void start() {
        devices.start();
    }

    /** Why Wipe… cannot be used now (its tooltip); empty while it can. */
    public ReadOnlyStringProperty wipeUnavailableProperty() {
        return wipeUnavailable.whyProperty();
    }

    /** The window is quitting: the running wipes were cancelled, and nothing new starts. */
    public ReadOnlyBooleanProperty quittingProperty() {
        return quitting.getReadOnlyProperty();
    }

    /**
     * Wipe…: the tree's targets are opened and judged in the background (meanwhile Wipe… waits);
     * the dialog shows what was found through the open descriptors, and the wipe it confirms
     * writes through them. The future completes on the FX thread with the jobs started, none when
     * the user cancelled the dialog or a target was refused (that is said in an error dialog).
     */
    public CompletableFuture<List<JobViewModel>> wipe() {
        if (quitting.get() || !devices.hasWipeTargets()) {
            return CompletableFuture.completedFuture(List.of());
        }
        devices.readingFacts(true);
        return jobs.startWipe(devices.wipeTargets(), facts -> {
            devices.readingFacts(false);
            WipeDialogViewModel dialog = new WipeDialogViewModel(facts, estimates,
                    session.settingsProperty().get().operator(), t -> devices.drive(t).thenApply(DriveFacts::drive));
            // the window may start quitting while the facts are read, or while the dialog is open
            if (quitting.get() || !dialogs.showWipeDialog(dialog) || quitting.get()) {
                return Optional.empty();
            }
            // before the jobs take the certifier, so that their certificates name the operator
            session.useOperator(dialog.operator());
            return Optional.of(dialog);
        }).whenComplete((started, refused) -> devices.readingFacts(false))
                .thenApply(started -> {
                    devices.uncheckAll();
                    return started;
                }).exceptionally(e -> refused("Cannot wipe", e));
    }

    /** Resume…: asks for the selected device's name, as a wipe does (the resume writes to it again). */
    public void resume() {
        DeviceRow row = devices.selectedProperty().get();
        Journal journal = row == null || quitting.get() ? null : row.interruptedProperty().get();
        if (journal == null) {
            return;
        }
        String what = journal.allWritten()
                ? "Every pass was written and synced; the read-back reads the whole device and the certificate is"
                + " written. Nothing is written to the device."
                : "What was written and synced before stays; the wipe goes on from there with the same method and random"
                + " keys, and the read-back covers the whole device.";
        jobs.startResume(row.facts().path(), () -> dialogs.confirmTyped("Resume the interrupted wipe", "Go on with the wipe of "
                + Units.printable(row.facts().path()) + "?\n" + journal.describe() + ".\n" + what, row.facts().name())
                && !quitting.get()).thenApply(started -> {
                    row.showInterrupted(null);
                    return started;
                }).exceptionally(e -> refused("Cannot resume", e));
    }

    /**
     * Says why nothing started, in an error dialog; nothing when the user declined. The cause
     * arrives wrapped when it went through a dependent stage.
     */
    private <T> List<T> refused(String header, Throwable failure) {
        Throwable e = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (!(e instanceof TargetRefusedException r && r.reason() == TargetRefusedException.Reason.NOT_CONFIRMED)) {
            dialogs.error(header, e.getMessage() != null ? e.getMessage() : e.toString());
        }
        return List.of();
    }

    /** Why the selected row cannot be benchmarked now, if it cannot. */
    public Optional<String> benchmarkBlocker() {
        return session.benchmarkBlocker(devices.selectedProperty().get(), this::runningOn);
    }

    /** Benchmark…: the dialog for the selected row, or why it cannot be measured now. */
    public void openBenchmark() {
        if (quitting.get()) {
            return;
        }
        session.openBenchmark(devices.selectedProperty().get(), this::runningOn);
    }

    private Optional<JobViewModel> runningOn(DeviceRow row) {
        return jobs.runningOn(row.facts(), devices.sharedDevices().keys(row.facts().identity()));
    }

    /**
     * Once per frame: removed rows expire, and in the first frame of every quarter of a second
     * ({@link JobViewModel#slot}) the jobs apply their queued events (the rows follow). Each job
     * reports four times a second, each at its own moment: applied as they came, a dozen jobs
     * changed a progress bar or a figure in nearly every frame, and the renderer drew them all.
     */
    public void tick(long nanos) {
        long slot = JobViewModel.slot(nanos);
        if (slot != drainSlot) {
            drainSlot = slot;
            jobs.drain();
        }
        List<JobViewModel> ended = endedJobs.due(nanos);
        if (!ended.isEmpty() && !quitting.get()) {
            session.jobsEnded(ended);
            devices.jobEnded();
        }
        devices.dropRemoved(nanos);
    }

    /**
     * Quitting (the window's close button or File › Quit): asks before it cancels running wipes.
     * Once they have stopped, and every identification with its LED off (a bounded wait, off the FX thread: the window stays live and says
     * what it waits for), it stops the watcher (it waits for the device-event reader to stop),
     * offers to remove the test disks of this session (losetup) and runs {@code exit} on the FX
     * thread; the waits and the removal run in the background. False when the user chose to stay, or when the
     * window is quitting already.
     */
    public boolean requestQuit(Runnable exit) {
        if (quitting.get() || !jobs.mayQuit()) {
            return false;
        }
        quitting.set(true);
        CompletableFuture<Void> ledsOff = identify.stopAll();
        jobs.windDown(() -> ledsOff.thenCompose(off -> Background.call(services, () -> {
            devices.close();
            return null;
        })).thenCompose(closed -> session.offerToRemoveTestDisks()).whenComplete((done, failure) -> exit.run()));
        return true;
    }

    /**
     * A job ended: its speed teaches the estimates at once; the notice that says how it ended and
     * the tree's new look follow a second later ({@link EndedJobs}), together with those of the
     * jobs that ended meanwhile; not while the window quits, whose cancelled jobs end then.
     */
    private void ended(JobViewModel job) {
        WipeResult r = job.resultProperty().get();
        if (r != null) {
            devices.facts(job.target()).ifPresent(facts -> estimates.ended(facts.kind(), facts.size(), r,
                    job.company(jobs.jobs())));
        }
        endedJobs.add(job);
    }

    /** Cancels what runs, waits for it to stop (bounded), and stops the watcher and the job threads; identifications stop. */
    @Override
    public void close() {
        identify.stopAll();
        jobs.close();
        devices.close();
    }
}
