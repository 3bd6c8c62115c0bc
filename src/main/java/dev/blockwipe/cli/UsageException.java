package dev.blockwipe.cli;

/** An option value that does not make sense; exit code 2, nothing touched. */
final class UsageException extends RuntimeException {
    UsageException(String message) {
        super(message);
    }

    UsageException(IllegalArgumentException cause) {
        super(cause.getMessage(), cause);
    }
}
