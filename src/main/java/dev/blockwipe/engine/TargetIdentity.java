package dev.blockwipe.engine;

/**
 * What a path pointed to when the user confirmed it: the device number of a block device, or the
 * file system device and inode of an image file. Compared again after the exclusive open, so a node
 * replaced between confirmation and open is refused.
 */
public record TargetIdentity(TargetKind kind, int major, int minor, long inode) {

    public static TargetIdentity device(int major, int minor) {
        return new TargetIdentity(TargetKind.BLOCK_DEVICE, major, minor, 0);
    }

    public static TargetIdentity file(int fsMajor, int fsMinor, long inode) {
        return new TargetIdentity(TargetKind.REGULAR_FILE, fsMajor, fsMinor, inode);
    }

    /** "block device 7:3" or "file 254:0 inode 1234". */
    public String describe() {
        return kind == TargetKind.BLOCK_DEVICE
                ? "block device " + major + ":" + minor
                : "file " + major + ":" + minor + " inode " + inode;
    }
}
