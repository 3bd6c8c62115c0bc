package dev.blockwipe.engine.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.RequestShape;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A disk far slower than the others of its model in one session is flagged; anything less sure is not. */
class SiblingSpeedsTest {
    private static final long GB = 1_000_000_000L;

    @Test
    void aDiskUnderHalfItsSiblingsMedianIsNamedWithTheFigures() {
        assertThat(SiblingSpeeds.slow("WDC WD40EFRX", 60e6, List.of(180e6, 175e6, 190e6)))
                .hasValue("wrote at 60 MB/s, under half the median 180 MB/s of the 3 other WDC WD40EFRX disks wiped"
                        + " before it in this session: a hint that it is failing (check its SMART data)");
    }

    @Test
    void aDiskAtTheSiblingsPaceOrWithTooFewSiblingsIsNotFlagged() {
        assertThat(SiblingSpeeds.slow("M", 150e6, List.of(180e6, 175e6))).isEmpty();
        assertThat(SiblingSpeeds.slow("M", 10e6, List.of(180e6))).as("one sibling says nothing").isEmpty();
    }

    @Test
    void theRateCountsCompleteWritePassesOnlyAndNeedsTenSecondsOfThem() {
        PassResult complete = pass(Stage.WRITE, 4 * GB, 4 * GB, 20);
        PassResult cut = pass(Stage.WRITE, 4 * GB, GB, 50);
        PassResult range = pass(Stage.RANGE, 4 * GB, 4 * GB, 1);

        assertThat(SiblingSpeeds.writeRate(List.of(complete, cut, range))).isEqualTo(200e6);
        assertThat(SiblingSpeeds.writeRate(List.of(pass(Stage.WRITE, GB, GB, 2)))).isNaN();
    }

    private static PassResult pass(Stage stage, long planned, long written, long seconds) {
        return new PassResult(1, "0x00", false, stage, planned, 0, written, written, Instant.EPOCH, Duration.ofSeconds(seconds),
                IoMode.DIRECT, written / (double) seconds, 0, 0, List.of(), null, new RequestShape(4 << 20, 2));
    }
}
