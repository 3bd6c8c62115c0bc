package dev.blockwipe.ui.jobs;

import java.time.LocalTime;
import java.util.List;
import javafx.scene.chart.AreaChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;

/**
 * The graph of all jobs: the sum of their MB/s, one point a second, the last 10 minutes, against
 * the time of day (a technician notes when a batch ran; the seconds since the window opened meant
 * nothing). When no job runs it drops to zero, and the next job's first point rises from zero,
 * so that an hour without jobs is not drawn as a slope. One series, not a stack: JavaFX's
 * StackedAreaChart throws from its layout when series of different lengths are trimmed.
 */
final class AllJobsChart {
    /** Half-second spacing: the frame that starts a second comes a little early or late, and each one's point counts. */
    private final ThroughputSeries points = ThroughputSeries.tenMinutes();
    private final XYChart.Series<Number, Number> total = new XYChart.Series<>();
    private final NumberAxis x = SteadyAxis.clock(SteadyAxis.manual(new NumberAxis()));
    private final NumberAxis y = SteadyAxis.manual(new NumberAxis());
    private final AreaChart<Number, Number> chart = new AreaChart<>(x, y);
    private final long originNanos;
    private final double originSecondOfDay;

    /** The monotonic clock read {@code nanos} at {@code time}: the graph's clock runs on the first, shows the second. */
    AllJobsChart(long nanos, LocalTime time) {
        originNanos = nanos;
        originSecondOfDay = time.toNanoOfDay() / 1e9;
        // the title names what is summed: a rotated "MB/s, all jobs" did not fit the graph's height
        y.setLabel("MB/s");
        chart.getData().add(total);
        chart.setLegendVisible(false);
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        // beside the job lines; the divider, not the graph, decides the pane's height
        chart.setPrefSize(360, 170);
        chart.setMinSize(200, 0);
        chart.setTitle("All jobs");
        chart.setId("all-jobs");
    }

    AreaChart<Number, Number> node() {
        return chart;
    }

    /**
     * Once a second at {@code nanos}: the running jobs' total {@code bytesPerSecond}, or, when none
     * runs, a pause.
     */
    void second(long nanos, boolean running, double bytesPerSecond) {
        double time = originSecondOfDay + (nanos - originNanos) / 1e9;
        if (running ? points.add(time, bytesPerSecond / 1e6) : points.pause(time)) {
            ChartData.mirror(points.points(), total);
            SteadyAxis.fit(x, SteadyAxis::clockStep, y, List.of(total));
        }
    }
}
