package dev.blockwipe.engine.job;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.verify.VerifyResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What one pass did.
 *
 * @param number        1-based
 * @param pattern       the pattern's description
 * @param blanking      the added final zero pass
 * @param stage         WRITE, or RANGE for a device-side operation
 * @param bytesPlanned  what this run set out to write in this pass (the target size, less what an
 *                      earlier run had written when it resumes)
 * @param startOffset   where this run started the pass (0, or the resumed run's checkpoint)
 * @param bytesWritten  acknowledged by the device (and synced, for a completed pass): a count, not a
 *                      place, for requests complete out of order
 * @param syncedBytes   from {@code startOffset}, the prefix of the pass entirely written and synced
 *                      (its last checkpoint): where a later run goes on from
 * @param started       wall clock
 * @param duration      monotonic
 * @param ioMode        how the data reached the target
 * @param averageRate   bytes per second over the pass
 * @param minRate       lowest one-second rate seen
 * @param maxRate       highest one-second rate seen
 * @param profile       the speed profile (bounded)
 * @param verification  the read-back of this pass, or null when it was not read back on its own
 * @param requests      the requests the pass really made
 */
public record PassResult(
        int number,
        String pattern,
        boolean blanking,
        Stage stage,
        long bytesPlanned,
        long startOffset,
        long bytesWritten,
        long syncedBytes,
        Instant started,
        Duration duration,
        IoMode ioMode,
        double averageRate,
        double minRate,
        double maxRate,
        List<ThroughputPoint> profile,
        VerifyResult verification,
        RequestShape requests) {

    public PassResult {
        profile = List.copyOf(profile);
    }
}
