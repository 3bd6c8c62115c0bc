package dev.blockwipe.service;

/**
 * The targets of one command overlap: one object named twice, or a partition named with its
 * disk. It is the request that is wrong, not a target: nothing was opened, and the CLI answers it
 * as a usage error.
 */
public final class TargetsOverlapException extends RuntimeException {
    TargetsOverlapException(String message) {
        super(message);
    }
}
