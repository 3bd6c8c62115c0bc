package dev.blockwipe.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** How a process opened one of its descriptors, from {@code /proc/PID/fdinfo/N} (proc(5)). */
final class FdInfo {
    private FdInfo() {
    }

    /**
     * What {@link #flags} says of a descriptor that was closed since it was listed: a probe that
     * let go between the look at {@code fd/N} and the read of {@code fdinfo/N} (seen with udev's
     * worker right after {@code sfdisk}), which holds nothing any more.
     */
    static final int GONE = -2;

    /** The "flags:" line (octal); {@link #GONE} when the descriptor was closed, -1 when it cannot be read. */
    static int flags(Path fdinfo) {
        try {
            for (String line : Files.readAllLines(fdinfo)) {
                if (line.startsWith("flags:")) {
                    return Integer.parseInt(line.substring("flags:".length()).strip(), 8);
                }
            }
        } catch (NoSuchFileException closed) {
            return GONE;
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
