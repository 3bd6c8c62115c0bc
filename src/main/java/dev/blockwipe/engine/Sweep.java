package dev.blockwipe.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

/**
 * One pass of requests over a {@link ChunkPlan}, with as many requests in flight as there are
 * buffers: each worker claims the next chunk in offset order, processes it with its own buffer,
 * and reports completion. The calling thread only watches: it reports progress at least every
 * {@link #TICK_MILLIS} ms, and stops the workers (each after its current request) on
 * cancellation, interruption or the first failure.
 *
 * <p>Chunks complete out of order when more than one is in flight; {@link #contiguousBytes()} is
 * the prefix of the target that is entirely done, the fact a checkpoint needs.
 */
final class Sweep {
    static final long TICK_MILLIS = 250;

    /** Processes one chunk with the worker's own buffer. */
    @FunctionalInterface
    interface ChunkWork {
        void process(Chunk chunk, ByteBuffer buffer) throws IOException;
    }

    /** Receives the number of bytes completed so far, on the calling thread. */
    @FunctionalInterface
    interface Ticker {
        void tick(long bytesDone);
    }

    private final ChunkPlan plan;
    private final AtomicLong next = new AtomicLong();
    private final AtomicLong bytesDone = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final TreeSet<Long> doneAhead = new TreeSet<>();
    private long contiguousIndex;
    private long contiguousBytes;
    private volatile boolean stopped;

    Sweep(ChunkPlan plan) {
        this.plan = plan;
    }

    /**
     * Runs the sweep to its end, or until cancelled.
     *
     * @param work a factory of per-worker chunk processors (each worker gets its own, so pattern
     *             sources and ciphers are never shared between threads)
     * @return true when every chunk was processed, false when cancelled or interrupted
     * @throws IOException the first failure of any worker, after all workers have stopped
     */
    boolean run(ExecutorService pool, List<ByteBuffer> buffers, IntFunction<ChunkWork> work,
                Ticker ticker, CancelToken cancel) throws IOException {
        CountDownLatch finished = new CountDownLatch(buffers.size());
        for (int w = 0; w < buffers.size(); w++) {
            int worker = w;
            pool.execute(() -> {
                try {
                    work(work.apply(worker), buffers.get(worker), cancel);
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                    stopped = true;
                } finally {
                    finished.countDown();
                }
            });
        }
        boolean interrupted = false;
        ticker.tick(0);
        while (true) {
            try {
                if (finished.await(TICK_MILLIS, TimeUnit.MILLISECONDS)) {
                    break;
                }
            } catch (InterruptedException e) {
                // Stop claiming new chunks but let the requests in flight complete: their buffers
                // must not be reused or freed while the kernel may still be reading them.
                interrupted = true;
                stopped = true;
            }
            ticker.tick(bytesDone.get());
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        ticker.tick(bytesDone.get());
        rethrowFailure();
        return allDone();
    }

    long bytesDone() {
        return bytesDone.get();
    }

    private synchronized boolean allDone() {
        return contiguousIndex == plan.count();
    }

    synchronized long contiguousBytes() {
        return contiguousBytes;
    }

    private void work(ChunkWork work, ByteBuffer buffer, CancelToken cancel) throws IOException {
        while (!stopped && !cancel.isCancelled()) {
            long index = next.getAndIncrement();
            if (index >= plan.count()) {
                return;
            }
            Chunk chunk = plan.chunk(index);
            work.process(chunk, buffer);
            bytesDone.addAndGet(chunk.length());
            completed(index, chunk.length());
        }
    }

    private synchronized void completed(long index, int length) {
        if (index != contiguousIndex) {
            doneAhead.add(index);
            return;
        }
        contiguousIndex++;
        contiguousBytes += length;
        while (!doneAhead.isEmpty() && doneAhead.first() == contiguousIndex) {
            doneAhead.pollFirst();
            contiguousBytes += plan.chunk(contiguousIndex).length();
            contiguousIndex++;
        }
    }

    private void rethrowFailure() throws IOException {
        Throwable t = failure.get();
        if (t == null) {
            return;
        }
        if (t instanceof IOException io) {
            throw io;
        }
        if (t instanceof UncheckedIOException u) {
            throw u.getCause();
        }
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }
}
