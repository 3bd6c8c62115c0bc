package dev.blockwipe.ui.jobs;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipePlan;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.PassResult;
import dev.blockwipe.engine.job.ResumePoint;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.verify.VerifyResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

/** The engine's events for a 256 MiB loop device wiped with three passes, as view-model tests feed them. */
public final class JobEvents {
    public static final long SIZE = 256L << 20;
    public static final int PASSES = 3;
    public static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    private JobEvents() {
    }

    public static TargetInfo target() {
        return new TargetInfo("/dev/loop3", "loop3", "/dev/loop3", TargetIdentity.device(7, 3, SIZE, 0, "", "", null), SIZE, 512, 512,
                0, false, IoMode.DIRECT, 4, OldData.NONE);
    }

    static Pass pass(int number, Pattern pattern, boolean blanking) {
        return new Pass(number, pattern, blanking);
    }

    public static WipePlan plan() {
        List<Pass> passes = IntStream.rangeClosed(1, PASSES)
                .mapToObj(n -> pass(n, Pattern.Repeating.of(n == 2 ? 0xFF : 0x00), false)).toList();
        return new WipePlan(WipeMethods.byName("dod-short").orElseThrow(), passes, new Verification.Last(), 4 << 20, 4,
                1 << 20, 4, Keystreams.JCE.describe());
    }

    public static WipeEvent.Started started() {
        return new WipeEvent.Started(target(), plan());
    }

    /** Progress in the first pass: {@code jobBytesDone} of the job's 4 × SIZE, at {@code rate}, {@code eta} left. */
    public static WipeEvent.Progress progress(long jobBytesDone, double rate, Duration eta) {
        return new WipeEvent.Progress(Stage.WRITE, 1, PASSES, 0, Math.min(jobBytesDone, SIZE), SIZE, jobBytesDone,
                4 * SIZE, rate, 400e6, eta, null);
    }

    public static PassResult passResult(int number) {
        return new PassResult(number, "0x00", false, Stage.WRITE, SIZE, 0, SIZE, SIZE, T0.plusSeconds(3L * (number - 1)),
                Duration.ofSeconds(3), IoMode.DIRECT, SIZE / 3.0, 80e6, 95e6, List.of(), null, new RequestShape(4 << 20, 2));
    }

    public static VerifyResult verifyResult(long mismatchedSectors) {
        return new VerifyResult("last", "0x00", SIZE, SIZE, mismatchedSectors, mismatchedSectors == 0 ? -1 : 4096,
                List.of(), 0, 0, true, Duration.ofSeconds(3), new RequestShape(1 << 20, 2));
    }

    /** Three complete passes (partial: one) and the given final read-back, 12 seconds in all. */
    public static WipeResult result(FinalState state, FailureCause cause, VerifyResult verification) {
        String unproven = state == FinalState.UNPROVEN ? "no proof of erasure: nothing was read back" : null;
        return result(state, cause, verification, unproven == null ? List.of() : List.of(unproven));
    }

    public static WipeResult result(FinalState state, FailureCause cause, VerifyResult verification, List<String> warnings) {
        List<PassResult> passes = state == FinalState.ERASED || state == FinalState.VERIFY_FAILED
                ? List.of(passResult(1), passResult(2), passResult(3)) : List.of(passResult(1));
        List<String> errors = state == FinalState.FAILED ? List.of("/dev/loop3: write at byte 4096: ENODEV") : List.of();
        return new WipeResult(target(), plan(), passes, verification, state, cause, errors, warnings,
                state == FinalState.UNPROVEN ? "no proof of erasure: nothing was read back" : null, List.of(), List.of(),
                Temperatures.none(0), ResumePoint.START, T0, T0.plusSeconds(12), null, Smart.unavailable("a test"), Smart.unavailable("a test"));
    }
}
