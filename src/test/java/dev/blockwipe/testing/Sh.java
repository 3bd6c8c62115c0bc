package dev.blockwipe.testing;

import dev.blockwipe.linux.Programs;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/** Runs system tools (losetup, sfdisk, mkfs) for test fixtures; a failure fails the test with the tool's output. */
public final class Sh {
    /** The slowest fixture tool (mkfs on a few GiB, a udevadm settle) ends well within this; one that does not, hangs. */
    private static final Duration TOOL_TIMEOUT = Duration.ofMinutes(2);

    private Sh() {
    }

    public static String run(String... command) {
        return runWithInput(null, command);
    }

    /** Runs {@code command} with {@code input} on standard input; returns standard output. */
    public static String runWithInput(String input, String... command) {
        try {
            Programs.Outcome out = Programs.run(List.of(command), input, TOOL_TIMEOUT);
            if (out.exit() != 0) {
                throw new AssertionError(String.join(" ", command) + " exited " + out.exit() + ": " + out.output());
            }
            return out.output();
        } catch (IOException e) {
            throw new AssertionError("cannot run " + List.of(command) + ": " + e.getMessage(), e);
        }
    }

    /** By effective uid, as the kernel judges permissions, not by the user's name. */
    public static boolean isRoot() {
        return uid() == 0;
    }

    /** The effective uid of this process. */
    public static int uid() {
        try {
            return (Integer) java.nio.file.Files.getAttribute(java.nio.file.Path.of("/proc/self"), "unix:uid");
        } catch (IOException e) {
            throw new AssertionError("cannot read the effective uid from /proc/self", e);
        }
    }

    /**
     * Skips the calling test when {@code met} is false, saying why; when the {@code CI} variable
     * is set it fails instead: in CI a test that cannot get what it needs must not pass quietly.
     */
    public static void require(boolean met, String reason) {
        if (System.getenv("CI") != null) {
            org.junit.jupiter.api.Assertions.assertTrue(met, "CI is set, and this test " + reason);
        } else {
            org.junit.jupiter.api.Assumptions.assumeTrue(met, reason);
        }
    }

    public static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(":")) {
            if (new java.io.File(dir, tool).canExecute()) {
                return true;
            }
        }
        return false;
    }
}
