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
    SECURE_DISCARD("secure discard");

    private final String label;

    Technique(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean isRangeOperation() {
        return this != OVERWRITE;
    }
}
