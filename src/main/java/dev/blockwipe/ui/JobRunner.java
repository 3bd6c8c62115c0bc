package dev.blockwipe.ui;

import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.BlockTarget;
import dev.blockwipe.engine.Keystreams;
import dev.blockwipe.engine.TargetOpener;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.WipeJob;
import dev.blockwipe.engine.WipeResult;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javafx.concurrent.Task;

/**
 * Runs wipe jobs, each in its own {@link Task} on the application's one job executor. A job is
 * judged again from a fresh inventory right before it opens its target, and the open must find
 * the device that was listed (number, size, serial). Jobs on the same disk queue. FX thread only,
 * except for what runs inside the tasks.
 */
public final class JobRunner implements AutoCloseable {
    private final TargetOpener opener;
    private final InventorySource inventory;
    private final Preflight preflight;
    private final Consumer<JobViewModel> ended;
    private final WipeQueue<JobViewModel> queue = new WipeQueue<>();
    private final Map<JobViewModel, RowFacts> targets = new HashMap<>();
    private final ExecutorService executor;
    private final Keystreams keystreams;

    /**
     * @param ended called on the FX thread when a job has ended, however it ended
     */
    public JobRunner(TargetOpener opener, InventorySource inventory, Preflight preflight, Keystreams keystreams,
                     Consumer<JobViewModel> ended) {
        this.opener = opener;
        this.keystreams = keystreams;
        this.inventory = inventory;
        this.preflight = preflight;
        this.ended = ended;
        AtomicInteger n = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "blockwipe-job-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public void submit(JobViewModel job, RowFacts target) {
        targets.put(job, target);
        if (queue.offer(job.diskKey(), job)) {
            start(job);
        } else {
            queue.active(job.diskKey()).ifPresent(active -> job.waitFor(active.name()));
        }
    }

    /** Cancels a job: a running one stops after its current requests; a queued one never starts. */
    public void cancel(JobViewModel job) {
        job.cancel();
        if (queue.withdraw(job.diskKey(), job)) {
            targets.remove(job);
            job.cancelledBeforeStart();
            ended.accept(job);
        }
    }

    private void start(JobViewModel job) {
        RowFacts target = targets.remove(job);
        Task<WipeResult> task = new Task<>() {
            @Override
            protected WipeResult call() throws Exception {
                SafetyVerdict verdict = preflight.verdict(inventory.scan(), target.path(), target.identity(), false);
                if (verdict instanceof SafetyVerdict.Blocked b) {
                    throw new TargetRefusedException(target.path(), TargetRefusedException.Reason.BLOCKED,
                            "refused: " + b.describe());
                }
                try (BlockTarget t = opener.open(target.path(), Access.WRITE, target.identity())) {
                    return new WipeJob(job.request(), keystreams).run(t, job, job.cancelToken());
                }
            }
        };
        task.setOnSucceeded(e -> done(job));
        task.setOnFailed(e -> {
            Throwable error = task.getException();
            job.refused(error.getMessage() != null ? error.getMessage() : error.toString());
            done(job);
        });
        executor.execute(task);
    }

    private void done(JobViewModel job) {
        job.drain();
        ended.accept(job);
        queue.finished(job.diskKey()).ifPresent(this::start);
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
