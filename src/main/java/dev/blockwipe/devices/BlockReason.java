package dev.blockwipe.devices;

/** Why a device must not be wiped; only some may be overridden with --force. */
public enum BlockReason {
    /** Holds /, /boot, /boot/efi, /usr or /var (or is on the disk that does). */
    SYSTEM_DISK(false),
    /** It, a partition of it, or a device built on it is mounted. */
    MOUNTED(false),
    /** It, a partition of it, or a device built on it is active swap. */
    SWAP(false),
    /** A RAID array, device mapper or LVM volume is built on it. */
    HELD(false),
    READ_ONLY(false),
    EMPTY(false),
    /**
     * A fact needed for the decision could not be read. --force may override this: the exclusive
     * open still refuses a device that is mounted or held.
     */
    UNKNOWN_FACTS(true),
    /**
     * Backs a loop device (an image file, or a disk or partition under losetup), or shares its
     * backing object with one, and nothing uses that loop device. --force may override.
     */
    BACKS_LOOP(true);

    private final boolean forceOverrides;

    BlockReason(boolean forceOverrides) {
        this.forceOverrides = forceOverrides;
    }

    public boolean forceOverrides() {
        return forceOverrides;
    }
}
