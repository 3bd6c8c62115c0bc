package dev.blockwipe.ui.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.WipeMethods;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EndedJobsTest {
    private static final long SECOND = EndedJobs.GATHER_NANOS;
    private final EndedJobs ended = new EndedJobs();

    @Test
    void jobsThatEndWithinASecondOfTheFirstAreHandedOnTogetherASecondLater() {
        JobViewModel a = job("loop1");
        JobViewModel b = job("loop2");
        long t = -5 * SECOND;
        assertThat(ended.due(t)).as("nothing ended").isEmpty();

        ended.add(a);
        assertThat(ended.due(t)).isEmpty();
        ended.add(b);
        assertThat(ended.due(t + SECOND - 1)).isEmpty();
        assertThat(ended.due(t + SECOND)).containsExactly(a, b);
        assertThat(ended.due(t + 2 * SECOND)).as("handed on once").isEmpty();
    }

    @Test
    void theNextSecondStartsWithTheNextEnd() {
        JobViewModel a = job("loop1");
        JobViewModel b = job("loop2");
        ended.add(a);
        assertThat(ended.due(0)).isEmpty();
        assertThat(ended.due(SECOND)).containsExactly(a);

        ended.add(b);
        assertThat(ended.due(10 * SECOND)).as("first seen now, not a second after the last batch").isEmpty();
        assertThat(ended.due(11 * SECOND)).containsExactly(b);
    }

    private static JobViewModel job(String name) {
        return new JobViewModel("/dev/" + name, name, "Loop · 64 MiB", WipeRequest.of(WipeMethods.byName("zero").orElseThrow()),
                Set.of("disk " + name), () -> 0, false);
    }
}
