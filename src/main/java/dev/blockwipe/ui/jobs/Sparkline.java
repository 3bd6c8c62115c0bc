package dev.blockwipe.ui.jobs;

import java.util.List;
import javafx.collections.ObservableList;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.shape.Polyline;

/**
 * A job's recent MB/s as one line, scaled to its own peak: the last {@code span} points of the
 * job's capped graph, so it holds no more than that however long the wipe runs. Whoever shows it
 * calls {@link #draw()} when the figures change (once a second), not per sample: a line of a few
 * hundred points is cheap however fast the device writes.
 */
public final class Sparkline {
    private final JobViewModel job;
    private final int span;
    private final Polyline line = new Polyline();
    private final Pane pane = new Pane(line);

    /**
     * @param span  how many of the job's newest graph points the line shows
     * @param style the line's style class (its stroke)
     */
    public Sparkline(JobViewModel job, int span, String style) {
        this.job = job;
        this.span = span;
        line.getStyleClass().add(style);
        pane.setMinSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        pane.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
    }

    public Pane node() {
        return pane;
    }

    public void resize(double width, double height) {
        pane.setPrefSize(width, height);
        draw();
    }

    /** How many points the line has now (two numbers each). */
    int points() {
        return line.getPoints().size() / 2;
    }

    public void draw() {
        double w = pane.getPrefWidth();
        double h = pane.getPrefHeight();
        ObservableList<ThroughputSeries.Point> all = job.ratePoints();
        List<ThroughputSeries.Point> points = all.subList(Math.max(0, all.size() - span), all.size());
        double peak = points.stream().mapToDouble(ThroughputSeries.Point::megabytesPerSecond).max().orElse(0);
        Double[] xy = new Double[points.size() >= 2 && peak > 0 ? 2 * points.size() : 0];
        for (int i = 0; i < xy.length / 2; i++) {
            xy[2 * i] = w * i / (points.size() - 1);
            xy[2 * i + 1] = h - 2 - (h - 4) * points.get(i).megabytesPerSecond() / peak;
        }
        line.getPoints().setAll(xy);
    }
}
