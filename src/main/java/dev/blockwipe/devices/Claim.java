package dev.blockwipe.devices;

/**
 * Whether a device is claimed exclusively by someone: mounted, held by device mapper or RAID, or
 * claimed by something no table names (an ext4 external journal, a second btrfs member, a mount in
 * another mount namespace). Found by trying an exclusive open and closing it again at once. A
 * claimed partition also makes its disk's exclusive open busy, and a claimed disk its partitions'.
 */
public enum Claim {
    /** The exclusive open succeeded: nobody holds it. */
    FREE,
    /** The exclusive open was busy. */
    CLAIMED,
    /** It could not be tried (not root, no device node). */
    UNKNOWN
}
