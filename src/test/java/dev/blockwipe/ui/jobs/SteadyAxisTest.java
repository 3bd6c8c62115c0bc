package dev.blockwipe.ui.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SteadyAxisTest {

    @Test
    void stepsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(SteadyAxis.roundStep(0.7)).isEqualTo(1.0);
        assertThat(SteadyAxis.roundStep(1.0)).isEqualTo(1.0);
        assertThat(SteadyAxis.roundStep(1.2)).isEqualTo(2.0);
        assertThat(SteadyAxis.roundStep(3)).isEqualTo(5.0);
        assertThat(SteadyAxis.roundStep(760)).isEqualTo(1000.0);
        assertThat(SteadyAxis.roundStep(0.03)).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void boundsEncloseTheDataInRoundSteps() {
        assertThat(SteadyAxis.bounds(21.3, 47.9)).containsExactly(20.0, 50.0, 10.0);
        assertThat(SteadyAxis.bounds(0, 4650)).containsExactly(0.0, 5000.0, 1000.0);
    }

    @Test
    void boundsStayPutWhileTheDataMovesWithinAStep() {
        double[] first = SteadyAxis.bounds(0, 4420);
        for (double peak = 4000.5; peak <= 5000; peak += 100) {
            assertThat(SteadyAxis.bounds(0, peak)).as("peak %s", peak).containsExactly(first);
        }
        assertThat(SteadyAxis.bounds(0, 5100)).isNotEqualTo(first);
    }

    @Test
    void noSpreadOrNoDataStillGivesOneStep() {
        assertThat(SteadyAxis.bounds(0, 0)).containsExactly(0.0, 1.0, 1.0);
        assertThat(SteadyAxis.bounds(12, 12)).containsExactly(12.0, 13.0, 1.0);
    }

    @Test
    void clockStepsAreThoseAClockIsReadIn() {
        assertThat(SteadyAxis.clockStep(0.4)).isEqualTo(1.0);
        assertThat(SteadyAxis.clockStep(7)).isEqualTo(10.0);
        assertThat(SteadyAxis.clockStep(11)).isEqualTo(15.0);
        assertThat(SteadyAxis.clockStep(40)).isEqualTo(60.0);
        assertThat(SteadyAxis.clockStep(100)).isEqualTo(120.0);
        assertThat(SteadyAxis.clockStep(1000)).isEqualTo(1800.0);
        assertThat(SteadyAxis.clockStep(5000)).isEqualTo(7200.0);
        assertThat(SteadyAxis.clockStep(100_000)).isEqualTo(172_800.0);
    }

    /** Ten minutes that end at 14:13:17 fall between round times of day, two minutes apart. */
    @Test
    void clockBoundsFallOnRoundTimesOfDay() {
        double end = 14 * 3600 + 13 * 60 + 17;

        double[] b = SteadyAxis.bounds(end - 600, end, SteadyAxis::clockStep);

        assertThat(b).containsExactly(14 * 3600 + 2 * 60, 14 * 3600 + 14 * 60, 120);
        assertThat(SteadyAxis.clockText(b[0], b[2])).isEqualTo("14:02");
        assertThat(SteadyAxis.clockText(b[1], b[2])).isEqualTo("14:14");
    }

    @Test
    void clockTextSaysTheTimeOfDay() {
        assertThat(SteadyAxis.clockText(50_730, 5)).isEqualTo("14:05:30");
        assertThat(SteadyAxis.clockText(50_700, 60)).isEqualTo("14:05");
        assertThat(SteadyAxis.clockText(50_730, 60)).as("not a whole minute").isEqualTo("14:05:30");
        assertThat(SteadyAxis.clockText(86_400 + 61, 1)).as("after midnight").isEqualTo("00:01:01");
        assertThat(SteadyAxis.clockText(59.6, 1)).isEqualTo("00:01:00");
    }
}
