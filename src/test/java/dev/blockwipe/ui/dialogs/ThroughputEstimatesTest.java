package dev.blockwipe.ui.dialogs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ThroughputEstimatesTest {
    /** 250 seconds of writing at the typical HDD rate (150 MB/s). */
    private static final long HDD_250_S = 37_500_000_000L;

    private final ThroughputEstimates estimates = new ThroughputEstimates();

    @ParameterizedTest(name = "{0}: {1} B/s")
    @CsvSource({"NVMe SSD, 1.5e9", "SSD, 450e6", "HDD, 150e6", "USB, 30e6", "Loop, 1.5e9", "Virtual, 400e6",
        "RAID, 250e6", "Mapper, 300e6", "Image, 500e6"})
    void eachKindHasItsTypicalRate(String kind, double rate) {
        assertThat(estimates.rate(kind)).isEqualTo(rate);
        assertThat(estimates.isMeasured(kind)).isFalse();
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "Tape", "hdd"})
    void unknownKindGetsTheFallbackRate(String kind) {
        assertThat(estimates.rate(kind)).isEqualTo(100e6);
    }

    static Stream<Arguments> workloads() {
        return Stream.of(
                Arguments.of("zero", new Verification.Off(), false, 250.0),
                Arguments.of("zero", new Verification.Last(), false, 500.0),
                Arguments.of("zero", new Verification.Sample(10), false, 275.0),
                Arguments.of("zero", new Verification.All(), true, 1000.0),
                Arguments.of("dod-short", new Verification.Off(), false, 750.0),
                Arguments.of("dod-short", new Verification.Last(), true, 1250.0),
                Arguments.of("dod-short", new Verification.All(), false, 1500.0),
                Arguments.of("zeroout", new Verification.Last(), false, 262.5));
    }

    @ParameterizedTest(name = "{0}, verify {1}, blank {2}: {3} s")
    @MethodSource("workloads")
    void passesReadBacksAndBlankingEachAddTheirShare(String method, Verification verify, boolean blank, double seconds) {
        Duration d = estimates.estimate(HDD_250_S, "HDD", method(method), verify, blank);

        assertThat(d.toMillis()).isCloseTo((long) (seconds * 1000), within(1L));
    }

    @Test
    void describeFormatsTheDurationAndTheTypicalRate() {
        assertThat(estimates.describe(HDD_250_S, "HDD", method("zero"), new Verification.Off(), false))
                .isEqualTo("~ 4 m 10 s (at 150 MB/s, typical for HDD)");
    }

    @Test
    void describeOfAnUnknownKindSaysSo() {
        assertThat(estimates.describe(1_000_000_000L, "", method("zero"), new Verification.Off(), false))
                .isEqualTo("~ 10 s (at 100 MB/s, typical for this device)");
    }

    @Test
    void measuredRateReplacesTheTypicalOne() {
        estimates.measured("HDD", 300e6);

        assertThat(estimates.rate("HDD")).isEqualTo(300e6);
        assertThat(estimates.isMeasured("HDD")).isTrue();
        assertThat(estimates.describe(HDD_250_S, "HDD", method("zero"), new Verification.Off(), false))
                .isEqualTo("~ 2 m 5 s (at 300 MB/s, measured here)");
    }

    @Test
    void measurementOfOneKindLeavesTheOthersTypical() {
        estimates.measured("HDD", 300e6);

        assertThat(estimates.rate("SSD")).isEqualTo(450e6);
        assertThat(estimates.isMeasured("SSD")).isFalse();
    }

    @ParameterizedTest(name = "{0} B/s")
    @ValueSource(doubles = {0, -1e6})
    void measurementWithoutThroughputIsIgnored(double rate) {
        estimates.measured("HDD", rate);

        assertThat(estimates.isMeasured("HDD")).isFalse();
        assertThat(estimates.rate("HDD")).isEqualTo(150e6);
    }

    @Test
    void shortEstimatesShowTenthsOfASecond() {
        assertThat(estimates.describe(60_000_000L, "HDD", method("zero"), new Verification.Off(), false))
                .isEqualTo("~ 0.4 s (at 150 MB/s, typical for HDD)");
    }

    private static WipeMethod method(String name) {
        return WipeMethods.byName(name).orElseThrow();
    }
}
