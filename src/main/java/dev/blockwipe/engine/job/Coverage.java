package dev.blockwipe.engine.job;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.fault.BadRange;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.verify.VerifyResult;
import java.util.List;
import java.util.Optional;

/**
 * The last check before a job may call itself erased: every pass of this run covered its part of
 * the target (each byte from where the run started the pass to the end written, or listed as a bad
 * range that could not be written), every pass the plan still had to write is there, and every
 * read-back covered what it set out to read (each byte read and compared, or listed as bad). A
 * state that begins with "erased" is impossible otherwise, whatever the reason.
 */
final class Coverage {
    private Coverage() {
    }

    /** What was neither done nor listed as bad, or empty when everything was. */
    static Optional<String> gap(WipePlan plan, long size, ResumePoint from, List<PassResult> passes,
                                List<VerifyResult> readBacks, List<BadRange> bad) {
        for (Pass pass : plan.passes()) {
            if (pass.number() >= from.pass() && passes.stream().noneMatch(p -> p.number() == pass.number())) {
                return Optional.of("pass " + pass.number() + " of " + plan.passes().size() + " was never written");
            }
        }
        for (PassResult p : passes) {
            long due = size - p.startOffset();
            long covered = p.bytesWritten() + overlap(bad, Stage.WRITE, p.startOffset(), size);
            if (covered < due) {
                return Optional.of("pass " + p.number() + ": " + Units.bytes(due - covered) + " of "
                        + Units.bytes(due) + " were neither written nor listed as bad");
            }
        }
        for (VerifyResult v : readBacks) {
            long covered = v.bytesVerified() + v.skippedBytes() + v.unreadableBytes();
            if (!v.complete() || covered < v.bytesPlanned()) {
                return Optional.of("read-back " + v.mode() + ": " + Units.bytes(v.bytesPlanned() - covered) + " of "
                        + Units.bytes(v.bytesPlanned()) + " were neither read back nor listed as bad");
            }
        }
        return Optional.empty();
    }

    /** Bytes of the ranges of {@code stage} within [from, to). */
    private static long overlap(List<BadRange> bad, Stage stage, long from, long to) {
        return bad.stream().filter(r -> r.stage() == stage)
                .mapToLong(r -> Math.max(0, Math.min(to, r.end()) - Math.max(from, r.offset()))).sum();
    }
}
