package dev.blockwipe.engine.job;

import dev.blockwipe.engine.fault.Stall;
import java.time.Instant;
import java.util.List;

/**
 * One earlier run of a job that was resumed, as its journal recorded it.
 *
 * @param started      when the run started
 * @param ended        when it ended, or its last checkpoint when it was killed
 * @param fromPass     the pass it started in
 * @param fromOffset   where in that pass
 * @param toPass       the pass it reached (everything before {@code toOffset} written and synced)
 * @param toOffset     where in that pass
 * @param bytesWritten bytes it wrote and synced (from its start to its last checkpoint)
 * @param end          how it ended: "cancelled", "failed: ...", or "interrupted (killed, crashed or
 *                     powered off); counted up to its last checkpoint"
 * @param stalls       requests it waited long for
 */
public record RunRecord(Instant started, Instant ended, int fromPass, long fromOffset, int toPass, long toOffset,
                        long bytesWritten, String end, List<Stall> stalls) {
    public RunRecord {
        stalls = List.copyOf(stalls);
    }
}
