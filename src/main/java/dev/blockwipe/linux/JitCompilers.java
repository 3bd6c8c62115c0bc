package dev.blockwipe.linux;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether this JVM compiles with C1 alone, told by its threads' names: HotSpot names its compiler
 * threads "C1 CompilerThreadN" and "C2 CompilerThreadN", which the kernel cuts to 15 bytes in
 * {@code /proc/self/task/TID/comm}, and starts at least one of each compiler it runs before
 * {@code main}. The packaged launcher runs commands with {@code -XX:TieredStopAtLevel=1}; a JVM
 * that says nothing either way (another VM, {@code -Xint}, an unreadable /proc) is not taken for
 * C1 alone.
 */
final class JitCompilers {
    private static final String C1 = "C1 CompilerThre";
    private static final String C2 = "C2 CompilerThre";

    private JitCompilers() {
    }

    /** True when a C1 compiler thread runs and no C2 one does, in the process {@code proc/self} is. */
    static boolean c1Alone(Path proc) {
        boolean c1 = false;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve("self/task"))) {
            for (Path task : tasks) {
                String name = name(task);
                if (name.equals(C2)) {
                    return false;
                }
                c1 |= name.equals(C1);
            }
        } catch (IOException e) {
            return false;
        }
        return c1;
    }

    /** A thread's name; empty for one that ended while the tasks were listed. */
    private static String name(Path task) {
        try {
            return Files.readString(task.resolve("comm")).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
