package dev.blockwipe.engine.job;

import java.util.Arrays;

/** The middle value (the upper one of an even count), which a few outliers cannot drag. */
final class Median {
    private Median() {
    }

    /** The median of {@code values}, or NaN when there are none. */
    static double of(double... values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
