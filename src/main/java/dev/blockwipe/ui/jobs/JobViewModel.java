package dev.blockwipe.ui.jobs;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.SpeedAcrossDisk;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.ResultSummary;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One wipe job as the job card shows it. The engine's events arrive on the job's worker thread
 * and only go into a queue; {@link #drain()} applies them on the FX thread in the first frame of
 * every quarter second (the main view's AnimationTimer calls it then, see {@link #slot}), so a
 * multi-GB/s wipe costs the FX thread four updates a second, not one per event. The speed is the
 * job's bytes over the last second of the frames' clock (see {@link JobThroughput}), so it falls
 * to 0 while the device takes nothing and does not restart at a pass. The graph points are
 * capped: 10 minutes at two a second.
 */
public final class JobViewModel implements WipeListener {
    private final String target;
    private final String name;
    private final String device;
    private final WipeRequest request;
    private final Set<String> queueKeys;
    private final LongSupplier clock;
    /** The progress of a drive that erases itself without saying how far it is (a progress bar's indeterminate value). */
    public static final double UNKNOWN_PROGRESS = -1;
    /** How often the speed on the card changes: four times a second. */
    static final long FIGURES_NANOS = 250_000_000L;
    /**
     * How long a job runs before its ETA shows: the engine's ETA is at the job's rate so far, and
     * in the first second that rate is mostly the cost of starting (the first requests, a cold
     * cache), which made a wipe of a few seconds say minutes.
     */
    static final long ETA_AFTER_NANOS = 2_000_000_000L;
    private long speedSlot = Long.MIN_VALUE;
    private final boolean resumes;
    private final CancelToken cancel = new CancelToken();
    private final Queue<Timed> pending = new ConcurrentLinkedQueue<>();
    private final ThroughputSeries rateSeries = ThroughputSeries.tenMinutes();
    private final ThroughputSeries averageSeries = ThroughputSeries.tenMinutes();
    private final ObservableList<ThroughputSeries.Point> ratePoints = FXCollections.observableArrayList();
    private final ObservableList<ThroughputSeries.Point> averagePoints = FXCollections.observableArrayList();
    private final ObservableList<ThroughputSeries.Point> ratePointsView = FXCollections.unmodifiableObservableList(ratePoints);
    private final ObservableList<ThroughputSeries.Point> averagePointsView =
            FXCollections.unmodifiableObservableList(averagePoints);

    private final ReadOnlyObjectWrapper<JobState> state = new ReadOnlyObjectWrapper<>(JobState.QUEUED);
    private final ReadOnlyStringWrapper stage = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyBooleanWrapper driveErasing = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper rate = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper speed = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Duration> remaining = new ReadOnlyObjectWrapper<>();
    private final StringBinding eta = Bindings.createStringBinding(
            () -> remaining.get() == null ? "" : "ETA " + Units.duration(remaining.get()), remaining);
    private final ReadOnlyStringWrapper bytes = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper stall = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper warnings = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper temperature = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper thermalPause = new ReadOnlyBooleanWrapper(false);
    private final ObservableList<List<SpeedAcrossDisk.Region>> acrossDisk = FXCollections.observableArrayList();
    private final ObservableList<List<SpeedAcrossDisk.Region>> acrossDiskView =
            FXCollections.unmodifiableObservableList(acrossDisk);
    private final ReadOnlyObjectWrapper<WipeResult> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<ReportStore.CertificateFiles> certificate = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper certificateProblem = new ReadOnlyStringWrapper("");
    private final JobThroughput throughput = new JobThroughput();
    private long startNanos = -1;
    /** When the engine last reported progress: its work ended there, before the paperwork. */
    private long lastProgressNanos = -1;
    private long written;
    private long verified;

    private record Timed(long nanos, WipeEvent event) {
    }

    /**
     * @param target  the path
     * @param name    what the card calls it ("sdb", "disk.img")
     * @param device  what the device is, in one line ("Loop · /var/tmp/a.img · 256 MiB"), for the monitor view
     * @param queueKeys jobs that share a key (partitions of one disk, one rotational disk under
     *                  several targets) run one after another
     * @param resumes   the job goes on with the target's interrupted wipe, from its journal
     */
    public JobViewModel(String target, String name, String device, WipeRequest request, Set<String> queueKeys,
                        LongSupplier clock, boolean resumes) {
        this.target = target;
        this.name = name;
        this.device = device;
        this.request = request;
        this.queueKeys = Set.copyOf(queueKeys);
        this.clock = clock;
        this.resumes = resumes;
        message.set("queued");
    }

    /** Called by the engine on the job's thread: only queues. */
    @Override
    public void on(WipeEvent event) {
        pending.add(new Timed(clock.getAsLong(), event));
    }

    /**
     * Applies everything queued since the last call, and shows the speed again when a quarter of a
     * second has passed: a figure that changes sixty times a second cannot be read, and every change
     * of a label's text lays its card out again (a dozen cards at sixty frames a second kept the FX
     * thread busy). FX thread.
     */
    public void drain() {
        Timed t;
        while ((t = pending.poll()) != null) {
            t.event().accept(new Apply(t.nanos()));
        }
        if (state.get() == JobState.RUNNING || state.get() == JobState.CANCELLING) {
            long now = clock.getAsLong();
            if (slot(now) != speedSlot) {
                speedSlot = slot(now);
                showSpeed(now);
            }
        }
    }

    /**
     * The quarter of a second that {@code nanos} falls in, counted from the clock's zero, the same
     * for every job: what changes four times a second then changes for all jobs in one frame, not
     * each job in a frame of its own (a dozen jobs made some fifty frames a second to render).
     */
    public static long slot(long nanos) {
        return Math.floorDiv(nanos, FIGURES_NANOS);
    }

    /** The second of the same clock that {@code nanos} falls in: it starts with every fourth slot. */
    public static long second(long nanos) {
        return Math.floorDiv(nanos, 1_000_000_000L);
    }

    /**
     * How many jobs worked at once with this one, itself included, on average over its working
     * time (from its start to its last progress): 12 for each of twelve disks wiped together, 1 for
     * a job alone. Jobs that waited in the queue meanwhile do not count. FX thread.
     */
    public double company(List<JobViewModel> all) {
        long now = clock.getAsLong();
        Worked own = worked(now);
        if (own == null || own.to() <= own.from()) {
            return 1;
        }
        long together = 0;
        for (JobViewModel other : all) {
            Worked theirs = other.worked(now);
            if (theirs != null) {
                together += own.overlap(theirs);
            }
        }
        return (double) together / (own.to() - own.from());
    }

    /** A stretch of the clock's time in which a job worked. */
    private record Worked(long from, long to) {
        long overlap(Worked other) {
            return Math.max(0, Math.min(to, other.to) - Math.max(from, other.from));
        }
    }

    /** From the start to the last progress, or to {@code now} while the job runs; null before it started. */
    private Worked worked(long now) {
        if (startNanos < 0) {
            return null;
        }
        return new Worked(startNanos, result.get() == null ? now : Math.max(startNanos, lastProgressNanos));
    }

    /** The speed now, over the last second and over the job, on the card and in its graph. */
    private void showSpeed(long now) {
        double current = throughput.rate(now);
        double average = throughput.average(now);
        rate.set(current);
        speed.set(driveErasing.get() ? "" : Units.rate(current) + " (avg " + Units.rate(average) + ")");
        plot(now, false);
    }

    /**
     * The graph's points at {@code now}: the speed over the last second and over the job; the
     * closing ones ({@code last}) however soon after the points before.
     */
    private void plot(long now, boolean last) {
        double seconds = (now - startNanos) / 1e9;
        double current = throughput.rate(now) / 1e6;
        double average = throughput.average(now) / 1e6;
        if (last ? rateSeries.close(seconds, current) : rateSeries.add(seconds, current)) {
            mirror(ratePoints, rateSeries);
        }
        if (last ? averageSeries.close(seconds, average) : averageSeries.add(seconds, average)) {
            mirror(averagePoints, averageSeries);
        }
    }

    /** What one event changes on the card; {@code nanos} is when it arrived. FX thread. */
    private final class Apply implements WipeEvent.Visitor<Void> {
        private final long nanos;

        Apply(long nanos) {
            this.nanos = nanos;
        }

        @Override
        public Void started(WipeEvent.Started s) {
            startNanos = nanos;
            throughput.start(nanos);
            state.set(cancel.isCancelled() ? JobState.CANCELLING : JobState.RUNNING);
            message.set(s.plan().passes().size() + " pass" + (s.plan().passes().size() == 1 ? "" : "es") + ", verify "
                    + s.plan().verification().text() + ", " + s.target().ioMode().label());
            return null;
        }

        @Override
        public Void passStarted(WipeEvent.PassStarted p) {
            driveErasing.set(p.stage() == Stage.FIRMWARE);
            if (driveErasing.get()) {
                stage.set(Stage.FIRMWARE.label() + " (it cannot be cancelled now)");
                progress.set(UNKNOWN_PROGRESS);
                return null;
            }
            stage.set("pass " + p.pass().number() + "/" + p.passCount() + " · " + p.pass().pattern().describe()
                    + (p.pass().blanking() ? " (blanking)" : ""));
            return null;
        }

        @Override
        public Void progress(WipeEvent.Progress p) {
            lastProgressNanos = nanos;
            if (driveErasing.get()) {
                // the drive's own fraction where it reports one; no rate or ETA: Blockwipe writes nothing meanwhile
                progress.set(p.stageBytesDone() > 0 ? p.jobFraction() : UNKNOWN_PROGRESS);
                return null;
            }
            throughput.progress(nanos, p.stage(), p.pass(), p.stageBytesDone());
            progress.set(p.jobFraction());
            // a job that was told to stop ends after its requests in flight, not when its ETA says
            remaining.set(cancel.isCancelled() || nanos - startNanos < ETA_AFTER_NANOS ? null : p.eta());
            stall.set(p.stall() == null ? "" : ResultSummary.stall(p.stall()) + "; still waiting for the device (Cancel stops the job)");
            return null;
        }

        @Override
        public Void passDone(WipeEvent.PassDone d) {
            driveErasing.set(false);
            List<SpeedAcrossDisk.Region> regions = SpeedAcrossDisk.drawable(d.result());
            if (!regions.isEmpty()) {
                acrossDisk.add(regions);
            }
            written += d.result().bytesWritten();
            showBytes();
            return null;
        }

        /** A checkpoint is for the journal: the card's figures come from the progress events. */
        @Override
        public Void checkpoint(WipeEvent.Checkpoint c) {
            return null;
        }

        @Override
        public Void temperature(WipeEvent.Temperature t) {
            temperature.set(t.text());
            thermalPause.set(t.paused());
            return null;
        }

        @Override
        public Void verifyStarted(WipeEvent.VerifyStarted v) {
            stage.set("verifying " + (v.pass() > 0 ? "pass " + v.pass() : v.mode().text()) + " · " + Units.bytes(v.bytes()));
            return null;
        }

        @Override
        public Void verified(WipeEvent.Verified v) {
            verified += v.result().bytesVerified();
            showBytes();
            return null;
        }

        @Override
        public Void finished(WipeEvent.Finished f) {
            finish(f.result());
            return null;
        }

        @Override
        public Void failed(WipeEvent.Failed f) {
            finish(f.result());
            return null;
        }

        @Override
        public Void cancelled(WipeEvent.Cancelled c) {
            finish(c.result());
            return null;
        }
    }

    /** Appends the newest point and drops what fell out of the window, without rebuilding the list. */
    private static void mirror(ObservableList<ThroughputSeries.Point> list, ThroughputSeries series) {
        ThroughputSeries.mirror(series.points(), list, p -> p, ThroughputSeries.Point::seconds);
    }

    private void showBytes() {
        bytes.set(Units.bytes(written) + " written" + (resumes() ? " by this run" : "")
                + (verified > 0 ? ", " + Units.bytes(verified) + " verified" : ""));
    }

    /**
     * The job ended. Its graph closes where the engine last reported progress: the end event comes
     * only once the certificate is written, a fifth of a second later on a cold start, and a point
     * there would show the paperwork's pause as a slower wipe.
     */
    private void finish(WipeResult r) {
        if (lastProgressNanos >= 0) {
            plot(lastProgressNanos, true);
        }
        result.set(r);
        driveErasing.set(false);
        rate.set(0);
        remaining.set(null);
        speed.set("");
        stall.set("");
        thermalPause.set(false);
        temperature.set(r.temperatures().reported() ? r.temperatures().describe() : "");
        stage.set("ended after " + Units.duration(r.duration()));
        state.set(switch (r.state()) {
            case ERASED -> JobState.ERASED;
            case ERASED_EXCEPT_BAD_SECTORS -> JobState.ERASED_EXCEPT_BAD_SECTORS;
            case PURGED -> JobState.PURGED;
            case UNPROVEN -> JobState.UNPROVEN;
            case VERIFY_FAILED -> JobState.VERIFY_FAILED;
            case FAILED -> r.cause() == FailureCause.DEVICE_GONE ? JobState.DEVICE_GONE : JobState.FAILED;
            case CANCELLED -> JobState.CANCELLED;
        });
        if (r.state() != FinalState.FAILED && r.state() != FinalState.CANCELLED) {
            progress.set(1);
        }
        message.set(ResultSummary.result(r));
        // an UNPROVEN result's reason is in the summary already
        showWarnings(r);
    }

    /**
     * The result as the certificate has it, which may say more than the engine did (a disk far
     * slower than the others of its model).
     */
    public void reported(WipeResult r) {
        showWarnings(r);
    }

    private void showWarnings(WipeResult r) {
        warnings.set(r.warnings().stream().filter(w -> !w.equals(r.unproven())).map(w -> "warning: " + w)
                .collect(Collectors.joining("\n")));
    }

    /** The job's signed certificate was written. FX thread. */
    public void certified(ReportStore.CertificateFiles files) {
        certificate.set(files);
    }

    /**
     * The job stopped early and its journal was kept (it can be resumed from the device's row);
     * what went wrong with its journal or its log. FX thread.
     */
    public void journal(boolean resumable, List<String> problems) {
        problems.forEach(this::problem);
        if (resumable) {
            message.set(message.get() + "; resumable: select " + name + " and choose Resume…");
        }
    }

    /**
     * The job ended but its certificate could not be written where it belongs ("could not be
     * written: …", "not in the reports directory: …"); the result stands. FX thread.
     */
    public void uncertified(String why) {
        problem("the certificate " + why);
    }

    /** Something about the job's paperwork the user should know before it writes ("cannot be resumed: …"). FX thread. */
    public void paperworkWarning(String warning) {
        problem("warning: " + warning);
    }

    private void problem(String p) {
        certificateProblem.set(certificateProblem.get().isEmpty() ? p : certificateProblem.get() + "; " + p);
    }

    /** The job could not start (refused by the preflight, the device busy or gone). FX thread. */
    public void refused(String why) {
        drain();
        state.set(JobState.FAILED);
        rate.set(0);
        message.set(why);
    }

    /** Cancelled while it waited for its turn: nothing was written. FX thread. */
    public void cancelledBeforeStart() {
        state.set(JobState.CANCELLED);
        message.set("cancelled before it started: nothing was written");
    }

    /** The job waits for {@code other}, which holds {@code key} ("disk sda"). FX thread. */
    public void waitFor(String other, String key) {
        message.set("queued behind " + other + ": both are on " + key.replaceFirst("^disk ", "")
                + ", and wipes that share a disk's partitions or a spinning disk run one after another");
    }

    /** Asks the job to stop after its current requests. */
    public void cancel() {
        cancel.cancel();
        if (!state.get().finished()) {
            state.set(JobState.CANCELLING);
            remaining.set(null);
        }
    }

    public CancelToken cancelToken() {
        return cancel;
    }

    public String target() {
        return target;
    }

    public String name() {
        return name;
    }

    public String device() {
        return device;
    }

    public WipeRequest request() {
        return request;
    }

    /** Whether the job goes on with an interrupted wipe from its journal. */
    public boolean resumes() {
        return resumes;
    }

    public Set<String> queueKeys() {
        return queueKeys;
    }

    public ReadOnlyObjectProperty<JobState> stateProperty() {
        return state.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty stageProperty() {
        return stage.getReadOnlyProperty();
    }

    /**
     * The drive is erasing itself (a firmware method): Cancel has no effect on it any more, and the
     * progress is the drive's fraction where it reports one, {@link #UNKNOWN_PROGRESS} where not.
     */
    public ReadOnlyBooleanProperty driveErasingProperty() {
        return driveErasing.getReadOnlyProperty();
    }

    /** 0 to 1, or {@link #UNKNOWN_PROGRESS} while a drive that reports none erases itself. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** Bytes per second over the last second; 0 when not running. */
    public ReadOnlyDoubleProperty rateProperty() {
        return rate.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty speedProperty() {
        return speed.getReadOnlyProperty();
    }

    /** "ETA 3 m 0 s" while the engine expects an end and the job has run a few seconds, else empty. */
    public StringBinding etaProperty() {
        return eta;
    }

    /** The time the engine expects the job still to take, or null (unknown, in its first seconds, or finished). */
    public ReadOnlyObjectProperty<Duration> remainingProperty() {
        return remaining.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty bytesProperty() {
        return bytes.getReadOnlyProperty();
    }

    /** "stalled for 2 min at offset 1048576 (pass 1, write); ..." while a request waits too long, else empty. */
    public ReadOnlyStringProperty stallProperty() {
        return stall.getReadOnlyProperty();
    }

    /**
     * The drive's temperature: "41 °C, max 44 °C", or "paused: 61 °C above the 60 °C limit" while
     * writes wait for it to cool; empty until the drive reports one (loop devices and files never do).
     */
    public ReadOnlyStringProperty temperatureProperty() {
        return temperature.getReadOnlyProperty();
    }

    /** Whether writes are paused because the drive is above the temperature limit. */
    public ReadOnlyBooleanProperty thermalPauseProperty() {
        return thermalPause.getReadOnlyProperty();
    }

    /** "warning: ..." a line for each thing the user should know about a job that ended (the partitions the kernel still lists), or empty. */
    /** Each finished write pass's speed in twenty regions across the device, in pass order. */
    public ObservableList<List<SpeedAcrossDisk.Region>> acrossDisk() {
        return acrossDiskView;
    }

    public ReadOnlyStringProperty warningsProperty() {
        return warnings.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<WipeResult> resultProperty() {
        return result.getReadOnlyProperty();
    }

    /** The certificate's files once written, else null. */
    public ReadOnlyObjectProperty<ReportStore.CertificateFiles> certificateProperty() {
        return certificate.getReadOnlyProperty();
    }

    /** Why there is no certificate, or empty. */
    public ReadOnlyStringProperty certificateProblemProperty() {
        return certificateProblem.getReadOnlyProperty();
    }

    /** MB/s over the last second, one point per half second, the last 10 minutes. */
    public ObservableList<ThroughputSeries.Point> ratePoints() {
        return ratePointsView;
    }

    /** The running average, same spacing. */
    public ObservableList<ThroughputSeries.Point> averagePoints() {
        return averagePointsView;
    }

}
