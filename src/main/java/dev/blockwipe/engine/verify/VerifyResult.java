package dev.blockwipe.engine.verify;

import dev.blockwipe.engine.io.ByteRange;
import dev.blockwipe.engine.io.RequestShape;
import java.time.Duration;
import java.util.List;

/**
 * The outcome of one read-back.
 *
 * @param mode               "all", "last" or "sample:5%"
 * @param expected           the pattern the read-back expected
 * @param bytesPlanned       what the verification set out to read
 * @param bytesVerified      what it read and compared
 * @param mismatchedSectors  logical blocks whose content differed
 * @param firstMismatch      the exact byte offset of the first difference, or -1
 * @param mismatchRanges     the first {@link #MAX_RANGES} differing ranges (logical-block granular)
 * @param skippedBytes       bytes not read because they were known to be bad (could not be written)
 * @param unreadableBytes    bytes that could not be read back (isolated to the sector)
 * @param complete           every planned request was made (not cancelled)
 * @param duration           wall time of the read-back
 * @param requests           the requests the read-back really made
 */
public record VerifyResult(
        String mode,
        String expected,
        long bytesPlanned,
        long bytesVerified,
        long mismatchedSectors,
        long firstMismatch,
        List<ByteRange> mismatchRanges,
        long skippedBytes,
        long unreadableBytes,
        boolean complete,
        Duration duration,
        RequestShape requests) {
    public static final int MAX_RANGES = 100;

    public VerifyResult {
        mismatchRanges = List.copyOf(mismatchRanges);
    }

    /** Read to its end, and everything that could be read is what was written. */
    public boolean passed() {
        return complete && mismatchedSectors == 0;
    }
}
