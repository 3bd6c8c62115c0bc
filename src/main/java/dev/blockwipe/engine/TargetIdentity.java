package dev.blockwipe.engine;

/**
 * What a path pointed to when the user confirmed it: the device number, size and serial of a
 * block device, or the file system device, inode and size of an image file. Compared again after
 * the exclusive open, so a node replaced between confirmation and open (another disk in the same
 * hot-swap bay gets the same name and number) is refused.
 *
 * @param serial the disk's serial number, or empty when it has none (files, loop devices)
 */
public record TargetIdentity(TargetKind kind, int major, int minor, long inode, long size, String serial) {

    public TargetIdentity {
        serial = serial == null ? "" : serial;
    }

    public static TargetIdentity device(int major, int minor, long size, String serial) {
        return new TargetIdentity(TargetKind.BLOCK_DEVICE, major, minor, 0, size, serial);
    }

    public static TargetIdentity file(int fsMajor, int fsMinor, long inode, long size) {
        return new TargetIdentity(TargetKind.REGULAR_FILE, fsMajor, fsMinor, inode, size, "");
    }

    /** The same device node or file, whatever its size and serial say. */
    public boolean sameNode(TargetIdentity other) {
        return kind == other.kind && major == other.major && minor == other.minor && inode == other.inode;
    }

    /** "block device 7:3, 256 MiB, serial S123" or "file 254:0 inode 1234, 2 MiB". */
    public String describe() {
        String node = kind == TargetKind.BLOCK_DEVICE
                ? "block device " + major + ":" + minor
                : "file " + major + ":" + minor + " inode " + inode;
        return node + ", " + Units.bytes(size) + (serial.isEmpty() ? "" : ", serial " + serial);
    }
}
