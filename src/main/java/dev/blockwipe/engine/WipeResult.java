package dev.blockwipe.engine;

import java.time.Duration;
import java.time.Instant;
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
 * @param started       wall clock
 * @param finished      wall clock
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
        Instant started,
        Instant finished) {

    public WipeResult {
        if ((state == FinalState.UNPROVEN) != (unproven != null)) {
            throw new IllegalArgumentException("a reason is given exactly when a result is UNPROVEN");
        }
        passes = List.copyOf(passes);
        errors = List.copyOf(errors);
        warnings = List.copyOf(warnings);
    }

    /** The NIST SP 800-88 category reached: the method's, or none when the result proves no erasure. */
    public NistClass nist() {
        return state == FinalState.UNPROVEN ? NistClass.NONE : plan.method().nist();
    }

    public long bytesWritten() {
        return passes.stream().mapToLong(PassResult::bytesWritten).sum();
    }

    /** All read-backs, per pass and final. */
    public List<VerifyResult> verifications() {
        return Stream.concat(
                        passes.stream().map(PassResult::verification),
                        Stream.of(verification))
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
