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
}
