package dev.blockwipe.engine.job;

import dev.blockwipe.engine.fault.BadRange;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.fault.Stall;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.firmware.FirmwareRecord;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.method.NistClass;
import dev.blockwipe.engine.method.Technique;
import dev.blockwipe.engine.verify.VerifyResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Everything a job did, for the CLI's summary, the GUI's job card and the certificate.
 *
 * @param target        the target's facts at open
 * @param plan          method, passes, verification and I/O settings
 * @param passes        the passes that started, in order
 * @param verification  the final read-back (verify last or sample), or null
 * @param state         how it ended
 * @param cause         why it failed (NONE unless FAILED)
 * @param errors        what went wrong, one line each
 * @param warnings      what the user should know although nothing failed
 * @param unproven      why the result is no proof of erasure (state UNPROVEN), or null
 * @param badRanges     sectors that could not be written or read back, merged (earlier runs' included)
 * @param stalls        requests that waited longer than the stall limit
 * @param temperatures  the drive's temperature during the run, and the pauses its limit caused
 * @param resumedFrom   where this run started ({@link ResumePoint#START} unless it resumed an earlier one)
 * @param started       wall clock
 * @param finished      wall clock
 * @param firmware      what the drive's own erase did (a firmware method), or null
 * @param smartBefore   the drive's SMART figures before the first write (or why there are none)
 * @param smartAfter    and after the last
 */
public record WipeResult(
        TargetInfo target,
        WipePlan plan,
        List<PassResult> passes,
        VerifyResult verification,
        FinalState state,
        FailureCause cause,
        List<String> errors,
        List<String> warnings,
        String unproven,
        List<BadRange> badRanges,
        List<Stall> stalls,
        Temperatures temperatures,
        ResumePoint resumedFrom,
        Instant started,
        Instant finished,
        FirmwareRecord firmware,
        Smart smartBefore,
        Smart smartAfter) {

    public WipeResult {
        if ((state == FinalState.UNPROVEN) != (unproven != null)) {
            throw new IllegalArgumentException("a reason is given exactly when a result is UNPROVEN");
        }
        passes = List.copyOf(passes);
        badRanges = List.copyOf(badRanges);
        stalls = List.copyOf(stalls);
        errors = List.copyOf(errors);
        warnings = List.copyOf(warnings);
    }

    /** The same result with one more warning. */
    public WipeResult withWarning(String warning) {
        List<String> more = new ArrayList<>(warnings);
        more.add(warning);
        return new WipeResult(target, plan, passes, verification, state, cause, errors, more, unproven, badRanges, stalls,
                temperatures, resumedFrom, started, finished, firmware, smartBefore, smartAfter);
    }

    /**
     * Whether a later run can finish what this one did not: it was cancelled, or it failed for a
     * reason the next run may not meet (a pulled disk, an I/O error, the first bad sector under
     * "stop", more bad ranges than the limit). Not when the device cannot do what the method needs,
     * or the disk was given up as failing: going on would only fail again; nor a firmware erase,
     * which the drive itself resumes after a power loss and a new run certifies.
     */
    public boolean resumable() {
        return plan.method().technique() != Technique.FIRMWARE && (state == FinalState.CANCELLED
                || state == FinalState.FAILED && cause != FailureCause.DISK_FAILING && cause != FailureCause.NOT_SUPPORTED);
    }

    /**
     * The NIST SP 800-88 category reached: the method's, or none when the result proves no
     * erasure; a firmware erase is Purge only when the drive, the canaries and the read-back (where
     * there is one) all agree.
     */
    public NistClass nist() {
        if (state == FinalState.UNPROVEN || plan.method().technique() == Technique.FIRMWARE
                && state != FinalState.ERASED && state != FinalState.PURGED) {
            return NistClass.NONE;
        }
        return plan.method().nist();
    }

    /** Bytes in bad ranges: never written, or not readable. */
    public long badBytes() {
        return badRanges.stream().mapToLong(BadRange::length).sum();
    }

    /** Logical blocks in bad ranges. */
    public long badSectors() {
        return badBytes() / target.logicalBlockSize();
    }

    /** Written by this run (a resumed job's earlier runs are in {@link ResumePoint#earlier()}). */
    public long bytesWritten() {
        return passes.stream().mapToLong(PassResult::bytesWritten).sum();
    }

    /** How much of the job's writes are done, earlier runs included: 0.42 for "cancelled at 42 %". */
    public double writtenFraction() {
        long planned = target.size() * plan.passes().size();
        long before = (resumedFrom.pass() - 1) * target.size() + resumedFrom.offset();
        return planned == 0 ? 1 : Math.min(1, (double) (before + bytesWritten()) / planned);
    }

    /** Every pass was written (by this run and the ones before it): what is left, or was stopped, is the read-back. */
    public boolean allWritten() {
        return writtenFraction() >= 1;
    }

    /**
     * Every run of the job, oldest first: the earlier ones from the journal, then this one, which
     * ended as {@code end} says.
     */
    public List<RunRecord> runs(String end) {
        int toPass = resumedFrom.pass();
        long toOffset = resumedFrom.offset();
        if (!passes.isEmpty()) {
            PassResult last = passes.get(passes.size() - 1);
            boolean partial = state == FinalState.CANCELLED || state == FinalState.FAILED;
            toPass = last.number();
            toOffset = last.startOffset() + (partial ? last.syncedBytes() : last.bytesPlanned());
        }
        if (toPass == plan.passes().size() && toOffset >= target.size()) {
            toPass++;
            toOffset = 0;
        }
        List<RunRecord> all = new ArrayList<>(resumedFrom.earlier());
        all.add(new RunRecord(started, finished, resumedFrom.pass(), resumedFrom.offset(), toPass, toOffset, bytesWritten(),
                end, stalls));
        return all;
    }

    /** All read-backs, per pass and final. */
    public List<VerifyResult> verifications() {
        return verifications(passes, verification);
    }

    /** The read-backs of {@code passes}, then {@code last} (each when there is one). */
    static List<VerifyResult> verifications(List<PassResult> passes, VerifyResult last) {
        return Stream.concat(passes.stream().map(PassResult::verification), Stream.of(last))
                .filter(Objects::nonNull)
                .toList();
    }

    public long bytesVerified() {
        return verifications().stream().mapToLong(VerifyResult::bytesVerified).sum();
    }

    public long mismatchedSectors() {
        return verifications().stream().mapToLong(VerifyResult::mismatchedSectors).sum();
    }

    public Duration duration() {
        return Duration.between(started, finished);
    }
}
