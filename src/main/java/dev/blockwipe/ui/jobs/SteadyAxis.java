package dev.blockwipe.ui.jobs;

import java.util.List;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;

/**
 * Bounds for a graph's axis that stay put while the data stays inside them: round steps of 1, 2
 * or 5 times a power of ten, about five of them across the data. An auto-ranging axis takes new
 * bounds from every point added, and each new pair of bounds makes its tick labels anew (their
 * text laid out, their style looked up); for a dozen graphs fed once a second that was a large
 * part of the FX thread's work. These bounds move when the data crosses a step: on a time axis
 * every few seconds instead of every second, on a speed axis when the speed really changes.
 */
final class SteadyAxis {
    /** About this many steps between the bounds. */
    static final int STEPS = 5;

    private SteadyAxis() {
    }

    /** The axis takes its bounds from here, no longer from its data, and moves to them without animation. */
    static NumberAxis manual(NumberAxis axis) {
        axis.setAutoRanging(false);
        axis.setAnimated(false);
        axis.setMinorTickVisible(false);
        return axis;
    }

    /**
     * Round bounds around {@code low} to {@code high} and the step between ticks: {@code {lower,
     * upper, step}}, with {@code lower <= low} and {@code upper >= high}, and at least one step
     * between them (also for no spread, or none at all).
     */
    static double[] bounds(double low, double high) {
        double spread = high - low;
        double step = spread > 0 && Double.isFinite(spread) ? roundStep(spread / STEPS) : 1;
        double lower = Math.floor(low / step) * step;
        double upper = Math.ceil(high / step) * step;
        if (upper <= lower) {
            upper = lower + step;
        }
        return new double[] {lower, upper, step};
    }

    /** The smallest of 1, 2, 5, 10, 20, 50 … (times a power of ten) that is at least {@code rough}. */
    static double roundStep(double rough) {
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (double m : new double[] {1, 2, 5}) {
            if (m * power >= rough * (1 - 1e-9)) {
                return m * power;
            }
        }
        return 10 * power;
    }

    /**
     * Fits the axes of a graph over time to its series: time from the first point to the last,
     * speed from zero to the highest point. Setting the same bounds again changes nothing.
     */
    static void fit(NumberAxis x, NumberAxis y, List<XYChart.Series<Number, Number>> series) {
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        double peak = 0;
        for (XYChart.Series<Number, Number> s : series) {
            for (XYChart.Data<Number, Number> d : s.getData()) {
                double t = d.getXValue().doubleValue();
                first = Math.min(first, t);
                last = Math.max(last, t);
                peak = Math.max(peak, d.getYValue().doubleValue());
            }
        }
        if (first > last) {
            first = 0;
            last = 0;
        }
        set(x, bounds(first, last));
        set(y, bounds(0, peak));
    }

    private static void set(NumberAxis axis, double[] b) {
        axis.setLowerBound(b[0]);
        axis.setUpperBound(b[1]);
        axis.setTickUnit(b[2]);
    }
}
