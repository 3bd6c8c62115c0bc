package dev.blockwipe.engine.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.BadRange;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.engine.verify.VerifyResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Erased only when every byte outside the bad ranges was written and read back. */
class CoverageTest {
    private static final long SIZE = 1 << 20;
    private static final WipePlan ONE_PASS = plan(1);
    private static final BadRange BAD_WRITE = new BadRange(4096, 512, "EIO", 1, Stage.WRITE);

    @Test
    void aPassThatWroteEverythingOutsideItsBadRangesAndAFullReadBackLeaveNoGap() {
        assertThat(Coverage.gap(ONE_PASS, SIZE, ResumePoint.START, List.of(pass(1, 0, SIZE - 512)),
                List.of(readBack(SIZE - 512, 512, 0)), List.of(BAD_WRITE))).isEmpty();
    }

    @Test
    void bytesNeitherWrittenNorListedAsBadAreAGap() {
        assertThat(Coverage.gap(ONE_PASS, SIZE, ResumePoint.START, List.of(pass(1, 0, SIZE - 4096)),
                List.of(readBack(SIZE - 512, 512, 0)), List.of(BAD_WRITE)))
                .hasValue("pass 1: 3.5 KiB of 1 MiB were neither written nor listed as bad");
    }

    @Test
    void aPassThePlanStillHadThatNeverRanIsAGap() {
        assertThat(Coverage.gap(plan(2), SIZE, ResumePoint.START, List.of(pass(1, 0, SIZE)), List.of(), List.of()))
                .hasValue("pass 2 of 2 was never written");
    }

    @Test
    void aResumedPassIsDueOnlyFromWhereItResumed() {
        ResumePoint from = new ResumePoint(1, SIZE / 2, List.of(), List.of());
        assertThat(Coverage.gap(ONE_PASS, SIZE, from, List.of(pass(1, SIZE / 2, SIZE / 2)), List.of(), List.of())).isEmpty();
    }

    @Test
    void aReadBackThatLeftBytesUnreadIsAGap() {
        assertThat(Coverage.gap(ONE_PASS, SIZE, ResumePoint.START, List.of(pass(1, 0, SIZE)),
                List.of(readBack(SIZE / 2, 0, 0)), List.of()))
                .hasValue("read-back last: 512 KiB of 1 MiB were neither read back nor listed as bad");
    }

    @Test
    void unreadableSectorsCountAsListedNotAsAGap() {
        assertThat(Coverage.gap(ONE_PASS, SIZE, ResumePoint.START, List.of(pass(1, 0, SIZE)),
                List.of(readBack(SIZE - 1024, 0, 1024)), List.of())).isEmpty();
    }

    private static WipePlan plan(int passes) {
        List<Pass> list = java.util.stream.IntStream.rangeClosed(1, passes)
                .mapToObj(n -> new Pass(n, new Pattern.Repeating(new byte[] {0}), false)).toList();
        return new WipePlan(WipeMethods.byName("zero").orElseThrow(), list, new Verification.Last(), 1 << 20, 1, 1 << 20, 1,
                "none");
    }

    private static PassResult pass(int number, long start, long written) {
        return new PassResult(number, "0x00", false, Stage.WRITE, SIZE - start, start, written, written, Instant.EPOCH,
                Duration.ZERO, IoMode.DIRECT, 0, 0, 0, List.of(), null, new RequestShape(1 << 20, 1));
    }

    private static VerifyResult readBack(long verified, long skipped, long unreadable) {
        return new VerifyResult("last", "0x00", SIZE, verified, 0, -1, List.of(), skipped, unreadable, true, Duration.ZERO,
                new RequestShape(1 << 20, 1));
    }
}
