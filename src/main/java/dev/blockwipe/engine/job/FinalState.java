package dev.blockwipe.engine.job;

import dev.blockwipe.engine.io.OldData;

public enum FinalState {
    /** Every pass written and synced; every read-back asked for matched. */
    ERASED,
    /**
     * Every pass written and read back as asked, except sectors the device could not write or
     * read: "erased except N bad sectors". The bad ranges are listed in the result.
     */
    ERASED_EXCEPT_BAD_SECTORS,
    /**
     * Done as asked, but not a proven erasure: every block was discarded and nothing was read
     * back (SSDs may still return the old data), or the target reads back as written while the
     * old data may stay on the medium underneath (see {@link OldData}).
     */
    UNPROVEN,
    /**
     * The drive's own erase (a firmware method) reported success and every canary changed, but
     * nothing else was read back: what its blocks read as afterwards is not defined by the drive
     * (crypto erase), or the read-back was turned off. NIST Purge on the drive's word and the
     * canaries; not "erased", which Blockwipe says only of a target read back to the last byte.
     */
    PURGED,
    /** Every pass written, but a read-back found different data (or, after a firmware erase, a canary unchanged). */
    VERIFY_FAILED,
    /** An error stopped the job. */
    FAILED,
    /** Stopped by the user; what was written before is synced. */
    CANCELLED
}
