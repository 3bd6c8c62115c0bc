package dev.blockwipe.engine.io;

import dev.blockwipe.engine.method.Technique;
import dev.blockwipe.engine.method.Verification;

/**
 * Where writing a target may leave its old data on the medium underneath, and why. A file on a
 * copy-on-write file system gets new blocks for what is written, and the old ones stay on the disk
 * until they are reused; zero-out and discard of a file (or of a loop device over one) only change
 * the file's block map. The target then reads back as written, but that is no proof of erasure.
 *
 * @param afterOverwrite      why an overwrite may leave the old data on the medium, or null
 * @param afterRangeOperation why zero-out or discard may leave it, or null
 */
public record OldData(String afterOverwrite, String afterRangeOperation) {
    /** Writes land on the blocks that held the data. */
    public static final OldData NONE = new OldData(null, null);

    /**
     * Why a wipe by {@code technique}, read back as {@code verification} says, proves no erasure of
     * this target (its result is UNPROVEN), or null when it does: the one rule that the plan, the
     * window's wipe dialog and the result apply. Besides the medium, a discard that nothing reads
     * back proves nothing: the device may still return the old data.
     */
    public String whyUnproven(Technique technique, Verification verification) {
        String stays = technique.isRangeOperation() ? afterRangeOperation : afterOverwrite;
        if (stays != null) {
            return stays;
        }
        if (technique == Technique.DISCARD && verification.isOff()) {
            return "every block was discarded and nothing was read back; the device may still return the old data";
        }
        return null;
    }
}
