package dev.blockwipe.devices.identify;

/**
 * When and where an identification without a locate LED reads: half a second of reads, half a
 * second of rest, so that the drive's activity LED blinks once a second instead of glowing; each
 * read 1 MiB, at offsets spread over the whole device by the golden ratio, so that no two
 * neighbouring reads are near each other (a disk's cache cannot answer them, its head moves).
 */
final class Bursts {
    static final long PERIOD_NANOS = 1_000_000_000L;
    static final long BURST_NANOS = PERIOD_NANOS / 2;
    static final int REQUEST = 1 << 20;
    private static final double GOLDEN = 0.6180339887498949;

    private final long size;
    private final int blockSize;
    private final int length;

    /**
     * @param size      the device's size in bytes
     * @param blockSize its logical block size: every offset and length is a multiple of it
     */
    Bursts(long size, int blockSize) {
        this.size = size;
        this.blockSize = blockSize;
        this.length = (int) Math.min(REQUEST, size - size % blockSize);
    }

    /** Bytes per read: 1 MiB, or the whole device where it is smaller; 0 when it holds not one block. */
    int length() {
        return length;
    }

    /** Whether {@code elapsed} nanoseconds after the start fall in a burst of reads (else in a rest). */
    static boolean reading(long elapsed) {
        return elapsed % PERIOD_NANOS < BURST_NANOS;
    }

    /** Nanoseconds from {@code elapsed} to the start of the next burst. */
    static long untilNextBurst(long elapsed) {
        return PERIOD_NANOS - elapsed % PERIOD_NANOS;
    }

    /** Where the {@code n}th read starts: a multiple of the block size, with the whole read inside the device. */
    long offset(long n) {
        long positions = (size - length) / blockSize + 1;
        double spread = (n * GOLDEN) % 1.0;
        return Math.min(positions - 1, (long) (spread * positions)) * blockSize;
    }
}
