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

    /** An {@code O_PATH} handle names an object without opening it: it holds nothing and reads nothing. */
    static boolean opens(int flags) {
        return flags >= 0 && (flags & Fcntl.O_PATH) == 0;
    }
}
