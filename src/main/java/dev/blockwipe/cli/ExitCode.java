package dev.blockwipe.cli;

import dev.blockwipe.engine.InvalidRequestException;
import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.report.StorageException;
import java.util.Collection;
import java.util.List;
import picocli.CommandLine;

/** The exit codes, documented in src/docs/cli.md; the only place exceptions and results become numbers. */
final class ExitCode {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    static final int MISMATCH = 3;
    static final int REFUSED = 4;
    static final int NOT_SUPPORTED = 5;
    static final int NO_TARGET = 6;
    /** Erased, but the certificate could not be written (reports directory, signing key). */
    static final int NO_CERTIFICATE = 7;
    /** Done as asked, but not a proven erasure (UNPROVEN). */
    static final int UNVERIFIED = 8;
    /** Erased except sectors the device could not write or read back (listed on the certificate). */
    static final int BAD_SECTORS = 9;
    /** --resume: no journal of an interrupted wipe of the target. */
    static final int NO_JOURNAL = 10;
    /**
     * A directory or file of Blockwipe's own (config, signing key, blockwipe.properties, reports,
     * journals) cannot be used; found before anything was written.
     */
    static final int STORAGE = 12;
    /** 128 + SIGINT, as shells report a command stopped by Ctrl-C. */
    static final int CANCELLED = 130;

    /** When several targets end differently, the most serious outcome decides. */
    private static final List<Integer> SEVERITY = List.of(CANCELLED, FAILED, NOT_SUPPORTED, MISMATCH, BAD_SECTORS,
            UNVERIFIED, NO_CERTIFICATE, OK);

    private ExitCode() {
    }

    static int of(Throwable e) {
        if (e instanceof UsageException || e instanceof InvalidRequestException
                || e instanceof CommandLine.ParameterException) {
            return USAGE;
        }
        if (e instanceof CannotResumeException c) {
            return c.exitCode();
        }
        if (e instanceof StorageException) {
            return STORAGE;
        }
        if (e instanceof OperationNotSupportedException) {
            return NOT_SUPPORTED;
        }
        if (e instanceof TargetRefusedException refused) {
            return switch (refused.reason()) {
                case NOT_FOUND, NO_PERMISSION, WRONG_KIND -> NO_TARGET;
                default -> REFUSED;
            };
        }
        return FAILED;
    }

    static int of(WipeResult result) {
        return switch (result.state()) {
            case ERASED, PURGED -> OK;
            case ERASED_EXCEPT_BAD_SECTORS -> BAD_SECTORS;
            case UNPROVEN -> UNVERIFIED;
            case VERIFY_FAILED -> MISMATCH;
            case CANCELLED -> CANCELLED;
            case FAILED -> result.cause() == FailureCause.NOT_SUPPORTED ? NOT_SUPPORTED : FAILED;
        };
    }

    static int worst(Collection<Integer> codes) {
        return SEVERITY.stream().filter(codes::contains).findFirst().orElse(codes.isEmpty() ? OK : FAILED);
    }
}
