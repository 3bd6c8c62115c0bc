package dev.blockwipe.ui.jobs;

import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.util.StringConverter;

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
    private static final int DAY = 86_400;
    /** The steps of an axis in seconds of the day: those a clock is read in. */
    private static final double[] CLOCK_STEPS = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800,
        21_600, 43_200, DAY};

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
     * The axis is in seconds of the day, and its tick labels say the time: "14:05:30", or "14:05"
     * where the ticks are whole minutes; past midnight the day starts again.
     */
    static NumberAxis clock(NumberAxis axis) {
        axis.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number seconds) {
                return clockText(seconds.doubleValue(), axis.getTickUnit());
            }

            @Override
            public Number fromString(String text) {
                throw new UnsupportedOperationException("tick labels are only shown");
            }
        });
        return axis;
    }

    /** "14:05:30", or "14:05" for a whole minute on an axis whose ticks are a minute or more apart. */
    static String clockText(double secondsOfDay, double step) {
        long s = Math.floorMod(Math.round(secondsOfDay), DAY);
        return step >= 60 && s % 60 == 0 ? String.format(Locale.ROOT, "%02d:%02d", s / 3600, s / 60 % 60)
                : String.format(Locale.ROOT, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    /**
     * Round bounds around {@code low} to {@code high} and the step between ticks: {@code {lower,
     * upper, step}}, with {@code lower <= low} and {@code upper >= high}, and at least one step
     * between them (also for no spread, or none at all).
     */
    static double[] bounds(double low, double high) {
        return bounds(low, high, SteadyAxis::roundStep);
    }

    /** The same, with the step that {@code stepFor} makes of a rough one. */
    static double[] bounds(double low, double high, DoubleUnaryOperator stepFor) {
        double spread = high - low;
        double step = spread > 0 && Double.isFinite(spread) ? stepFor.applyAsDouble(spread / STEPS) : 1;
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

    /** The smallest step of a clock (1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15, 30 min, 1, 2, 3, 6, 12, 24 h) that is at least {@code rough}. */
    static double clockStep(double rough) {
        for (double step : CLOCK_STEPS) {
            if (step >= rough * (1 - 1e-9)) {
                return step;
            }
        }
        return DAY * Math.ceil(rough / DAY);
    }

    /**
     * Fits the axes of a graph over time to its series: time from the first point to the last,
     * speed from zero to the highest point. Setting the same bounds again changes nothing.
     */
    static void fit(NumberAxis x, NumberAxis y, List<XYChart.Series<Number, Number>> series) {
        fit(x, SteadyAxis::roundStep, y, series);
    }

    /** The same, with the steps across that {@code xStep} makes of a rough one ({@link #clockStep} for a clock). */
    static void fit(NumberAxis x, DoubleUnaryOperator xStep, NumberAxis y, List<XYChart.Series<Number, Number>> series) {
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
        set(x, bounds(first, last, xStep));
        set(y, bounds(0, peak));
    }

    private static void set(NumberAxis axis, double[] b) {
        axis.setLowerBound(b[0]);
        axis.setUpperBound(b[1]);
        axis.setTickUnit(b[2]);
    }
}
