package dev.blockwipe.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** How a process opened one of its descriptors, from {@code /proc/PID/fdinfo/N} (proc(5)). */
final class FdInfo {
    private FdInfo() {
    }

    /** The "flags:" line (octal), or -1 when the descriptor is gone or cannot be read. */
    static int flags(Path fdinfo) {
        try {
            for (String line : Files.readAllLines(fdinfo)) {
                if (line.startsWith("flags:")) {
                    return Integer.parseInt(line.substring("flags:".length()).strip(), 8);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    /** Opened for reading only (O_RDONLY, no O_WRONLY or O_RDWR); false when it could not be told. */
    static boolean readOnly(int flags) {
        return flags >= 0 && (flags & Fcntl.O_ACCMODE) == Fcntl.O_RDONLY;
    }

    /**
     * An {@code O_PATH} handle names an object without opening it: it holds nothing and reads
     * nothing. False when the flags could not be read: then it may be a real open.
     */
    static boolean pathOnly(int flags) {
        return flags >= 0 && (flags & Fcntl.O_PATH) != 0;
    }
}
