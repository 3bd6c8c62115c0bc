package dev.blockwipe.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs system tools (losetup, sfdisk, mkfs) for test fixtures; a failure fails the test with the tool's output. */
public final class Sh {
    private Sh() {
    }

    public static String run(String... command) {
        return runWithInput(null, command);
    }

    /** Runs {@code command} with {@code input} on standard input; returns standard output. */
    public static String runWithInput(String input, String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (input != null) {
                p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
            }
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + String.join(" ", command));
            }
            if (p.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " exited " + p.exitValue() + ": " + out);
            }
            return out.trim();
        } catch (IOException e) {
            throw new AssertionError("cannot run " + List.of(command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
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
