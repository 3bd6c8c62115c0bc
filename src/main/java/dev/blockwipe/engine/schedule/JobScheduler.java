package dev.blockwipe.engine.schedule;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.DaemonThreads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs jobs on threads it owns, each as soon as none of its queue keys (the disks it must have to
 * itself) is held by a running job or claimed by one that came before ({@link JobQueue}): jobs on
 * one disk run one after another, jobs on separate disks at once. Every submitted job ends exactly
 * once, reported to the {@link Listener}: with what its work returned, with what its work threw, or
 * not started because it was cancelled before its turn came.
 *
 * <p>Thread-safe. The listener is called on the scheduler's threads, or on the thread that submits
 * or cancels, and never while the scheduler holds its lock: a window hands the calls on to its own
 * thread, a console prints them.
 */
public final class JobScheduler<J, R> implements AutoCloseable {

    /** A job's blocking body; it checks its {@link CancelToken} and returns early when asked. */
    @FunctionalInterface
    public interface Work<R> {
        R run() throws Exception;
    }

    /** How a job ended. */
    public sealed interface Outcome<R> {
        /** The work ran and returned {@code value}. */
        record Done<R>(R value) implements Outcome<R> {
        }

        /** The work ran and threw {@code error}. */
        record Failed<R>(Throwable error) implements Outcome<R> {
        }

        /** Cancelled before its turn: the work never ran. */
        record NotStarted<R>() implements Outcome<R> {
        }
    }

    public interface Listener<J, R> {
        /**
         * {@code job} waits for {@code behind}, which holds or claims {@code key}; called when it
         * starts to wait and again when it waits for another job than before.
         */
        void waiting(J job, J behind, String key);

        /** {@code job} ended; called exactly once per submitted job, before its keys are free for the next. */
        void ended(J job, Outcome<R> outcome);
    }

    private record Entry<R>(CancelToken cancel, Work<R> work) {
    }

    private record Blocked<J>(J job, Map.Entry<J, String> blocker) {
    }

    private final Listener<J, R> listener;
    private final ExecutorService executor;
    private final JobQueue<J> queue = new JobQueue<>();
    private final Map<J, Entry<R>> jobs = new HashMap<>();
    private final Map<J, Map.Entry<J, String>> announced = new HashMap<>();
    private boolean closed;

    /** @param threadName the prefix of the job threads' names ("blockwipe-job" → blockwipe-job-1, ...) */
    public JobScheduler(String threadName, Listener<J, R> listener) {
        this.listener = listener;
        this.executor = Executors.newCachedThreadPool(DaemonThreads.numbered(threadName));
    }

    /**
     * Runs {@code work} as soon as no other job holds one of {@code queueKeys}.
     *
     * @param cancel the job's token: {@link #cancel} sets it, and a job whose token is set when its
     *               turn comes does not start
     * @throws IllegalStateException the job was submitted already, or the scheduler is closed
     */
    public void submit(J job, Set<String> queueKeys, CancelToken cancel, Work<R> work) {
        boolean now;
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the job scheduler is closed");
            }
            if (jobs.putIfAbsent(job, new Entry<>(cancel, work)) != null) {
                throw new IllegalStateException(job + " was submitted already");
            }
            now = queue.offer(job, queueKeys);
        }
        if (now) {
            start(job);
        } else {
            announceBlockers();
        }
    }

    /**
     * Cancels {@code job}: a running one through its token (it stops after its current requests);
     * one that waits leaves the queue and ends {@link Outcome.NotStarted} at once. Nothing happens
     * for a job that has ended.
     */
    public void cancel(J job) {
        boolean withdrawn;
        synchronized (this) {
            Entry<R> entry = jobs.get(job);
            if (entry == null) {
                return;
            }
            entry.cancel().cancel();
            withdrawn = queue.withdraw(job);
        }
        if (withdrawn) {
            end(job, new Outcome.NotStarted<>());
        }
    }

    /** Cancels every job that has not ended. */
    public void cancelAll() {
        List<J> all;
        synchronized (this) {
            all = List.copyOf(jobs.keySet());
        }
        all.forEach(this::cancel);
    }

    /** Waits until every submitted job has ended (and its listener call has returned). */
    public synchronized void awaitIdle() throws InterruptedException {
        while (!jobs.isEmpty()) {
            wait();
        }
    }

    /** The same, for at most {@code timeout}; returns whether every job has ended. */
    public synchronized boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!jobs.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(left / 1_000_000, (int) (left % 1_000_000));
        }
        return true;
    }

    /**
     * Cancels every job and takes no new ones; running jobs wind down on their threads, which end
     * with them. Does not wait: {@link #awaitIdle} does.
     */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        cancelAll();
        executor.shutdown();
    }

    private void start(J job) {
        Entry<R> entry;
        synchronized (this) {
            entry = jobs.get(job);
        }
        if (entry.cancel().isCancelled()) {
            end(job, new Outcome.NotStarted<>());
            return;
        }
        try {
            executor.execute(() -> end(job, run(entry)));
        } catch (RejectedExecutionException e) {
            end(job, new Outcome.Failed<>(e));
        }
    }

    private Outcome<R> run(Entry<R> entry) {
        // a cancel may have come between the turn and the thread
        if (entry.cancel().isCancelled()) {
            return new Outcome.NotStarted<>();
        }
        try {
            return new Outcome.Done<>(entry.work().run());
        } catch (Throwable e) {
            // a scheduler loses nothing: whatever the work threw is its outcome
            return new Outcome.Failed<>(e);
        }
    }

    /** Reports the end, then frees the job's keys and starts the jobs that waited for them. */
    private void end(J job, Outcome<R> outcome) {
        try {
            listener.ended(job, outcome);
        } finally {
            List<J> next;
            synchronized (this) {
                jobs.remove(job);
                announced.remove(job);
                next = queue.finished(job);
                notifyAll();
            }
            next.forEach(this::start);
            announceBlockers();
        }
    }

    /** Tells the listener about every waiting job whose blocker is new. */
    private void announceBlockers() {
        List<Blocked<J>> changed = new ArrayList<>();
        synchronized (this) {
            for (J waiting : queue.waiting()) {
                queue.blocker(waiting).filter(b -> !b.equals(announced.put(waiting, b)))
                        .ifPresent(b -> changed.add(new Blocked<>(waiting, b)));
            }
        }
        changed.forEach(c -> listener.waiting(c.job(), c.blocker().getKey(), c.blocker().getValue()));
    }
}
