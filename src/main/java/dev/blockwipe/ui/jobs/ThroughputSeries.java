package dev.blockwipe.ui.jobs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The points of one throughput graph: at most one point per {@code spacing} seconds, at most
 * {@code capacity} points and none {@code capacity × spacing} seconds or more older than the
 * newest, oldest dropped first, so a graph shows a sliding window (10 minutes at 2 points a
 * second) and its memory never grows, however long the wipe runs or the window stays open.
 *
 * <p>A graph of several jobs has pauses, when none runs: {@link #pause} drops it to zero where
 * the pause starts and the next point rises from zero just before it, so the pause is drawn as
 * the zero it was, not as a straight line from the last speed before it to the first after.
 */
public final class ThroughputSeries {
    /** A point: seconds on the graph's clock (since the job started, or the time of day), MB/s. */
    public record Point(double seconds, double megabytesPerSecond) {
    }

    private final int capacity;
    private final double spacing;
    private final ArrayDeque<Point> points = new ArrayDeque<>();
    private double lastSeconds = Double.NEGATIVE_INFINITY;
    private boolean paused;

    public ThroughputSeries(int capacity, double spacingSeconds) {
        this.capacity = capacity;
        this.spacing = spacingSeconds;
    }

    /** 10 minutes at 2 points a second. */
    public static ThroughputSeries tenMinutes() {
        return new ThroughputSeries(1200, 0.5);
    }

    /**
     * Adds a point unless one was added less than the spacing ago (after a pause, a zero one
     * spacing before it first); returns whether it did.
     */
    public boolean add(double seconds, double megabytesPerSecond) {
        if (seconds - lastSeconds < spacing) {
            return false;
        }
        if (paused && seconds - spacing > lastSeconds) {
            put(seconds - spacing, 0);
        }
        paused = false;
        return put(seconds, megabytesPerSecond);
    }

    /**
     * Adds the series' closing point however soon after the one before, so that a graph ends
     * where its job ended (a job over within its first quarter of a second still has a point);
     * returns whether it did, which it does not for a time that is not later than the last point.
     */
    public boolean close(double seconds, double megabytesPerSecond) {
        return seconds > lastSeconds && put(seconds, megabytesPerSecond);
    }

    /**
     * Nothing runs from {@code seconds} on: the series drops to zero there (once, and not before
     * its first point); returns whether it added a point.
     */
    public boolean pause(double seconds) {
        if (points.isEmpty() || paused) {
            return false;
        }
        paused = true;
        return points.getLast().megabytesPerSecond() != 0 && close(Math.max(seconds, Math.nextUp(lastSeconds)), 0);
    }

    private boolean put(double seconds, double megabytesPerSecond) {
        lastSeconds = seconds;
        points.addLast(new Point(seconds, megabytesPerSecond));
        while (points.size() > capacity || points.getFirst().seconds() <= seconds - capacity * spacing) {
            points.removeFirst();
        }
        return true;
    }

    public int size() {
        return points.size();
    }

    public List<Point> points() {
        return new ArrayList<>(points);
    }

    /**
     * Makes {@code copy}, made of {@code points} by this method before, equal to them again: drops
     * from its front what left the points' window and appends what came since, in one change each
     * (every change to a chart's data lays the chart out again).
     *
     * @param as      a point as the copy holds it
     * @param seconds the time of an element of the copy
     */
    public static <T> void mirror(List<Point> points, List<T> copy, Function<Point, T> as, ToDoubleFunction<T> seconds) {
        if (points.isEmpty()) {
            copy.clear();
            return;
        }
        double first = points.get(0).seconds();
        int gone = 0;
        while (gone < copy.size() && seconds.applyAsDouble(copy.get(gone)) < first) {
            gone++;
        }
        if (gone > 0) {
            copy.subList(0, gone).clear();
        }
        double last = copy.isEmpty() ? Double.NEGATIVE_INFINITY : seconds.applyAsDouble(copy.get(copy.size() - 1));
        int from = points.size();
        while (from > 0 && points.get(from - 1).seconds() > last) {
            from--;
        }
        if (from < points.size()) {
            copy.addAll(points.subList(from, points.size()).stream().map(as).toList());
        }
    }
}
