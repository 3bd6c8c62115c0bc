package dev.blockwipe.engine.job;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.io.IoContext;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;

/**
 * The options of one wipe, checked for consistency on their own (what depends on the target is
 * checked by {@link WipeJob#validate}).
 *
 * @param method       the method
 * @param verification the read-back
 * @param blank        add a final zero pass
 * @param blockSize    bytes per request, 0 for the default
 * @param queueDepth   requests in flight, 0 to choose from the device (2 on rotational media)
 * @param faults       what to do about bad sectors and stalls
 */
public record WipeRequest(WipeMethod method, Verification verification, boolean blank, int blockSize, int queueDepth,
                          FaultPolicy faults) {
    public static final int DEFAULT_BLOCK_SIZE = IoContext.DEFAULT_BLOCK_SIZE;
    public static final int MAX_BLOCK_SIZE = 64 << 20;
    public static final int MAX_QUEUE_DEPTH = 32;

    /** @throws IllegalArgumentException when the options contradict each other or are out of range */
    public WipeRequest {
        if (method.verificationRequired() && verification.isOff()) {
            throw new IllegalArgumentException(method.name() + " includes a verification: use --verify last, all or sample:N%");
        }
        if (blank && !method.technique().isOverwrite()) {
            throw new IllegalArgumentException("--blank adds a zero overwrite pass; " + method.name() + " does not overwrite");
        }
        if (blockSize != 0) {
            chosenBlockSize(blockSize);
        }
        if (queueDepth != 0) {
            chosenQueueDepth(queueDepth);
        }
    }

    /**
     * A block size the user chose: 512 bytes to {@link #MAX_BLOCK_SIZE}. Zero is not a choice (a
     * request's 0 stands for "not chosen"), so a user who gives it is refused, not given the default.
     *
     * @throws IllegalArgumentException when it is out of range
     */
    public static int chosenBlockSize(long bytes) {
        if (bytes < 512 || bytes > MAX_BLOCK_SIZE) {
            throw new IllegalArgumentException("block size must be between 512 bytes and " + Units.bytes(MAX_BLOCK_SIZE)
                    + ", not " + Units.bytes(bytes));
        }
        return (int) bytes;
    }

    /**
     * A queue depth the user chose: 1 to {@link #MAX_QUEUE_DEPTH} (0 stands for "not chosen", as
     * for the block size).
     *
     * @throws IllegalArgumentException when it is out of range
     */
    public static int chosenQueueDepth(int depth) {
        if (depth < 1 || depth > MAX_QUEUE_DEPTH) {
            throw new IllegalArgumentException("queue depth must be between 1 and " + MAX_QUEUE_DEPTH + ", not " + depth);
        }
        return depth;
    }

    public static WipeRequest of(WipeMethod method) {
        return new WipeRequest(method, new Verification.Last(), false, 0, 0, FaultPolicy.DEFAULT);
    }

    public WipeRequest withVerification(Verification v) {
        return new WipeRequest(method, v, blank, blockSize, queueDepth, faults);
    }

    public WipeRequest withBlank(boolean b) {
        return new WipeRequest(method, verification, b, blockSize, queueDepth, faults);
    }

    public WipeRequest withBlockSize(int size) {
        return new WipeRequest(method, verification, blank, size, queueDepth, faults);
    }

    public WipeRequest withFaults(FaultPolicy f) {
        return new WipeRequest(method, verification, blank, blockSize, queueDepth, f);
    }

    public WipeRequest withQueueDepth(int depth) {
        return new WipeRequest(method, verification, blank, blockSize, depth, faults);
    }
}
