package dev.blockwipe.engine.io;

import dev.blockwipe.engine.CancelToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;

/**
 * One pass of requests over a {@link ChunkPlan}, with as many requests in flight as there are
 * buffers: each worker claims the next chunk in offset order (once the {@link Gate} lets it),
 * processes it with its own buffer, and reports completion. The calling thread only watches: it
 * reports progress at least every {@link #TICK_MILLIS} ms, and stops the workers (each after its
 * current request) on cancellation, interruption or the first failure.
 *
 * <p>Chunks complete out of order when more than one is in flight; {@link #contiguousBytes()} is
 * the prefix of the plan that is entirely done, the fact a checkpoint needs. The oldest request
 * in flight is reported with every tick, so that a request the device does not answer shows.
 */
public final class Sweep {
    public static final long TICK_MILLIS = 250;

    /** Processes one chunk with the worker's own buffer; returns the bytes that went through (bad sectors do not). */
    @FunctionalInterface
    public interface ChunkWork {
        long process(Chunk chunk, ByteBuffer buffer) throws IOException;
    }

    /** The oldest request in flight: where, and for how long so far. */
    public record InFlight(long offset, long nanos) {
    }

    /** Receives the bytes done so far and the oldest request in flight (or null), on the calling thread. */
    @FunctionalInterface
    public interface Ticker {
        void tick(long bytesDone, InFlight oldest);
    }

    /** Asked by each worker before it claims its next chunk: may hold new requests back. */
    @FunctionalInterface
    public interface Gate {
        Gate OPEN = stop -> {
        };

        /** Returns when requests may go on, or when {@code stop} says the sweep is over. */
        void awaitOpen(BooleanSupplier stop) throws InterruptedException;

        /** Open when each of {@code gates} is, asked in turn. */
        static Gate all(Gate... gates) {
            return stop -> {
                for (Gate g : gates) {
                    g.awaitOpen(stop);
                }
            };
        }
    }

    private final ChunkPlan plan;
    private final LongSupplier clock;
    private final Gate gate;
    private AtomicLongArray startedAt;
    private AtomicLongArray offsets;
    private final AtomicLong next = new AtomicLong();
    private final AtomicLong bytesDone = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final TreeSet<Long> doneAhead = new TreeSet<>();
    private long contiguousIndex;
    private long contiguousBytes;
    private volatile boolean stopped;

    public Sweep(ChunkPlan plan, LongSupplier clock) {
        this(plan, clock, Gate.OPEN);
    }

    public Sweep(ChunkPlan plan, LongSupplier clock, Gate gate) {
        this.plan = plan;
        this.clock = clock;
        this.gate = gate;
    }

    /**
     * Runs the sweep to its end, or until cancelled.
     *
     * @param work a factory of per-worker chunk processors (each worker gets its own, so pattern
     *             sources and ciphers are never shared between threads)
     * @return true when every chunk was processed, false when cancelled or interrupted
     * @throws IOException the first failure of any worker, after all workers have stopped
     */
    public boolean run(ExecutorService pool, List<ByteBuffer> buffers, IntFunction<ChunkWork> work,
                Ticker ticker, CancelToken cancel) throws IOException {
        CountDownLatch finished = new CountDownLatch(buffers.size());
        startedAt = new AtomicLongArray(buffers.size());
        offsets = new AtomicLongArray(buffers.size());
        for (int w = 0; w < buffers.size(); w++) {
            int worker = w;
            pool.execute(() -> {
                try {
                    work(worker, work.apply(worker), buffers.get(worker), cancel);
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                    stopped = true;
                } finally {
                    finished.countDown();
                }
            });
        }
        boolean interrupted = false;
        ticker.tick(0, null);
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
            ticker.tick(bytesDone.get(), oldest());
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        ticker.tick(bytesDone.get(), null);
        rethrowFailure();
        return allDone();
    }

    public long bytesDone() {
        return bytesDone.get();
    }

    private synchronized boolean allDone() {
        return contiguousIndex == plan.count();
    }

    public synchronized long contiguousBytes() {
        return contiguousBytes;
    }

    private void work(int worker, ChunkWork work, ByteBuffer buffer, CancelToken cancel) throws IOException {
        BooleanSupplier over = () -> stopped || cancel.isCancelled();
        while (!over.getAsBoolean()) {
            try {
                gate.awaitOpen(over);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (over.getAsBoolean()) {
                return;
            }
            long index = next.getAndIncrement();
            if (index >= plan.count()) {
                return;
            }
            Chunk chunk = plan.chunk(index);
            offsets.set(worker, chunk.offset());
            startedAt.set(worker, clock.getAsLong());
            long done;
            try {
                done = work.process(chunk, buffer);
            } finally {
                startedAt.set(worker, 0);
            }
            bytesDone.addAndGet(done);
            completed(index, chunk.length());
        }
    }

    /** The request in flight the longest, or null when none is. */
    private InFlight oldest() {
        long now = clock.getAsLong();
        InFlight oldest = null;
        for (int w = 0; w < startedAt.length(); w++) {
            long since = startedAt.get(w);
            if (since != 0 && (oldest == null || now - since > oldest.nanos())) {
                oldest = new InFlight(offsets.get(w), now - since);
            }
        }
        return oldest;
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
