package dev.blockwipe.engine.fault;

import java.time.Duration;

/**
 * What a job does when the device misbehaves.
 *
 * @param stopAtFirst  stop the job at the first bad sector (after isolating it), instead of going on
 * @param maxBadRanges give the disk up once it has more bad ranges than this
 * @param stallAfter   a request that has not completed after this long is reported as stalled
 * @param maxCelsius   pause writes while the drive reports more than this many degrees Celsius, 0 for never
 */
public record FaultPolicy(boolean stopAtFirst, int maxBadRanges, Duration stallAfter, int maxCelsius) {
    /**
     * A request is called stalled after a second at the soonest and a day at the latest: longer
     * is no limit (and a number of seconds that overflows the job's nanosecond clock). Declared
     * before DEFAULT, whose construction checks against them.
     */
    public static final Duration MIN_STALL_AFTER = Duration.ofSeconds(1);
    public static final Duration MAX_STALL_AFTER = Duration.ofDays(1);
    /** Go on past bad sectors, give up after 1000 bad ranges, call a request stalled after two minutes, no temperature limit. */
    public static final FaultPolicy DEFAULT = new FaultPolicy(false, 1000, Duration.ofSeconds(120), 0);
    /** Above this a limit is no limit: drives shut themselves down near 70 to 85 °C. */
    public static final int MAX_CELSIUS = 100;

    public FaultPolicy {
        if (maxBadRanges < 1) {
            throw new IllegalArgumentException("the limit of bad ranges must be at least 1, not " + maxBadRanges);
        }
        if (stallAfter.compareTo(MIN_STALL_AFTER) < 0 || stallAfter.compareTo(MAX_STALL_AFTER) > 0) {
            throw new IllegalArgumentException("the stall limit must be between " + MIN_STALL_AFTER.toSeconds() + " and "
                    + MAX_STALL_AFTER.toSeconds() + " seconds, not " + stallAfter.toSeconds());
        }
        if (maxCelsius != 0) {
            chosenLimitCelsius(maxCelsius);
        }
    }

    /**
     * A temperature limit the user chose: above the resume margin and at most {@link #MAX_CELSIUS}.
     * Zero is not a choice (it stands for "no limit"), so a user who gives it is refused.
     *
     * @throws IllegalArgumentException when it is out of range
     */
    public static int chosenLimitCelsius(int celsius) {
        if (celsius <= Temperatures.RESUME_MARGIN || celsius > MAX_CELSIUS) {
            throw new IllegalArgumentException("the temperature limit must be between "
                    + (Temperatures.RESUME_MARGIN + 1) + " and " + MAX_CELSIUS + " °C, not " + celsius);
        }
        return celsius;
    }

    public FaultPolicy withStopAtFirst(boolean stop) {
        return new FaultPolicy(stop, maxBadRanges, stallAfter, maxCelsius);
    }

    public FaultPolicy withMaxCelsius(int celsius) {
        return new FaultPolicy(stopAtFirst, maxBadRanges, stallAfter, celsius);
    }
}
