package dev.blockwipe.tui;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The console UI's "FX thread": the view models hand their work to it from background and job
 * threads ({@code Services.fx}), and the console's loop runs it between key strokes and frames.
 * Thread-safe to submit to; only the loop's thread runs.
 */
final class UiThread implements Executor {
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
    }

    /** Runs what is queued, waiting up to {@code millis} for the first task when none is. */
    void runPending(long millis) throws InterruptedException {
        Runnable first = tasks.poll(millis, TimeUnit.MILLISECONDS);
        if (first == null) {
            return;
        }
        first.run();
        for (Runnable next = tasks.poll(); next != null; next = tasks.poll()) {
            next.run();
        }
    }
}
