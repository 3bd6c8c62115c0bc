package dev.blockwipe.engine;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads and buffers of one job: one worker thread and one page-aligned direct buffer per
 * request in flight, allocated once per job (direct memory is only returned by the garbage
 * collector, so per-pass allocation would pile up). Buffers for the expected data of a read-back
 * are allocated when a read-back first runs.
 */
final class IoContext implements AutoCloseable {
    static final int PAGE = 4096;
    /** Requests in flight on non-rotational devices; rotational ones get one. */
    static final int DEFAULT_QUEUE_DEPTH = 4;
    /** Bounds the I/O buffers of a job (a read-back adds as much again for the expected data). */
    static final long MAX_BUFFER_BYTES = 128L << 20;

    private final int depth;
    private final int blockSize;
    private final ExecutorService pool;
    private List<ByteBuffer> ioBuffers;
    private List<ByteBuffer> expectedBuffers;

    IoContext(String name, int depth, int blockSize) {
        this.depth = depth;
        this.blockSize = blockSize;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(depth, r -> {
            Thread t = new Thread(r, "blockwipe-io-" + name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The requests in flight for a target: as asked, or chosen from the device, within the memory bound. */
    static int depthFor(TargetInfo info, int requested, int blockSize) {
        int depth = requested > 0 ? requested : info.rotational() ? 1 : DEFAULT_QUEUE_DEPTH;
        return (int) Math.max(1, Math.min(depth, MAX_BUFFER_BYTES / blockSize));
    }

    /** O_DIRECT needs every request to be a whole number of logical blocks. */
    static void checkBlockSize(TargetInfo info, int blockSize) throws InvalidRequestException {
        if (blockSize % info.logicalBlockSize() != 0) {
            throw new InvalidRequestException(info.path(), "block size " + blockSize
                    + " is not a multiple of the logical block size (" + info.logicalBlockSize() + " bytes)");
        }
    }

    ExecutorService pool() {
        return pool;
    }

    int blockSize() {
        return blockSize;
    }

    List<ByteBuffer> ioBuffers() {
        if (ioBuffers == null) {
            ioBuffers = allocate();
        }
        return ioBuffers;
    }

    /** A single buffer list for sweeps that move no data through memory (range operations). */
    List<ByteBuffer> noBuffers() {
        return List.of(ByteBuffer.allocate(0));
    }

    /** Direct too: a native keystream writes into them, and the compare is vectorized either way. */
    List<ByteBuffer> expectedBuffers() {
        if (expectedBuffers == null) {
            expectedBuffers = allocate();
        }
        return expectedBuffers;
    }

    static ByteBuffer aligned(int size) {
        ByteBuffer raw = ByteBuffer.allocateDirect(size + PAGE);
        return raw.alignedSlice(PAGE).limit(size).slice();
    }

    private List<ByteBuffer> allocate() {
        List<ByteBuffer> list = new ArrayList<>(depth);
        for (int i = 0; i < depth; i++) {
            list.add(aligned(blockSize));
        }
        return Collections.unmodifiableList(list);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
