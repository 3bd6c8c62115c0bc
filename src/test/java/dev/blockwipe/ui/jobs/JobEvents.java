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
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

/** The engine's events for a 256 MiB loop device wiped with three passes, as view-model tests feed them. */
public final class JobEvents {
    public static final long SIZE = 256L << 20;
    public static final int PASSES = 3;

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
}
