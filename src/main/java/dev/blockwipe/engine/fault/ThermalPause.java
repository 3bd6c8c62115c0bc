package dev.blockwipe.engine.fault;

import java.time.Duration;

/**
 * A stretch in which a job issued no writes because the drive was above the limit.
 *
 * @param pass     the pass that waited
 * @param offset   where in the pass the writes stopped (the next request not yet issued)
 * @param celsius  the temperature that started the pause
 * @param duration how long it lasted (until it cooled, or until the job ended)
 */
public record ThermalPause(int pass, long offset, int celsius, Duration duration) {
}
