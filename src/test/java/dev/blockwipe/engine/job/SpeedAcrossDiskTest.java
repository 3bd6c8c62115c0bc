package dev.blockwipe.engine.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.RequestShape;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The speed of a pass across the device, and the slow regions that hint at a failing disk. */
class SpeedAcrossDiskTest {
    private static final long SIZE = 2_000_000_000L;

    @Test
    void eachRegionHasItsBytesOverItsTime() {
        PassResult pass = pass(position -> 100e6, SIZE);

        List<SpeedAcrossDisk.Region> regions = SpeedAcrossDisk.regions(pass);

        assertThat(regions).hasSize(SpeedAcrossDisk.REGIONS);
        assertThat(regions.get(0).start()).isZero();
        assertThat(regions.get(SpeedAcrossDisk.REGIONS - 1).end()).isEqualTo(SIZE);
        assertThat(regions).allSatisfy(r -> assertThat(r.bytesPerSecond()).isCloseTo(100e6, within(1e6)));
    }

    @Test
    void aRegionFarBelowTheRestIsNamed() {
        PassResult pass = pass(position -> position >= 700_000_000 && position < 800_000_000 ? 10e6 : 100e6, SIZE);

        assertThat(SpeedAcrossDisk.slowRegions(pass)).hasValueSatisfying(line -> assertThat(line)
                .startsWith("slow in pass 1: 668 MiB–763 MiB at 10 MB/s")
                .contains("under a quarter of the median 100 MB/s"));
    }

    @Test
    void aSpinningDisksSlopeIsNotSlow() {
        PassResult pass = pass(position -> 200e6 - 100e6 * position / SIZE, SIZE);

        assertThat(SpeedAcrossDisk.slowRegions(pass)).isEmpty();
    }

    @Test
    void aPassIsDrawnAcrossTheDeviceOnlyWithSamplesInTwoRegionsOrMore() {
        assertThat(SpeedAcrossDisk.drawable(pass(position -> 100e6, SIZE))).hasSize(SpeedAcrossDisk.REGIONS);
        PassResult oneRegion = new PassResult(1, "0x00", false, Stage.WRITE, SIZE, 0, SIZE, SIZE, Instant.EPOCH,
                Duration.ofMillis(300), IoMode.DIRECT, SIZE / 0.3, 0, 0,
                List.of(new ThroughputPoint(0.1, 1e9, 1000), new ThroughputPoint(0.2, 1e9, 2000)), null,
                new RequestShape(4 << 20, 2));
        assertThat(SpeedAcrossDisk.drawable(oneRegion)).as("both samples fall in the first region").isEmpty();
    }

    @Test
    void aShortPassIsNotJudged() {
        PassResult pass = pass(position -> position < 100_000_000 ? 100e6 : 1e9, 200_000_000);

        assertThat(pass.duration()).isLessThan(Duration.ofSeconds(10));
        assertThat(SpeedAcrossDisk.slowRegions(pass)).isEmpty();
    }

    /** A complete write pass over {@code size} bytes, sampled every 10 MB, at {@code rate}(position). */
    private static PassResult pass(DoubleUnaryOperator rate, long size) {
        List<ThroughputPoint> profile = new ArrayList<>();
        double seconds = 0;
        long step = 10_000_000;
        for (long done = step; done <= size; done += step) {
            double r = rate.applyAsDouble(done - step / 2.0);
            seconds += step / r;
            profile.add(new ThroughputPoint(seconds, r, done));
        }
        return new PassResult(1, "0x00", false, Stage.WRITE, size, 0, size, size, Instant.EPOCH,
                Duration.ofMillis((long) (seconds * 1000)), IoMode.DIRECT, size / seconds, 0, 0, profile, null,
                new RequestShape(4 << 20, 2));
    }
}
