package dev.blockwipe.ui.jobs;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.ui.Background;
import dev.blockwipe.ui.DialogService;
import dev.blockwipe.ui.Services;
import dev.blockwipe.ui.dialogs.WipeDialogViewModel;
import dev.blockwipe.ui.tree.RowFacts;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The jobs: started from a confirmed dialog or a journal, admitted and run by {@link WindowJobs}, drained
 * once per frame, cancelled after a question, summed up in the status line. The device tree
 * learns each target's latest job through {@code showOnRows}. FX thread only.
 */
public final class JobsModel implements AutoCloseable {
    private final Services services;
    private final DialogService dialogs;
    private final WindowJobs runner;
    private final Consumer<Map<String, JobViewModel>> showOnRows;

    // ---- Properties

    private final ObservableList<JobViewModel> jobs = FXCollections.observableArrayList();
    // Made once: a view made per call would go quiet (it forwards changes through a weak listener).
    private final ObservableList<JobViewModel> jobsView = FXCollections.unmodifiableObservableList(jobs);

    /** Newest first. */
    public ObservableList<JobViewModel> jobs() {
        return jobsView;
    }

    private long figuresSlot = Long.MIN_VALUE;
    /** The window is quitting: the jobs were cancelled and it waits for them to stop. */
    private boolean windingDown;

    private final ReadOnlyIntegerWrapper active = new ReadOnlyIntegerWrapper();

    public ReadOnlyIntegerProperty activeJobsProperty() {
        return active.getReadOnlyProperty();
    }

    private final ReadOnlyDoubleWrapper totalRate = new ReadOnlyDoubleWrapper();

    public ReadOnlyDoubleProperty totalRateProperty() {
        return totalRate.getReadOnlyProperty();
    }

    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("reading devices…");

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /**
     * @param certifier  signs the certificates (it changes with the settings)
     * @param showOnRows gets each target path's latest job after every change, for the tree's Job column
     * @param ended      called on the FX thread when a job has ended, however it ended
     */
    public JobsModel(Services services, DialogService dialogs, Supplier<Certifier> certifier,
                     Consumer<Map<String, JobViewModel>> showOnRows, Consumer<JobViewModel> ended) {
        this.services = services;
        this.dialogs = dialogs;
        this.showOnRows = showOnRows;
        this.runner = new WindowJobs(services, certifier, ended);
    }

    // ---- Commands

    /**
     * Wipe…: the targets go through the admission off the FX thread; {@code dialog} shows the wipe
     * dialog for the facts of the opened targets (FX thread) and returns it when the user
     * confirmed it, and then one job per target starts. The future completes on the FX thread, as
     * {@link WindowJobs#start} says.
     */
    public CompletableFuture<List<JobViewModel>> startWipe(List<String> paths,
                                                    Function<List<RowFacts>, Optional<WipeDialogViewModel>> dialog) {
        return runner.start(paths, facts -> dialog.apply(facts).map(d -> {
            if (!d.canWipeProperty().get()) {
                throw new IllegalStateException("the wipe is not confirmed");
            }
            WipeRequest request = d.request();
            return facts.stream().map(f -> new WindowJobs.Order(request, d.assetTagProperty(f).get())).toList();
        }), this::queued);
    }

    /**
     * Goes on with the interrupted wipe of {@code path}, from its journal, once {@code confirmed}
     * (FX thread) says the user typed its name. The job reads the journal again for the device it
     * opened and refuses one that does not match.
     */
    public CompletableFuture<List<JobViewModel>> startResume(String path, BooleanSupplier confirmed) {
        return runner.start(List.of(path), facts -> confirmed.getAsBoolean()
                ? Optional.of(List.of(new WindowJobs.Order(null, ""))) : Optional.empty(), this::queued);
    }

    private void queued(List<JobViewModel> started) {
        started.forEach(job -> jobs.add(0, job));
        drain();
    }

    /** A job card's Cancel: asks first, since what was written stays written. */
    public void requestCancel(JobViewModel job) {
        if (dialogs.confirm("Cancel the wipe of " + job.name() + "?", "The job stops after the requests in flight. What"
                + " has been written stays written: " + job.name() + " will be only partly wiped.")) {
            cancel(job);
        }
    }

