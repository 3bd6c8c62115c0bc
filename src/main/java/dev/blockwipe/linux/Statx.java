package dev.blockwipe.linux;

import com.sun.jna.Memory;

/**
 * The fields of {@code struct statx} (from {@code <linux/stat.h>}) that Blockwipe uses. statx rather
 * than fstat because its layout is the same on every architecture.
 */
record Statx(int mask, int mode, long inode, long size, int rdevMajor, int rdevMinor, int devMajor, int devMinor,
             int dioOffsetAlign) {
    private static final int SIZE = 256;
    private static final int WANTED = Fcntl.STATX_TYPE | Fcntl.STATX_MODE | Fcntl.STATX_INO | Fcntl.STATX_SIZE
            | Fcntl.STATX_DIOALIGN;

    /** Follows symlinks (a /dev/disk/by-id link names the disk it points to). Returns null and leaves errno on failure. */
    static Statx ofPath(String path) {
        return call(Fcntl.AT_FDCWD, path, 0);
    }

    /** The file an open descriptor refers to. Returns null and leaves errno on failure. */
    static Statx ofFd(int fd) {
        return call(fd, "", Fcntl.AT_EMPTY_PATH);
    }

    private static Statx call(int dirfd, String path, int flags) {
        try (Memory buf = new Memory(SIZE)) {
            buf.clear();
            if (LibC.statx(dirfd, path, flags, WANTED, buf) != 0) {
                return null;
            }
            int mask = buf.getInt(0);
            return new Statx(mask, buf.getShort(28) & 0xFFFF, buf.getLong(32), buf.getLong(40),
                    buf.getInt(128), buf.getInt(132), buf.getInt(136), buf.getInt(140),
                    (mask & Fcntl.STATX_DIOALIGN) != 0 ? buf.getInt(156) : 0);
        }
    }

    int type() {
        return mode & Fcntl.S_IFMT;
    }

    boolean isBlockDevice() {
        return type() == Fcntl.S_IFBLK;
    }

    boolean isRegularFile() {
        return type() == Fcntl.S_IFREG;
    }

    boolean isDirectory() {
        return type() == Fcntl.S_IFDIR;
    }

    /** "a directory", "a character device", ... for refusals. */
    String typeName() {
        return switch (type()) {
            case Fcntl.S_IFDIR -> "a directory";
            case Fcntl.S_IFCHR -> "a character device";
            case Fcntl.S_IFBLK -> "a block device";
            case Fcntl.S_IFREG -> "a regular file";
            case 0x1000 -> "a FIFO";
            case 0xC000 -> "a socket";
            default -> "not a file or device";
        };
    }
}
