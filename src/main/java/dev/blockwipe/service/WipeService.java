package dev.blockwipe.service;

import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.schedule.JobScheduler;
import dev.blockwipe.report.CertifiedDevice;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Journal;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the wipes of admitted targets, for the window and the CLI alike: jobs on one disk (or one
 * spinning disk underneath) queue behind each other, the rest run at once ({@link JobScheduler});
 * every job plans its requests within its share of one buffer budget; each runs the engine's job
 * with the paperwork of {@link Certifier} around it and closes its target when it ends, however it
 * ends (a queued job that is cancelled included). Thread-safe.
 *
 * @param <J> what the front end calls a job (the window's job card, the CLI's plan of a target)
 */
public final class WipeService<J> implements AutoCloseable {
    private final Keystreams keystreams;
    private final BufferPool buffers;
    private final Runnable jobThreads;
    private final Listener<J> listener;
    private final JobScheduler<J, Certifier.Report> scheduler;
    /** The wipes submitted and not ended, by job: a job's target is closed once, when it ends. */
    private final Map<J, Running> running = new ConcurrentHashMap<>();
    /** Jobs submitted and not ended: the jobs a job that starts shares the buffer budget with, itself included. */
    private final AtomicInteger unfinished = new AtomicInteger();

    /** What the service reports; called on the job threads, or on the thread that submits or cancels. */
    public interface Listener<J> {
        /** {@code job} waits for {@code behind}, which has {@code shared} ("disk sda") to itself. */
        void waiting(J job, J behind, String shared);

        /**
         * {@code job} ended, once per job, after its target was closed: with the paperwork's
         * report, with what it threw (a {@link TargetException}: refused before the first write),
         * or not started.
         */
        void ended(J job, JobScheduler.Outcome<Certifier.Report> outcome);

        /** Closing the target of {@code job} failed; the job's outcome stands. */
        void closeFailed(J job, IOException failure);
    }

    /**
     * One wipe: the front end's job, its admitted target, what to write (for a resumed wipe, the
     * journal's request), the device as its certificate names it before, the journal it goes on
     * from (null for a new wipe), who does its paperwork, where its events go besides the
     * paperwork, and its cancel token.
     */
    public record Wipe<J>(J job, Admission.Admitted target, WipeRequest request, CertifiedDevice before, Journal journal,
                          Certifier certifier, WipeListener display, CancelToken cancel) {
    }

    /** A submitted wipe and whether its target was closed already. */
    private record Running(Wipe<?> wipe, AtomicBoolean closed) {
    }

    /**
     * @param keystreams makes the random passes
     * @param buffers    the I/O buffers of all jobs of the process
     * @param jobThreads runs first on every job's thread (the window lowers their priority there)
     */
    public WipeService(Keystreams keystreams, BufferPool buffers, Runnable jobThreads, Listener<J> listener) {
        this.keystreams = keystreams;
        this.buffers = buffers;
        this.jobThreads = jobThreads;
        this.listener = listener;
        this.scheduler = new JobScheduler<>("blockwipe-job", new JobScheduler.Listener<>() {
            @Override
            public void waiting(J job, J behind, String key) {
                listener.waiting(job, behind, key);
            }

            @Override
            public void ended(J job, JobScheduler.Outcome<Certifier.Report> outcome) {
                unfinished.decrementAndGet();
                Running r = running.remove(job);
                close(job, r);
                listener.ended(job, outcome);
            }
        });
    }

    /**
     * Checks what the request needs of the target (a block size it takes, a range operation it
     * offers), so that a front end refuses all its targets before the first is written.
     */
    public static void validate(Admission.Admitted target, WipeRequest request) throws TargetException {
        new WipeJob(request).validate(target.target());
    }