    /** Cancel all: asks first. */
    public void requestCancelAll() {
        if (dialogs.confirm("Cancel all " + active.get() + " jobs?", "Every running and queued job stops; the"
                + " devices are left partly wiped.")) {
            cancelAll();
        }
    }

    /** Quitting while wipes run asks first; true when nothing runs or the user agreed to cancel them. */
    public boolean mayQuit() {
        return !hasActiveJobs() || dialogs.confirm("Wipes are running. Cancel them and quit?",
                "They stop after the requests in flight; the devices are left partly wiped.");
    }

    public void cancel(JobViewModel job) {
        runner.cancel(job);
    }

    private void cancelAll() {
        List.copyOf(jobs).stream().filter(j -> !j.stateProperty().get().finished()).forEach(runner::cancel);
    }

    /**
     * The jobs apply their queued events (the frames call this four times a second, see
     * {@link dev.blockwipe.ui.MainViewModel#tick}); the rows and the status line follow when a job changed state,
     * and otherwise once per quarter second of the clock (see {@link JobViewModel#slot}).
     */
    public void drain() {
        int running = 0;
        boolean changed = false;
        for (JobViewModel job : jobs) {
            JobState before = job.stateProperty().get();
            job.drain();
            JobState after = job.stateProperty().get();
            changed |= after != before;
            if (!after.finished()) {
                running++;
            }
        }
        long now = System.nanoTime();
        if (!changed && running == active.get() && JobViewModel.slot(now) == figuresSlot) {
            return;
        }
        figuresSlot = JobViewModel.slot(now);
        totalRate.set(totalRate(jobs));
        active.set(running);
        showOnRows.accept(latestByTarget());
        showStatus();
    }

    /** The status line, from the jobs running and their total rate as last drained. */
    private void showStatus() {
        int running = active.get();
        String jobsRunning = running + (running == 1 ? " job" : " jobs");
        status.set(windingDown ? "quitting: " + (running == 0 ? "all jobs stopped" : "waiting for " + jobsRunning
                + " to stop after the requests in flight") : running == 0 ? "no jobs running"
                : jobsRunning + " running · " + Units.rate(totalRate.get()) + " total");
    }

    /**
     * The throughput of all jobs: the sum of each running job's rate over its last second, all read
     * at the same moment (one frame), for the status line and the aggregate graph.
     */
    static double totalRate(List<JobViewModel> jobs) {
        return jobs.stream().filter(j -> !j.stateProperty().get().finished())
                .mapToDouble(j -> j.rateProperty().get()).sum();
    }

    private Map<String, JobViewModel> latestByTarget() {
        Map<String, JobViewModel> latest = new HashMap<>();
        for (int i = jobs.size() - 1; i >= 0; i--) {
            latest.put(jobs.get(i).target(), jobs.get(i));
        }
        return latest;
    }

    /** A job that has not finished on {@code target} or on a device that shares a queue key with it. */
    public Optional<JobViewModel> runningOn(RowFacts target, Set<String> keys) {
        return jobs.stream()
                .filter(j -> !j.stateProperty().get().finished())
                .filter(j -> j.target().equals(target.path()) || j.queueKeys().stream().anyMatch(keys::contains))
                .findFirst();
    }

    public boolean hasActiveJobs() {
        return jobs.stream().anyMatch(j -> !j.stateProperty().get().finished());
    }

    /**
     * Cancels what runs and, once it has stopped (bounded), runs {@code then} on the FX thread;
     * the wait is on the background executor, as a request on a stalled disk may take long to
     * return, and the window should say so rather than freeze: the status line says what it waits for.
     */
    public void windDown(Runnable then) {
        cancelAll();
        windingDown = true;
        showStatus();
        Background.call(services, () -> {
            runner.close();
            return null;
        }).whenComplete((stopped, failure) -> then.run());
    }

    /** Cancels what runs, waits for it to stop (bounded), and stops the job threads. */
    @Override
    public void close() {
        cancelAll();
        runner.close();
    }
}
