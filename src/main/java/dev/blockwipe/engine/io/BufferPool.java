package dev.blockwipe.engine.io;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The page-aligned direct buffers of every job of one process, within one budget of bytes: a
 * dozen disks at once take what the budget allows, not a full set of buffers each. A job leases
 * the buffers it wants for its requests in flight; when the budget is short it gets fewer (it then
 * has fewer requests in flight), but always at least its minimum, so that no job ever waits for
 * another to end: the budget can be exceeded by the minimum leases alone. Returned buffers are
 * kept for the next lease of the same size (direct memory is only given back by the garbage
 * collector, so reuse keeps a long session from growing); kept buffers of another size are given
 * up when a new size needs the room.
 *
 * <p>Thread-safe.
 */
public final class BufferPool {
    /** What one job could take before the pool was shared: the bound of a pool no one shares. */
    public static final long SINGLE_JOB_BUDGET = 256L << 20;
    /** The smallest budget a user may set: one request of the default size per job in flight, for a few jobs. */
    public static final long MIN_BUDGET = 8L << 20;
    private static final long MIN_DEFAULT = 64L << 20;
    private static final long MAX_DEFAULT = 1L << 30;

    private final long budget;
    private final Map<Integer, Deque<ByteBuffer>> kept = new HashMap<>();
    private long allocated;
    private long leased;

    public BufferPool(long budgetBytes) {
        if (budgetBytes <= 0) {
            throw new IllegalArgumentException("a buffer budget must be positive, not " + budgetBytes);
        }
        this.budget = budgetBytes;
    }

    /**
     * The budget where the user gave none: a thirty-second of the machine's memory, at least
     * 64 MiB and at most 1 GiB (a dozen jobs at full depth need a few hundred MiB; the rest of the
     * memory belongs to the page cache and the machine's other work).
     */
    public static long defaultBudget(long physicalMemoryBytes) {
        return Math.max(MIN_DEFAULT, Math.min(MAX_DEFAULT, physicalMemoryBytes / 32));
    }

    public long budget() {
        return budget;
    }

    /**
     * What each of {@code jobs} jobs that run together may plan its buffers with: an equal part of
     * the budget. A job whose usual requests do not fit its part plans smaller ones (see
     * {@code job.WipeJob}), so the minimum leases, which may exceed the budget, stay within it too.
     */
    public long share(int jobs) {
        if (jobs < 1) {
            throw new IllegalArgumentException("a share among " + jobs + " jobs");
        }
        return budget / jobs;
    }

    /** Bytes of buffers allocated and not given up: leased now, or kept for reuse. */
    public synchronized long allocated() {
        return allocated;
    }

    /** Bytes leased now. */
    public synchronized long leased() {
        return leased;
    }

    /**
     * Up to {@code wanted} buffers of {@code size} bytes, and at least {@code minimum} of them
     * (beyond the budget if need be), at once. New buffers are counted against the budget under
     * the pool's lock but made outside it: making one zeroes its memory, which on a machine whose
     * CPUs are busy writing other disks took seconds, and every other job's lease waited behind it
     * (a dozen jobs started one after another instead of side by side).
     *
     * @param maker makes a new buffer of {@code size} bytes: the job's target's {@link BlockTarget#allocate}.
     *              Kept buffers go to the next lease of their size whichever target made them: every
     *              target's buffers are page-aligned direct ones.
     */
    public Lease lease(int size, int wanted, int minimum, IntFunction<ByteBuffer> maker) {
        if (size <= 0 || minimum < 1 || wanted < minimum) {
            throw new IllegalArgumentException("lease of " + wanted + " buffers of " + size + " bytes, at least " + minimum);
        }
        List<ByteBuffer> granted = new ArrayList<>(wanted);
        int fresh = 0;
        synchronized (this) {
            while (granted.size() + fresh < wanted) {
                ByteBuffer b = kept(size);
                if (b != null) {
                    granted.add(b);
                } else if (reserve(size, granted.size() + fresh < minimum)) {
                    fresh++;
                } else {
                    break;
                }
            }
            leased += (long) (granted.size() + fresh) * size;
        }
        try {
            while (fresh > 0) {
                granted.add(maker.apply(size));
                fresh--;
            }
        } catch (OutOfMemoryError | RuntimeException e) {
            synchronized (this) {
                allocated -= (long) fresh * size;
                leased -= (long) fresh * size;
            }
            giveBack(size, granted);
            throw e;
        }
        return new Lease(size, Collections.unmodifiableList(granted));
    }

    /** A kept buffer of this size, or null. */
    private ByteBuffer kept(int size) {
        Deque<ByteBuffer> same = kept.get(size);
        return same != null && !same.isEmpty() ? same.pop() : null;
    }

    /** Counts a new buffer against the budget when it fits (or when {@code anyway}); false when it does not. */
    private boolean reserve(int size, boolean anyway) {
        if (allocated + size > budget) {
            giveUpKept(allocated + size - budget);
        }
        if (allocated + size > budget && !anyway) {
            return false;
        }
        allocated += size;
        return true;
    }

    /** Forgets kept buffers of other sizes until {@code bytes} are free (the collector frees their memory). */
    private void giveUpKept(long bytes) {
        long freed = 0;
        for (Iterator<Map.Entry<Integer, Deque<ByteBuffer>>> it = kept.entrySet().iterator(); it.hasNext() && freed < bytes; ) {
            Map.Entry<Integer, Deque<ByteBuffer>> e = it.next();
            while (!e.getValue().isEmpty() && freed < bytes) {
                e.getValue().pop();
                allocated -= e.getKey();
                freed += e.getKey();
            }
            if (e.getValue().isEmpty()) {
                it.remove();
            }
        }
    }

    private synchronized void giveBack(int size, List<ByteBuffer> buffers) {
        leased -= (long) buffers.size() * size;
        Deque<ByteBuffer> same = kept.computeIfAbsent(size, s -> new ArrayDeque<>());
        for (ByteBuffer b : buffers) {
            b.clear();
            same.push(b);
        }
        if (allocated > budget) {
            giveUpKept(allocated - budget);
        }
    }

    /** Buffers leased to one job (or one of its stages), given back when closed. */
    public final class Lease implements AutoCloseable {
        private final int size;
        private final List<ByteBuffer> buffers;
        private boolean closed;

        private Lease(int size, List<ByteBuffer> buffers) {
            this.size = size;
            this.buffers = buffers;
        }

        public List<ByteBuffer> buffers() {
            return buffers;
        }

        /** The buffers must no longer be in use: every request that used them has returned. */
        @Override
        public void close() {
            synchronized (BufferPool.this) {
                if (closed) {
                    return;
                }
                closed = true;
            }
            giveBack(size, buffers);
        }
    }
}
