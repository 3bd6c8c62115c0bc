package dev.blockwipe.engine;

import java.time.Duration;

/**
 * What a job does when the device misbehaves.
 *
 * @param stopAtFirst  stop the job at the first bad sector (after isolating it), instead of going on
 * @param maxBadRanges give the disk up once it has more bad ranges than this
 * @param stallAfter   a request that has not completed after this long is reported as stalled
 */
public record FaultPolicy(boolean stopAtFirst, int maxBadRanges, Duration stallAfter) {
    /** Go on past bad sectors, give up after 1000 bad ranges, call a request stalled after two minutes. */
    public static final FaultPolicy DEFAULT = new FaultPolicy(false, 1000, Duration.ofSeconds(120));

    public FaultPolicy {
        if (maxBadRanges < 1) {
            throw new IllegalArgumentException("the limit of bad ranges must be at least 1, not " + maxBadRanges);
        }
        if (stallAfter.isNegative() || stallAfter.isZero()) {
            throw new IllegalArgumentException("the stall limit must be positive, not " + stallAfter);
        }
    }

    public FaultPolicy withStopAtFirst(boolean stop) {
        return new FaultPolicy(stop, maxBadRanges, stallAfter);
    }
}
