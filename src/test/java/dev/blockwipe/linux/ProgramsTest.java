package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgramsTest {

    @Test
    void aProgramThatHangsWithItsOutputOpenIsKilledAtItsDeadline() {
        long started = System.nanoTime();
        assertThatThrownBy(() -> Programs.run(List.of("sh", "-c", "echo started; exec sleep 30"), null, Duration.ofSeconds(1)))
                .isInstanceOf(Programs.TimedOutException.class).hasMessageContaining("did not finish within 1 s");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aChildThatKeepsTheOutputOpenDoesNotHoldTheCallerAfterTheProgramEnded() throws IOException {
        long started = System.nanoTime();
        Programs.Outcome outcome = Programs.run(List.of("sh", "-c", "sleep 30 & echo handed over"), null, Duration.ofSeconds(20));
        assertThat(outcome).isEqualTo(new Programs.Outcome(0, "handed over"));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void inputGoesInAndOutputAndErrorComeBackWithTheStatus() throws IOException {
        assertThat(Programs.run(List.of("sh", "-c", "cat; echo oops >&2; exit 3"), "label: gpt\n", Duration.ofSeconds(20)))
                .isEqualTo(new Programs.Outcome(3, "label: gpt\noops"));
    }

    @Test
    void aFailedToolIsAnExceptionThatNamesItAndCarriesItsOutput() {
        assertThatThrownBy(() -> Programs.output(null, Duration.ofSeconds(20), "sh", "-c", "echo no such device; exit 1"))
                .isInstanceOf(IOException.class).hasMessage("sh -c echo no such device; exit 1 failed (1): no such device");
    }

    @Test
    void anEnvironmentGivenIsAllTheProgramSees() throws IOException {
        assertThat(Programs.runIn(Map.of("PATH", "/usr/bin:/bin", "ONLY", "this"), List.of("env"), Duration.ofSeconds(20))
                .output().lines().sorted().toList()).containsExactly("ONLY=this", "PATH=/usr/bin:/bin");
    }
}
