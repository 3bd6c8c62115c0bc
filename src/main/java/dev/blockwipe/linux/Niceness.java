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
     * A step that puts the thread it runs on (and so every thread that one starts later) {@code by}
     * below the nice value the calling thread has now, and leaves a thread already that low as it
     * is: run it first on every job thread of the window, so that the window's own threads get the
     * CPU when they want it. Twelve tmpfs-backed loop devices made some fifty threads of the jobs
     * runnable at once on two cores, and the FX thread, one among them, waited for a CPU for about
     * nineteen twentieths of the time: the window showed no new frame for seconds. A job's share
     * of the CPU shrinks only while others want it too; failing to lower it (a kernel that refuses)
     * changes nothing for the wipe, so it is not an error.
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
