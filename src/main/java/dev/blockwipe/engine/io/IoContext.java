package dev.blockwipe.engine.io;

import dev.blockwipe.engine.DaemonThreads;
import dev.blockwipe.engine.InvalidRequestException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntFunction;

/**
 * The threads and buffers of one job: one worker thread per request in flight, and the job's
 * page-aligned direct buffers leased from the process's {@link BufferPool} when first needed and
 * kept for the whole job (per-pass allocation of direct memory would pile up until the collector
 * ran). When the pool is short the job gets fewer buffers than it has threads, and so fewer
 * requests in flight. Buffers for the expected data of a read-back of random data are leased when
 * such a read-back first runs.
 */
public final class IoContext implements AutoCloseable {
    /** Bytes per request when nothing calls for another size (the default of {@code WipeRequest}). */
    public static final int DEFAULT_BLOCK_SIZE = 4 << 20;
    /** Bounds the I/O buffers a job asks for (a read-back of random data asks as much again for the expected data). */
    public static final long MAX_BUFFER_BYTES = 128L << 20;
    private static final int MAX_GENERATORS = 8;
    private static final int COPYING_BLOCK_SIZE = 8 << 20;
    /**
     * The smallest request a job's share of the buffer budget halves its requests to: a spinning
     * disk streams at full speed with it, and two of them for each of 48 jobs take 96 MiB.
     */
    public static final int MIN_SHARED_BLOCK_SIZE = 1 << 20;

    private final int depth;
    private final int blockSize;
    private final BufferPool buffers;
    private final IntFunction<ByteBuffer> maker;
    private final ExecutorService pool;
    private BufferPool.Lease io;
    private BufferPool.Lease expected;

    /** @param maker makes the job's new buffers: its target's {@link BlockTarget#allocate} */
    public IoContext(String name, BufferPool buffers, IntFunction<ByteBuffer> maker, int depth, int blockSize) {
        this.depth = depth;
        this.blockSize = blockSize;
        this.buffers = buffers;
        this.maker = maker;
        this.pool = Executors.newFixedThreadPool(depth, DaemonThreads.numbered("blockwipe-io-" + name));
    }

    /**
     * Bytes per request of a repeating pattern (and of its read-back) when the user did not choose:
     * 4 MiB, or 8 MiB on a device that copies one request at a time. There the kernel's copy is the
     * cost, and with the data coming from a cache-resident template (JobRun), larger requests won,
     * writing and reading back (src/docs/speed.md, "Figures behind the code's choices").
     * Halved while two requests in flight would not fit the job's {@code share} of the buffer budget.
     */
    public static int blockSizeFor(TargetInfo info, long share) {
        return fitted(copiesOneAtATime(info) ? COPYING_BLOCK_SIZE : DEFAULT_BLOCK_SIZE, 2, share);
    }

    /**
     * Bytes per request of random passes and of their read-backs: 4 MiB, halved while two requests
     * in flight would not fit the job's {@code share} of the buffer budget. A random pass
     * cannot write from a template, so its data goes through memory, and fewer, larger requests
     * cost the kernel less per byte on memory-backed and virtual disks alike (src/docs/speed.md).
     */
    public static int randomBlockSizeFor(long share) {
        return fitted(DEFAULT_BLOCK_SIZE, 2, share);
    }

    /** {@code size}, halved while {@code buffers} of it exceed {@code share}, but not below {@link #MIN_SHARED_BLOCK_SIZE}. */
    private static int fitted(int size, int buffers, long share) {
        int fitted = size;
        while (fitted > MIN_SHARED_BLOCK_SIZE && (long) buffers * fitted > share) {
            fitted /= 2;
        }
        return fitted;
    }

    /** A loop device without direct I/O: the loop thread copies every request, one at a time. */
    private static boolean copiesOneAtATime(TargetInfo info) {
        return info.deviceQueueDepth() == 1 && !info.rotational();
    }

    /**
     * The requests in flight for a target: as asked, or what the device takes but at least two,
     * so one request is prepared or compared while the other is with the device; within the
     * memory bound and the job's {@code share} of the budget. A spinning disk gets two as well:
     * they are consecutive blocks of one sequential stream, so the head does not seek, and the disk
     * never waits for the next request (src/docs/speed.md). More would not help a single head, and separate streams on one disk are
     * what the job queue keeps apart.
     */
    public static int depthFor(TargetInfo info, int requested, int blockSize, long share) {
        int depth = requested > 0 ? requested : Math.max(2, info.deviceQueueDepth());
        return bounded(depth, blockSize, share);
    }

    /**
     * Workers for a random pass (or a read-back of one): generating the keystream keeps a core busy
     * at a rate a fast device outruns, so where the device allows it, up to two workers per core
     * overlap generation with the writes (src/docs/speed.md). A spinning
     * disk keeps its two. Their buffers of {@code bufferSize} fit the job's {@code share}.
     */
    public static int generatorsFor(TargetInfo info, int requested, int bufferSize, long share) {
        if (requested > 0 || info.rotational()) {
            return depthFor(info, requested, bufferSize, share);
        }
        int cores = Runtime.getRuntime().availableProcessors();
        return bounded(Math.max(info.deviceQueueDepth(), Math.min(MAX_GENERATORS, 2 * cores)), bufferSize, share);
    }

    private static int bounded(int depth, int blockSize, long share) {
        return (int) Math.max(1, Math.min(depth, Math.min(MAX_BUFFER_BYTES, share) / blockSize));
    }

    /** O_DIRECT needs every request to be a whole number of logical blocks. */
    public static void checkBlockSize(TargetInfo info, int blockSize) throws InvalidRequestException {
        if (blockSize % info.logicalBlockSize() != 0) {
            throw new InvalidRequestException(info.path(), "block size " + blockSize
                    + " is not a multiple of the logical block size (" + info.logicalBlockSize() + " bytes)");
        }
    }

    public ExecutorService pool() {
        return pool;
    }

    public int blockSize() {
        return blockSize;
    }

    /** The job's I/O buffers: as many as it has workers, or fewer (at least one) when the pool is short. */
    public List<ByteBuffer> ioBuffers() {
        if (io == null) {
            io = buffers.lease(blockSize, depth, 1, maker);
        }
        return io.buffers();
    }

    /** The first {@code wanted} I/O buffers, or all of them when there are fewer. */
    public List<ByteBuffer> ioBuffers(int wanted) {
        List<ByteBuffer> all = ioBuffers();
        return all.subList(0, Math.min(wanted, all.size()));
    }

    /** A single buffer list for sweeps that move no data through memory (range operations). */
    public List<ByteBuffer> noBuffers() {
        return List.of(ByteBuffer.allocate(0));
    }

    /**
     * Buffers for the data a read-back of random data expects, one per reading worker (fewer when
     * the pool is short; the read-back then reads with fewer in flight), leased by the job thread
     * before the read-back's workers start. Direct too: a native keystream writes into them, and
     * the compare is vectorized either way.
     */
    public List<ByteBuffer> expectedBuffers() {
        if (expected == null) {
            expected = buffers.lease(blockSize, depth, 1, maker);
        }
        return expected.buffers();
    }

    /** Stops the workers and gives the buffers back: every sweep has ended, so no request still uses them. */
    @Override
    public void close() {
        pool.shutdownNow();
        if (io != null) {
            io.close();
        }
        if (expected != null) {
            expected.close();
        }
    }
}
