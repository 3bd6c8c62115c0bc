package dev.blockwipe.report;

import dev.blockwipe.engine.ResumePoint;
import dev.blockwipe.engine.TargetIdentity;
import dev.blockwipe.engine.WipePlan;
import java.io.IOException;
import java.time.Instant;

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
        ResumeIdentity journaled = new ResumeIdentity("file", id.major(), id.minor(), id.inode(), id.diskseq(),
                id.size(), 0, "", "", "", "", bootId);
        new Journals(settings.journalDir(), settings.uid()).write(
                Journal.start(journaled, path, plan, ResumePoint.START, Instant.now()),
                SigningKey.loadOrCreate(settings.configDir(), settings.uid()));
    }
}
