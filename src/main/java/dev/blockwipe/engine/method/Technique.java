package dev.blockwipe.engine.method;

/** How a method erases, in NIST SP 800-88 terms where they apply. */
public enum Technique {
    /** Writes every block with the passes' patterns. */
    OVERWRITE("overwrite"),
    /** BLKZEROOUT on devices, fallocate(ZERO_RANGE) on files: the device writes the zeroes. */
    ZERO_OUT("zero-out (device offload)"),
    /** BLKDISCARD / punch hole: the blocks are unmapped; what they read back as is up to the device. */
    DISCARD("discard (unmap)"),
    /** BLKSECDISCARD: unmapped and the old data erased by the device. */
    SECURE_DISCARD("secure discard"),
    /** The drive's own erase command (sanitize, format, security erase): it erases what no write reaches. */
    FIRMWARE("firmware erase (the drive's own command)");

    private final String label;

    Technique(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** BLKZEROOUT, BLKDISCARD or BLKSECDISCARD over the target's ranges. */
    public boolean isRangeOperation() {
        return this == ZERO_OUT || this == DISCARD || this == SECURE_DISCARD;
    }

    /** Whether Blockwipe writes the passes itself (no range operation, no drive command). */
    public boolean isOverwrite() {
        return this == OVERWRITE;
    }
}
