package dev.blockwipe.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.blockwipe.engine.Stage;
import java.time.Instant;
import java.util.List;

/**
 * A journal as its file holds it (the object under "journal"; see {@link Journals} for the file
 * around it): one record per JSON object, the components in the order the fields are written.
 * {@link Journal#document()} makes one and {@link Journal#of(JournalDocument)} reads one.
 *
 * @param version     {@link #VERSION}; version 1, the same fields signed over a re-serialisation
 *                    instead of the bytes on disk, is still read (see {@link Journals})
 * @param certificate the certificate's JSON file the run that wrote this journal reserved, or empty
 */
public record JournalDocument(int version, String path, Device device, Plan plan, int pass, long offset,
                              List<BadRange> badRanges, List<Run> earlierRuns, CurrentRun currentRun, Instant updated,
                              String certificate) {
    /** The version written now: signed over the exact bytes in the file. */
    static final int VERSION = 2;
    /** The version written before: signed over Jackson's compact re-serialisation of the parsed object. */
    static final int RESIGNED_VERSION = 1;

    /** A journal without one of these cannot say where a wipe stopped: refused rather than guessed at. */
    public JournalDocument {
        if (path == null || device == null || plan == null || badRanges == null || earlierRuns == null
                || currentRun == null || updated == null) {
            throw new IllegalArgumentException("a journal needs its path, device, plan, badRanges, earlierRuns,"
                    + " currentRun and updated");
        }
    }

    /**
     * @param kind        "block device" or "file"
     * @param deviceNumber "major:minor" (a file's: its file system's)
     * @param loopBacking what a loop device was attached to, or empty
     */
    public record Device(String kind, String deviceNumber, long inode, long diskSequence, long sizeBytes,
                         long diskOffsetBytes, String serial, String wwn, String model, String loopBacking,
                         String bootId) {
    }

    public record Plan(String method, List<PlanPass> passes, String verification, int blockSize, int queueDepth,
                       int randomBlockSize, int randomDepth, String keystream) {
    }

    /**
     * One pass: a random pass with its key (hex), so a resumed pass writes and the read-back
     * expects the same stream, or a repeating pattern's unit (hex).
     */
    public record PlanPass(@JsonInclude(JsonInclude.Include.NON_NULL) String randomKey,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String repeat, boolean blanking) {
    }

    public record BadRange(long offset, long length, String error, int pass, Stage stage) {
    }

    /** A stall to the millisecond: the certificate a resumed job writes in the end shows it. */
    public record Stall(int pass, Stage stage, long offset, long millis) {
    }

    public record Run(Instant started, Instant ended, int fromPass, long fromOffset, int toPass, long toOffset,
                      long bytesWritten, String end, List<Stall> stalls) {
    }

    /** @param end how the run ended, absent while it runs (or when it was killed) */
    public record CurrentRun(Instant started, int fromPass, long fromOffset, List<Stall> stalls,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String end) {
    }
}
