package dev.blockwipe.ui.dialogs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.PassResult;
import dev.blockwipe.engine.job.ResumePoint;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.engine.verify.VerifyResult;
import dev.blockwipe.ui.jobs.JobEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
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

    private static final Instant T0 = Instant.parse("2026-12-05T16:00:00Z");
    private static final long MiB = 1L << 20;
    private static final long GiB = 1L << 30;

    @ParameterizedTest(name = "{0}: {1} B/s")
    @CsvSource({"NVMe SSD, 1.5e9", "SSD, 450e6", "HDD, 150e6", "USB, 30e6", "Loop, 1.5e9", "Virtual, 400e6",
        "RAID, 250e6", "Mapper, 300e6", "Image, 500e6"})
    void eachKindHasItsTypicalRate(String kind, double rate) {
        assertThat(estimates.basis(kind, GiB, 1)).isEqualTo(new ThroughputEstimates.Basis(rate, 0, false, 1, true));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "Tape", "hdd"})
    void unknownKindGetsTheFallbackRate(String kind) {
        assertThat(estimates.basis(kind, GiB, 1).rate()).isEqualTo(100e6);
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
        Duration d = estimates.estimate(HDD_250_S, "HDD", method(method), verify, blank, 1);

        assertThat(d.toMillis()).isCloseTo((long) (seconds * 1000), within(1L));
    }

    @Test
    void aGuessSaysItIsOneAndForWhatKind() {
        assertThat(estimates.describe(HDD_250_S, "HDD", method("zero"), new Verification.Off(), false, 1))
                .isEqualTo("~ 4 m 10 s (a guess: 150 MB/s is typical of HDDs, none wiped here yet)");
        assertThat(estimates.describe(HDD_250_S, "NVMe SSD", method("zero"), new Verification.Off(), false, 1))
                .endsWith("(a guess: 1.5 GB/s is typical of NVMe SSDs, none wiped here yet)");
    }

    @Test
    void describeOfAnUnknownKindSaysSo() {
        assertThat(estimates.describe(1_000_000_000L, "", method("zero"), new Verification.Off(), false, 1))
                .isEqualTo("~ 10 s (a guess: 100 MB/s is typical of devices of unknown kind, none wiped here yet)");
    }

    /**
     * Issue 38: a 64 MiB loop device wiped in 0.72 s (93.4 MB/s, most of it start-up) made the
     * estimate of an 8.5 GB loop device ~1 m 31 s; it was wiped in 8.6 s.
     */
    @Test
    void aTinyWipeDoesNotEstimateALargeDeviceOfItsKind() {
        estimates.measured("Loop", 64 * MiB, 64 * MiB, 64 * MiB / 93.4e6, 1);
        long large = 8_500_000_000L;

        Duration d = estimates.estimate(large, "Loop", method("zero"), new Verification.Off(), false, 1);

        assertThat(d.toMillis() / 8600.0).isBetween(0.5, 2.0);
        assertThat(estimates.describeBasis("Loop", large, 1))
                .isEqualTo("a guess: 1.5 GB/s is typical of loop devices, none this size wiped here yet");
    }

    @Test
    void wipesOfAboutTheSameSizeEstimateItPooledByBytes() {
        estimates.measured("Loop", 64 * MiB, 64 * MiB, 64 * MiB / 93.4e6, 1);
        estimates.measured("Loop", 8 * GiB, 8 * GiB, 8.6, 1);
        estimates.measured("Loop", 4 * GiB, 4 * GiB, 4.4, 1);
        estimates.measured("Loop", 2 * GiB, 2 * GiB, 2.4, 1);

        ThroughputEstimates.Basis b = estimates.basis("Loop", 8_500_000_000L, 1);

        assertThat(b.wipes()).isEqualTo(3);
        assertThat(b.rate()).isCloseTo(14.0 * GiB / 15.4, within(1.0));
        Duration d = estimates.estimate(8_500_000_000L, "Loop", method("zero"), new Verification.Off(), false, 1);
        assertThat(d.toMillis()).isBetween(8600L * 9 / 10, 8600L * 11 / 10);
        assertThat(estimates.describe(8_500_000_000L, "Loop", method("zero"), new Verification.Off(), false, 1))
                .isEqualTo("~ 8.7 s (976 MB/s, from 3 earlier wipes of loop devices this size here)");
    }

    @Test
    void aSmallDeviceIsEstimatedFromWipesOfSmallOnesStartUpIncluded() {
        estimates.measured("Loop", 8 * GiB, 8 * GiB, 8.6, 1);
        estimates.measured("Loop", 64 * MiB, 64 * MiB, 0.72, 1);

        Duration d = estimates.estimate(64 * MiB, "Loop", method("zero"), new Verification.Off(), false, 1);

        assertThat(d.toMillis()).isEqualTo(720);
        assertThat(estimates.describeBasis("Loop", 64 * MiB, 1))
                .isEqualTo("93.2 MB/s, from 1 earlier wipe of a loop device this size here");
    }

    @Test
    void withoutWipesOfItsSizeALargerDevicesWipeIsBetterThanAGuess() {
        estimates.measured("HDD", 4000 * GiB, 4000L * GiB, 4000.0 * GiB / 200e6, 1);

        ThroughputEstimates.Basis b = estimates.basis("HDD", 100 * GiB, 1);
        assertThat(b.rate()).isCloseTo(200e6, within(1.0));
        assertThat(b.wipes()).isEqualTo(1);
        assertThat(b.larger()).isTrue();
        assertThat(estimates.describeBasis("HDD", 100 * GiB, 1))
                .isEqualTo("200 MB/s, from 1 earlier wipe of a larger HDD here");
    }

    @Test
    void wipesOfOneKindLeaveTheOthersAGuess() {
        estimates.measured("HDD", 100 * GiB, 100 * GiB, 500, 1);

        assertThat(estimates.basis("SSD", 100 * GiB, 1)).isEqualTo(new ThroughputEstimates.Basis(450e6, 0, false, 1, true));
        assertThat(estimates.describeBasis("SSD", 100 * GiB, 1)).endsWith("none wiped here yet");
    }

    @ParameterizedTest(name = "{0} B in {1} s of a {2} B device")
    @CsvSource({"0, 1, 1000", "-1, 1, 1000", "1000, 0, 1000", "1000, 1, 0"})
    void aWipeThatWroteNothingOrTookNoTimeMeasuresNothing(long bytes, double seconds, long deviceSize) {
        estimates.measured("HDD", deviceSize, bytes, seconds, 1);

        assertThat(estimates.basis("HDD", 1000, 1)).isEqualTo(new ThroughputEstimates.Basis(150e6, 0, false, 1, true));
    }

    @Test
    void onlyTheNewestWipesOfAKindCount() {
        estimates.measured("SSD", GiB, GiB, 100, 1);
        for (int i = 0; i < ThroughputEstimates.KEPT; i++) {
            estimates.measured("SSD", GiB, GiB, 2, 1);
        }

        assertThat(estimates.basis("SSD", GiB, 1).wipes()).isEqualTo(ThroughputEstimates.KEPT);
        assertThat(estimates.basis("SSD", GiB, 1).rate()).isEqualTo(GiB / 2.0);
    }

    /** A wipe's time is also its read-back's, which is often faster than its writing, and its paperwork's. */
    @Test
    void aJobThatEndedCountsItsWritesAndReadBacksOverItsWholeTime() {
        long size = JobEvents.SIZE;
        PassResult pass = new PassResult(1, "0x00", false, Stage.WRITE, size, 0, size, size, T0, Duration.ofSeconds(3),
                IoMode.DIRECT, size / 3.0, 80e6, 95e6, List.of(), null, new RequestShape(4 << 20, 2));
        VerifyResult readBack = new VerifyResult("last", "0x00", size, size, 0, -1, List.of(), 0, 0, true,
                Duration.ofSeconds(1), new RequestShape(1 << 20, 2));
        WipeResult r = new WipeResult(JobEvents.target(), JobEvents.plan(), List.of(pass), readBack, FinalState.ERASED,
                FailureCause.NONE, List.of(), List.of(), null, List.of(), List.of(), Temperatures.none(0), ResumePoint.START,
                T0, T0.plusMillis(4200), null, Smart.unavailable("a test"), Smart.unavailable("a test"));

        estimates.ended("Loop", size, r, 1);

        assertThat(estimates.basis("Loop", size, 1).rate()).isCloseTo(2 * size / 4.2, within(1.0));
        assertThat(estimates.estimate(size, "Loop", method("zero"), new Verification.Last(), false, 1))
                .isEqualTo(Duration.ofMillis(4200));
    }

    /** Twelve loop devices wiped together took 10 to 13 s each where one alone was estimated at 2.9 s. */
    @Test
    void aBatchIsEstimatedFromWipesThatRanInAboutItsCompany() {
        estimates.measured("Loop", GiB, 4 * GiB, 4 * GiB / 3e9, 1);
        for (int i = 0; i < 12; i++) {
            estimates.measured("Loop", GiB, 4 * GiB, 4 * GiB / 400e6, 11.5);
        }

        assertThat(estimates.basis("Loop", GiB, 1).rate()).isCloseTo(3e9, within(1.0));
        assertThat(estimates.basis("Loop", GiB, 12).rate()).isCloseTo(400e6, within(1.0));
        assertThat(estimates.basis("Loop", GiB, 8).rate()).as("within twice the company").isCloseTo(400e6, within(1.0));
        assertThat(estimates.describe(GiB, "Loop", method("dod-short"), new Verification.Last(), false, 12))
                .isEqualTo("~ 10 s (400 MB/s, from 12 earlier wipes of loop devices this size here, about 12 at once)");
        assertThat(estimates.describeBasis("Loop", GiB, 1))
                .isEqualTo("3 GB/s, from 1 earlier wipe of a loop device this size here");
    }

    @Test
    void aBatchMeasuredOnlyInOtherCompanySaysWhatThatMayDo() {
        assertThat(estimates.describeBasis("Loop", GiB, 12))
                .isEqualTo("a guess: 1.5 GB/s is typical of loop devices, none wiped here yet; 12 at once may take longer");
        assertThat(estimates.describeBasis("Loop", GiB, 2)).as("two at once is about one at a time")
                .isEqualTo("a guess: 1.5 GB/s is typical of loop devices, none wiped here yet");

        estimates.measured("Loop", GiB, 4 * GiB, 4 * GiB / 3e9, 1);
        assertThat(estimates.describeBasis("Loop", GiB, 12)).isEqualTo(
                "3 GB/s, from 1 earlier wipe of a loop device this size here, one at a time; 12 at once may take longer");

        ThroughputEstimates batchOnly = new ThroughputEstimates();
        batchOnly.measured("Loop", GiB, 4 * GiB, 4 * GiB / 400e6, 12);
        assertThat(batchOnly.describeBasis("Loop", GiB, 1)).isEqualTo(
                "400 MB/s, from 1 earlier wipe of a loop device this size here, about 12 at once; one alone may take less");
    }

    @Test
    void shortEstimatesShowTenthsOfASecond() {
        assertThat(estimates.describe(60_000_000L, "HDD", method("zero"), new Verification.Off(), false, 1))
                .startsWith("~ 0.4 s (");
    }

    @Test
    void readBackAloneNamesItsBasisToo() {
        assertThat(estimates.describeReadBack(HDD_250_S, "HDD", new Verification.Last(), 1))
                .isEqualTo("~ 4 m 10 s to read back (a guess: 150 MB/s is typical of HDDs, none wiped here yet)");
    }

    private static WipeMethod method(String name) {
        return WipeMethods.byName(name).orElseThrow();
    }
}
