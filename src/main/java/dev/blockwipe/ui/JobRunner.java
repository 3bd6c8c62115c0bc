package dev.blockwipe.ui;

import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.SharedScans;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.BufferPool;
import dev.blockwipe.engine.JobScheduler;
import dev.blockwipe.engine.Keystreams;
import dev.blockwipe.engine.WipeEvent;
import dev.blockwipe.engine.WipeJob;
import dev.blockwipe.engine.WipeListener;
import dev.blockwipe.report.CertifiedDevice;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Journal;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs wipe jobs on the engine's {@link JobScheduler}: jobs on the same disk queue, the rest run
 * at once. A job opens its target once, exclusively, and before the first write judges it again
 * from a fresh inventory and from what the open descriptor says: identity (number, disk sequence
 * number, size, serial, loop backing) and verdict must be those of the row the user confirmed, or
 * nothing is written; the jobs that check at the same moment share one scan ({@link SharedScans}).
 * Its paperwork starts only after that ({@link Certifier#wipe}). Called on the
 * FX thread (its {@link #close} waits, so the window calls it in the background); what the scheduler reports is handed
 * to the FX thread.
 */
public final class JobRunner implements AutoCloseable {
    /** Running jobs are cancelled before the window closes; this is how long they get to stop. */
    private static final Duration WIND_DOWN = Duration.ofSeconds(30);

    private final TargetOpener opener;
    private final Preflight preflight;
    private final Keystreams keystreams;
    private final BufferPool buffers;
    private final Runnable jobThreads;
    private final Supplier<Certifier> certifier;
    private final Consumer<JobViewModel> ended;
    private final Executor fx;
    private final JobScheduler<JobViewModel, Certifier.Report> scheduler;
    /** Jobs submitted and not ended: the jobs a new one shares the buffer budget with, itself included. */
    private final AtomicInteger unfinished = new AtomicInteger();

    /**
     * @param jobThreads runs first on every job's thread (see {@link Services#jobThreads})
     * @param fx         runs on the FX thread
     * @param ended      called on the FX thread when a job has ended, however it ended
     */
    public JobRunner(TargetOpener opener, InventorySource inventory, Keystreams keystreams, BufferPool buffers,
                     Runnable jobThreads, Supplier<Certifier> certifier, Executor fx, Consumer<JobViewModel> ended) {
        this.opener = opener;
        this.keystreams = keystreams;
        this.buffers = buffers;
        this.jobThreads = jobThreads;
        this.certifier = certifier;
        this.preflight = new Preflight(new SharedScans(inventory));
        this.ended = ended;
        this.fx = fx;
        this.scheduler = new JobScheduler<>("blockwipe-job", new JobScheduler.Listener<>() {
            @Override
            public void waiting(JobViewModel job, JobViewModel behind, String key) {
                fx.execute(() -> job.waitFor(behind.name(), key));
            }

            @Override
            public void ended(JobViewModel job, JobScheduler.Outcome<Certifier.Report> outcome) {
                unfinished.decrementAndGet();
                fx.execute(() -> done(job, outcome));
            }
        });
    }

    /** A wipe to queue: its job, its target, and the asset tag its certificate names ({@code ""} for none). */
    public record Wipe(JobViewModel job, RowFacts target, String assetTag) {
    }

    /**
     * Queues wipes started together. All of them count as unfinished before the first is queued,
     * so the first to start plans its buffers within its share of the budget, not the whole of it.
     */
    public void submit(List<Wipe> wipes) {
        unfinished.addAndGet(wipes.size());
        int queued = 0;
        try {
            for (Wipe w : wipes) {
                JobViewModel job = w.job();
                scheduler.submit(job, job.queueKeys(), job.cancelToken(), () -> wipe(job, w.target(), w.assetTag()));
                queued++;
            }
        } finally {
            unfinished.addAndGet(queued - wipes.size());
        }
    }

    /** Cancels a job: a running one stops after its current requests; a queued one never starts. */
    public void cancel(JobViewModel job) {
        job.cancel();
        scheduler.cancel(job);
    }

    private Certifier.Report wipe(JobViewModel job, RowFacts target, String assetTag) throws Exception {
        jobThreads.run();
        LastEventHeld events = new LastEventHeld(job);
        try {
            return wipe(job, events, target, assetTag);
        } finally {
            events.release();
        }
    }

    /** Opens the target, judges it again, wipes it and writes the paperwork; the device is closed on return. */
    private Certifier.Report wipe(JobViewModel job, WipeListener events, RowFacts target, String assetTag)
            throws Exception {
        try (OpenedTarget t = opener.open(target.path(), Access.WRITE)) {
            Preflight.Judgement judged = preflight.beforeFirstWrite(
                    List.of(new Preflight.Confirmed(t, target.identity(), target.verdict())), false).get(0);
            CertifiedDevice before = CertifiedDevice.before(judged).withAssetTag(assetTag);
            Certifier papers = certifier.get();
            papers.requireStorage(1).forEach(w -> fx.execute(() -> job.paperworkWarning(w)));
            int sharing = Math.max(1, unfinished.get());
            if (!job.resumes()) {
                return papers.wipe(t, new WipeJob(job.request(), keystreams, buffers, sharing), before, null, events,
                        job.cancelToken());
            }
            Journal journal = papers.interrupted(t.info(), before).orElseThrow(() -> new IOException(
                    "nothing to resume: the journal of " + target.name() + " is gone from " + papers.journalDir()));
            return papers.wipe(t, new WipeJob(journal.request(job.request().faults()), keystreams, buffers, sharing), before,
                    journal, events, job.cancelToken());
        }
    }

    /**
     * Hands the engine's events to the card, except its last one (Finished, Failed or Cancelled),
     * which waits until the job has written its paperwork and closed the device: a card that says
     * ERASED or CANCELLED is one whose device can be opened again (a wipe started on it at once
     * was refused as busy while the certificate was still being written). Job thread.
     */
    static final class LastEventHeld implements WipeListener {
        private final WipeListener card;
        private WipeEvent last;

        LastEventHeld(WipeListener card) {
            this.card = card;
        }

        @Override
        public void on(WipeEvent event) {
            if (event instanceof WipeEvent.End) {
                last = event;
            } else {
                card.on(event);
            }
        }

        void release() {
            if (last != null) {
                card.on(last);
            }
        }
    }

    /** FX thread. */
    private void done(JobViewModel job, JobScheduler.Outcome<Certifier.Report> outcome) {
        if (outcome instanceof JobScheduler.Outcome.Done<Certifier.Report> d) {
            // the engine's last events first: its result's summary is the message that the
            // journal's "resumable" hint is added to (the frames drain only four times a second)
            job.drain();
            Certifier.Report c = d.value();
            if (c.files() != null) {
                job.certified(c.files());
            }
            if (c.files() == null) {
                job.uncertified("could not be written: " + c.uncertified() + (c.journalKept() && !c.resumable()
                        ? "; its journal is kept: Resume… on the row reads the device back and writes it" : ""));
            } else if (c.misplaced() != null) {
                job.uncertified("not in the reports directory: " + c.misplaced());
            }
            job.journal(c.resumable(), c.problems());
            job.reported(c.result());
        } else if (outcome instanceof JobScheduler.Outcome.Failed<Certifier.Report> f) {
            Throwable error = f.error();
            job.refused(error.getMessage() != null ? error.getMessage() : error.toString());
        } else {
            job.cancelledBeforeStart();
        }
        ended.accept(job);
    }

    /** Waits a while for running jobs (already cancelled) to wind down, then lets their threads go. */
    @Override
    public void close() {
        try {
            scheduler.awaitIdle(WIND_DOWN);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        scheduler.close();
    }
}
