package dev.blockwipe.engine;

public enum FinalState {
    /** Every pass written and synced; every read-back asked for matched. */
    ERASED,
    /**
     * Every block was discarded and nothing was read back: there is no proof the old data is gone
     * (SSDs may still return it), so this is not an erasure.
     */
    DISCARDED,
    /** Every pass written, but a read-back found different data. */
    VERIFY_FAILED,
    /** An error stopped the job. */
    FAILED,
    /** Stopped by the user; what was written before is synced. */
    CANCELLED
}
