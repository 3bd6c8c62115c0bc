package dev.blockwipe.engine.job;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Throughput of one stage from a monotonic clock: the current rate over the last second, the
 * average since the start, and a speed profile whose memory stays bounded however long the stage
 * runs (when {@link #MAX_POINTS} is reached, neighbouring points are merged and the resolution
 * halves).
 */
final class Throughput {
    static final int MAX_POINTS = 1024;
    private static final long WINDOW_NANOS = 1_000_000_000L;
    private static final int RING = 16;

    private final long startNanos;
    private final long[] ringNanos = new long[RING];
    private final long[] ringBytes = new long[RING];
    private int ringSize;
    private int ringHead;
    private List<ThroughputPoint> points = new ArrayList<>();
    private long lastNanos;
    private long lastBytes;
    private double currentRate;

    Throughput(long startNanos) {
        this.startNanos = startNanos;
        this.lastNanos = startNanos;
        push(startNanos, 0);
    }

    /** Records that {@code bytes} are done at {@code nanos} (same clock as the start). */
    void update(long nanos, long bytes) {
        if (nanos <= lastNanos) {
            return;
        }
        int oldest = ringSize < RING ? 0 : ringHead;
        int from = oldest;
        // the newest sample that is at least a window old, so the rate covers about one second
        for (int i = 0; i < ringSize; i++) {
            int idx = (oldest + i) % RING;
            if (nanos - ringNanos[idx] >= WINDOW_NANOS) {
                from = idx;
            }
        }
        currentRate = (bytes - ringBytes[from]) * 1e9 / (nanos - ringNanos[from]);
        push(nanos, bytes);
        lastNanos = nanos;
        lastBytes = bytes;
        points.add(new ThroughputPoint((nanos - startNanos) / 1e9, currentRate, bytes));
        if (points.size() >= MAX_POINTS) {
            halve();
        }
    }

    /**
     * The stage ends at {@code nanos}: its data is acknowledged by the device (the sync after a
     * pass). The average and the elapsed time run to here, so a device that took the writes into
     * a cache and needed seconds to flush them is not credited with the cache's speed; the
     * profile and the current rate stay as the writes left them.
     */
    void finish(long nanos) {
        lastNanos = Math.max(lastNanos, nanos);
    }

    double currentRate() {
        return currentRate;
    }

    double averageRate() {
        long elapsed = lastNanos - startNanos;
        return elapsed > 0 ? lastBytes * 1e9 / elapsed : 0;
    }

    Duration elapsed() {
        return Duration.ofNanos(lastNanos - startNanos);
    }

    List<ThroughputPoint> profile() {
        return List.copyOf(points);
    }

    private void push(long nanos, long bytes) {
        int idx = ringSize < RING ? ringSize++ : ringHead;
        ringNanos[idx] = nanos;
        ringBytes[idx] = bytes;
        if (ringSize == RING) {
            ringHead = (idx + 1) % RING;
        }
    }

    private void halve() {
        List<ThroughputPoint> merged = new ArrayList<>(points.size() / 2 + 1);
        for (int i = 0; i + 1 < points.size(); i += 2) {
            ThroughputPoint a = points.get(i);
            ThroughputPoint b = points.get(i + 1);
            merged.add(new ThroughputPoint(b.seconds(), (a.bytesPerSecond() + b.bytesPerSecond()) / 2, b.bytesDone()));
        }
        if (points.size() % 2 == 1) {
            merged.add(points.get(points.size() - 1));
        }
        points = merged;
    }
}
