package dev.blockwipe.linux;

import com.sun.jna.Memory;

/** The file system type of an open descriptor or a path ({@code f_type} of struct statfs, its first field). */
final class Statfs {
    private Statfs() {
    }

    /** The f_type of the file system {@code fd} is on; -1 and errno set when it cannot be read. */
    static long magic(int fd) {
        try (Memory buf = new Memory(256)) {
            return LibC.fstatfs(fd, buf) != 0 ? -1 : buf.getLong(0) & 0xffffffffL;
        }
    }

    /** The f_type of the file system {@code path} is on; -1 and errno set when it cannot be read. */
    static long magic(String path) {
        try (Memory buf = new Memory(256)) {
            return LibC.statfs(path, buf) != 0 ? -1 : buf.getLong(0) & 0xffffffffL;
        }
    }
}