    /**
     * Queues wipes started together; the service closes their targets from now on. All of them
     * count as unfinished before the first is queued, so the first to start plans its buffers
     * within its share of the budget, not the whole of it.
     */
    public void submit(List<Wipe<J>> wipes) {
        unfinished.addAndGet(wipes.size());
        int queued = 0;
        try {
            for (Wipe<J> w : wipes) {
                running.put(w.job(), new Running(w, new AtomicBoolean()));
                scheduler.submit(w.job(), w.target().queueKeys(), w.cancel(), () -> run(w));
                queued++;
            }
        } finally {
            unfinished.addAndGet(queued - wipes.size());
            for (Wipe<J> w : wipes.subList(queued, wipes.size())) {
                close(w.job(), running.remove(w.job()));
            }
        }
    }

    /** Cancels a job: a running one stops after its current requests; a queued one never starts. */
    public void cancel(J job) {
        scheduler.cancel(job);
    }

    /** Jobs submitted and not ended. */
    public int unfinished() {
        return unfinished.get();
    }

    /** Waits until every job has ended. */
    public void awaitIdle() throws InterruptedException {
        scheduler.awaitIdle();
    }

    /** The same, for at most {@code timeout}; returns whether every job has ended. */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        return scheduler.awaitIdle(timeout);
    }

    /** Cancels every job and takes no new ones; does not wait ({@link #awaitIdle} does). */
    @Override
    public void close() {
        scheduler.close();
    }

    /**
     * One job on its thread: the engine's job with its paperwork; the target is closed before the
     * front end sees the job's last event, so a job shown as ended is one whose device can be
     * opened again (a wipe started on it at once was refused as busy while the certificate was
     * still being written).
     */
    private Certifier.Report run(Wipe<J> w) throws TargetException {
        // a thread dump names the device each job writes
        Thread.currentThread().setName("blockwipe-job-" + w.target().target().info().name());
        jobThreads.run();
        LastEventHeld display = new LastEventHeld(w.display());
        try {
            return wipe(w, display);
        } finally {
            close(w.job(), running.get(w.job()));
            display.release();
        }
    }

    /**
     * The order that leaves no loose ends: the job is validated against the target first, so a
     * target it cannot run on leaves no log and no reserved certificate behind; then the log and
     * the journal open and the job runs (on from the journal, for a resumed wipe); then the
     * paperwork finishes, with a certificate or the reason there is none, whether the wipe erased,
     * failed or was cancelled. Should the job throw once the log is open, the log says so and is
     * closed before the exception goes on.
     */
    private Certifier.Report wipe(Wipe<J> w, WipeListener display) throws TargetException {
        OpenedTarget target = w.target().target();
        WipeJob job = new WipeJob(w.request(), keystreams, buffers, Math.max(1, unfinished.get()));
        job.validate(target);
        Journal journal = w.journal();
        Certifier.Paperwork paperwork = journal != null ? w.certifier().resume(target.info(), w.before(), journal)
                : w.certifier().begin(target.info(), w.before());
        // the paperwork first: an event is shown once the log and the journal have it (the first
        // journal is durable before "started" is shown, and before the first write)
        WipeListener events = WipeListener.all(paperwork, display);
        WipeResult result;
        try {
            result = journal != null ? job.resume(target, journal.plan(), journal.resumePoint(), events, w.cancel())
                    : job.run(target, events, w.cancel());
        } catch (TargetException | RuntimeException | Error e) {
            paperwork.abandon(e);
            throw e;
        }
        return paperwork.finish(result);
    }

    private void close(J job, Running r) {
        if (r != null && r.closed().compareAndSet(false, true)) {
            Admission.closeAll(List.of(r.wipe().target().target()), e -> listener.closeFailed(job, e));
        }
    }

    /**
     * Hands the engine's events to the front end, except its last one (Finished, Failed or
     * Cancelled), which waits until the job has written its paperwork and closed the target.
     * Job thread.
     */
    static final class LastEventHeld implements WipeListener {
        private final WipeListener display;
        private WipeEvent last;

        LastEventHeld(WipeListener display) {
            this.display = display;
        }

        @Override
        public void on(WipeEvent event) {
            if (event instanceof WipeEvent.End) {
                last = event;
            } else {
                display.on(event);
            }
        }

        void release() {
            if (last != null) {
                display.on(last);
            }
        }
    }
}
