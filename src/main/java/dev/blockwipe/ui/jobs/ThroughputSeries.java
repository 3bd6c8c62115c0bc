package dev.blockwipe.ui.jobs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The points of one throughput graph: at most one point per {@code spacing} seconds and at most
 * {@code capacity} points, oldest dropped first, so a graph shows a sliding window (10 minutes at
 * 2 points a second) and its memory never grows, however long the wipe runs.
 */
public final class ThroughputSeries {
    /** A point: seconds since the job started, MB/s. */
    public record Point(double seconds, double megabytesPerSecond) {
    }

    private final int capacity;
    private final double spacing;
    private final ArrayDeque<Point> points = new ArrayDeque<>();
    private double lastSeconds = Double.NEGATIVE_INFINITY;

    public ThroughputSeries(int capacity, double spacingSeconds) {
        this.capacity = capacity;
        this.spacing = spacingSeconds;
    }

    /** 10 minutes at 2 points a second. */
    public static ThroughputSeries tenMinutes() {
        return new ThroughputSeries(1200, 0.5);
    }

    /** Adds a point unless one was added less than the spacing ago; returns whether it did. */
    public boolean add(double seconds, double megabytesPerSecond) {
        return seconds - lastSeconds >= spacing && put(seconds, megabytesPerSecond);
    }

    /**
     * Adds the series' closing point however soon after the one before, so that a graph ends
     * where its job ended (a job over within its first quarter of a second still has a point);
     * returns whether it did, which it does not for a time that is not later than the last point.
     */
    public boolean close(double seconds, double megabytesPerSecond) {
        return seconds > lastSeconds && put(seconds, megabytesPerSecond);
    }

    private boolean put(double seconds, double megabytesPerSecond) {
        lastSeconds = seconds;
        points.addLast(new Point(seconds, megabytesPerSecond));
        while (points.size() > capacity) {
            points.removeFirst();
        }
        return true;
    }

    /** The newest point; only valid after a successful {@link #add}. */
    public Point last() {
        return points.getLast();
    }

    public int size() {
        return points.size();
    }

    public int capacity() {
        return capacity;
    }

    public List<Point> points() {
        return new ArrayList<>(points);
    }
}
