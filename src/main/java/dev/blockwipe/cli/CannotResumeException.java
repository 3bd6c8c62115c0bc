package dev.blockwipe.cli;

/** --resume found no journal for a target, or one that must not be used; nothing was written. */
final class CannotResumeException extends RuntimeException {
    private final int exitCode;

    private CannotResumeException(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    /** No journal of an interrupted wipe of the target (exit 10). */
    static CannotResumeException nothingToResume(String message) {
        return new CannotResumeException(message, ExitCode.NO_JOURNAL);
    }

    /** A journal that was edited, cannot be read, or is for another device (exit 4, like every refusal). */
    static CannotResumeException refused(String message) {
        return new CannotResumeException(message, ExitCode.REFUSED);
    }

    int exitCode() {
        return exitCode;
    }
}
