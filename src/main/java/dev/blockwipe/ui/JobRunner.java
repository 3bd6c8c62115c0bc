package dev.blockwipe.ui;

import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.JobQueue;
import dev.blockwipe.engine.Keystreams;
import dev.blockwipe.engine.WipeJob;
import dev.blockwipe.engine.WipeListener;
import dev.blockwipe.engine.WipeResult;
import dev.blockwipe.report.CertifiedDevice;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Journal;
import dev.blockwipe.report.ReportStore;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.concurrent.Task;

/**
 * Runs wipe jobs, each in its own {@link Task} on the application's one job executor. A job opens
 * its target once, exclusively, and before the first write judges it again from a fresh inventory
 * and from what the open descriptor says: identity (number, disk sequence number, size, serial,
 * loop backing) and verdict must be those of the row the user confirmed, or nothing is written.
 * Jobs on the same disk queue. FX thread only, except for what runs inside the tasks.
 */
public final class JobRunner implements AutoCloseable {
    private final TargetOpener opener;
    private final Preflight preflight;
    private final Consumer<JobViewModel> ended;
    private final JobQueue<JobViewModel> queue = new JobQueue<>();
    private final Map<JobViewModel, Pending> targets = new HashMap<>();

    /** A job's target as the dialog showed it, and the asset tag its certificate names ({@code ""} for none). */
    private record Pending(RowFacts target, String assetTag) {
    }
    private final ExecutorService executor;
    private final Keystreams keystreams;
    private final Supplier<Certifier> certifier;

    /**
     * @param ended called on the FX thread when a job has ended, however it ended
     */
    public JobRunner(TargetOpener opener, InventorySource inventory, Keystreams keystreams,
                     Supplier<Certifier> certifier, Consumer<JobViewModel> ended) {
        this.opener = opener;
        this.keystreams = keystreams;
        this.certifier = certifier;
        this.preflight = new Preflight(inventory);
        this.ended = ended;
        AtomicInteger n = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "blockwipe-job-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public void submit(JobViewModel job, RowFacts target, String assetTag) {
        targets.put(job, new Pending(target, assetTag));
        if (queue.offer(job, job.queueKeys())) {
            start(job);
        } else {
            showBlocker(job);
        }
    }

    private void showBlocker(JobViewModel job) {
        queue.blocker(job).ifPresent(b -> job.waitFor(b.getKey().name(), b.getValue()));
    }

    /** Cancels a job: a running one stops after its current requests; a queued one never starts. */
    public void cancel(JobViewModel job) {
        job.cancel();
        if (queue.withdraw(job)) {
            targets.remove(job);
            job.cancelledBeforeStart();
            ended.accept(job);
        }
    }

    private void start(JobViewModel job) {
        Pending pending = targets.remove(job);
        RowFacts target = pending.target();
        Task<Certified> task = new Task<>() {
            @Override
            protected Certified call() throws Exception {
                try (OpenedTarget t = opener.open(target.path(), Access.WRITE)) {
                    Preflight.Judgement judged = preflight.recheck(preflight.scan(target.path()), t, target.identity(),
                            target.verdict(), false);
                    CertifiedDevice before = CertifiedDevice.before(judged).withAssetTag(pending.assetTag());
                    Certifier papers = certifier.get();
                    if (!job.resumes()) {
                        Certifier.Paperwork paperwork = papers.begin(t.info(), before);
                        return certify(paperwork, new WipeJob(job.request(), keystreams)
                                .run(t, WipeListener.all(job, paperwork), job.cancelToken()));
                    }
                    Journal journal = papers.interrupted(t.info(), before).orElseThrow(() -> new IOException(
                            "nothing to resume: the journal of " + target.name() + " is gone from " + papers.journalDir()));
                    Certifier.Paperwork paperwork = papers.resume(t.info(), before, journal);
                    return certify(paperwork, new WipeJob(journal.request(job.request().faults()), keystreams)
                            .resume(t, journal.plan(), journal.resumePoint(), WipeListener.all(job, paperwork),
                                    job.cancelToken()));
                }
            }
        };
        task.setOnSucceeded(e -> {
            Certified c = task.getValue();
            if (c.files() != null) {
                job.certified(c.files());
            } else {
                job.uncertified(c.problem());
            }
            job.journal(c.resumable(), c.journalProblem());
            done(job);
        });
        task.setOnFailed(e -> {
            Throwable error = task.getException();
            job.refused(error.getMessage() != null ? error.getMessage() : error.toString());
            done(job);
        });
        executor.execute(task);
    }

    /** A job's certificate (or why there is none), and whether it can be resumed (or why not). */
    private record Certified(ReportStore.CertificateFiles files, String problem, boolean resumable,
                             String journalProblem) {
    }

    private static Certified certify(Certifier.Paperwork paperwork, WipeResult result) {
        ReportStore.CertificateFiles files = null;
        String problem = null;
        try {
            files = paperwork.finish(result);
        } catch (IOException e) {
            problem = e.getMessage();
        }
        return new Certified(files, problem, paperwork.resumable(), paperwork.journalProblem());
    }

    private void done(JobViewModel job) {
        job.drain();
        ended.accept(job);
        queue.finished(job).forEach(this::start);
        queue.waiting().forEach(this::showBlocker);
    }

    /** Waits up to {@code seconds} for running jobs (already cancelled) to wind down, then stops the threads. */
    @Override
    public void close() {
        executor.shutdown();
        try {
            executor.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        executor.shutdownNow();
    }
}
