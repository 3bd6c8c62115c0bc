package dev.blockwipe.report;

import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.job.ResumePoint;
import dev.blockwipe.engine.job.WipePlan;
import java.io.IOException;
import java.time.Instant;
import java.util.List;

/** Journals as Blockwipe leaves them, for tests outside this package. */
public final class JournalFixtures {
    private JournalFixtures() {
    }

    /**
     * Writes, signed with the settings' key, the journal of a wipe of the image file {@code id}
     * that was killed right after it started, in the boot {@code bootId}.
     */
    public static void killedFileWipe(Settings settings, TargetIdentity id, String path, WipePlan plan, String bootId)
            throws IOException {
        killedFileWipe(settings, id, path, plan, bootId, ResumePoint.START);
    }

    /** The same, killed once every pass was written, before its certificate was. */
    public static void uncertifiedFileWipe(Settings settings, TargetIdentity id, String path, WipePlan plan, String bootId)
            throws IOException {
        killedFileWipe(settings, id, path, plan, bootId, new ResumePoint(plan.passes().size() + 1, 0, List.of(), List.of()));
    }

    private static void killedFileWipe(Settings settings, TargetIdentity id, String path, WipePlan plan, String bootId,
                                       ResumePoint at) throws IOException {
        ResumeIdentity journaled = new ResumeIdentity("file", id.major(), id.minor(), id.inode(), id.diskseq(),
                id.size(), 0, "", "", "", "", bootId);
        new Journals(settings.journalDir(), settings.uid()).write(
                Journal.start(journaled, path, plan, at, Instant.now(), ""),
                SigningKey.loadOrCreate(settings.configDir(), settings.uid()));
    }
}
