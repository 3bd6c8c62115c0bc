package dev.blockwipe.engine.fault;

import dev.blockwipe.engine.Stage;
import java.time.Duration;

/**
 * A request the device took long to answer (or has not answered yet).
 *
 * @param pass     the pass it belongs to (0 for the final read-back)
 * @param stage    what the request was
 * @param offset   where it was
 * @param duration how long it has been waiting (so far, or in all once it ended)
 */
public record Stall(int pass, Stage stage, long offset, Duration duration) {
}
