package dev.blockwipe.engine.job;

import dev.blockwipe.engine.fault.BadRange;
import java.util.List;

/**
 * Where a run starts: the pass, and the offset within it up to which everything was written and
 * synced by an earlier run (a journal's last checkpoint), with the bad ranges found then.
 *
 * @param pass       1-based pass; one past the last means only the final read-back is left
 * @param offset     bytes of that pass already written and synced
 * @param badRanges  bad ranges found by earlier runs (not read back)
 * @param earlier    the earlier runs, oldest first, for the certificate
 */
public record ResumePoint(int pass, long offset, List<BadRange> badRanges, List<RunRecord> earlier) {
    /** A run from the very beginning. */
    public static final ResumePoint START = new ResumePoint(1, 0, List.of(), List.of());

    public ResumePoint {
        badRanges = List.copyOf(badRanges);
        earlier = List.copyOf(earlier);
        if (pass < 1 || offset < 0) {
            throw new IllegalArgumentException("not a place to resume: pass " + pass + ", offset " + offset);
        }
    }

    public boolean fresh() {
        return pass == 1 && offset == 0;
    }
}
