package dev.blockwipe.ui.jobs;

import java.util.List;
import javafx.scene.chart.XYChart;

/** Throughput points as a chart's data: seconds across, MB/s up. */
final class ChartData {
    private ChartData() {
    }

    /** Drops the points that left the window and appends the new ones, in one change each. */
    static void mirror(List<ThroughputSeries.Point> points, XYChart.Series<Number, Number> series) {
        ThroughputSeries.mirror(points, series.getData(), p -> new XYChart.Data<>(p.seconds(), p.megabytesPerSecond()),
                d -> d.getXValue().doubleValue());
    }
}
