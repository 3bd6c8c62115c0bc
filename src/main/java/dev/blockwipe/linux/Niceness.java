package dev.blockwipe.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The nice value of single threads. On Linux, {@code setpriority(PRIO_PROCESS, 0, n)} sets that of
 * the calling thread only, and a thread starts with the nice value of the thread that started it.
 */
public final class Niceness {
    private static final int PRIO_PROCESS = 0;
    private static final int LOWEST = 19;

    private Niceness() {
    }

    /**
     * A step that puts the thread it runs on, and every thread that one starts later, {@code by}
     * below the calling thread's nice value now; a thread already that low stays as it is. The
     * window runs it first on every job thread. Twelve tmpfs-backed loop devices made some fifty
     * job threads runnable on two cores, and the FX thread waited for a CPU nearly all the time it
     * could have run: no new frame for seconds (src/docs/speed.md, "Starved, not idle"). A job loses CPU time only while others
     * want it. A refused change leaves the wipe as it was, so it is not an error.
     */
    public static Runnable lowered(int by) {
        int wanted = Math.min(LOWEST, current() + by);
        return () -> {
            if (current() < wanted) {
                LibC.setpriority(PRIO_PROCESS, 0, wanted);
            }
        };
    }

    /** The calling thread's nice value (field 19 of its stat, counted after the command's closing parenthesis). */
    static int current() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            return Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
