package dev.blockwipe.linux;

import dev.blockwipe.engine.DaemonThreads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * External programs (losetup, mkfs, xdg-open), each run to its end or to a deadline. The output
 * is read on a thread of its own while this one waits on the clock: read first and waited for
 * after, a program that hangs with its output open (or a child that inherited it, as a PDF viewer
 * started by xdg-open does) held the caller for as long as it lived, and the deadline never came.
 */
public final class Programs {
    /**
     * How long the output may still come after the program ended: a child that inherited it may
     * keep it open for as long as it runs, and what the program itself wrote is there by then.
     */
    private static final long OUTPUT_AFTER_EXIT_MILLIS = 1_000;

    private Programs() {
    }

    /** How a program ended: its exit status and what it wrote (standard output and error, stripped). */
    public record Outcome(int exit, String output) {
    }

    /** The program did not end within its time; it was killed. */
    public static final class TimedOutException extends IOException {
        TimedOutException(String message) {
            super(message);
        }
    }

    /** The executable {@code name} in a folder of PATH, where there is one. */
    public static Optional<Path> onPath(String name) {
        return onPath(name, searchPath());
    }

    /** This process's PATH; the usual folders where it has none. */
    static String searchPath() {
        return System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
    }

    /** The executable {@code name} in a folder of {@code searchPath} (folders separated by ':'), where there is one. */
    public static Optional<Path> onPath(String name, String searchPath) {
        for (String dir : searchPath.split(":")) {
            Path program = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isExecutable(program)) {
                return Optional.of(program);
            }
        }
        return Optional.empty();
    }

    /**
     * Runs {@code command} with {@code input} (or nothing) on its standard input and this process's
     * environment; waits at most {@code timeout}.
     */
    public static Outcome run(List<String> command, String input, Duration timeout) throws IOException {
        return run(new ProcessBuilder(command), input, timeout);
    }

    /** {@link #run(List, String, Duration)} with exactly {@code environment}, nothing inherited, and no input. */
    public static Outcome runIn(Map<String, String> environment, List<String> command, Duration timeout) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().clear();
        builder.environment().putAll(environment);
        return run(builder, null, timeout);
    }

    /**
     * {@link #run(List, String, Duration)}, and a status other than 0 is an IOException that names
     * the command and carries its output; returns the output.
     */
    public static String output(String input, Duration timeout, String... command) throws IOException {
        Outcome outcome = run(List.of(command), input, timeout);
        if (outcome.exit() != 0) {
            throw new IOException(String.join(" ", command) + " failed (" + outcome.exit() + "): " + outcome.output());
        }
        return outcome.output();
    }

    private static Outcome run(ProcessBuilder builder, String input, Duration timeout) throws IOException {
        String name = String.join(" ", builder.command());
        Process p = builder.redirectErrorStream(true).start();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        Thread reader = DaemonThreads.start("blockwipe-output-" + builder.command().get(0), () -> copy(p.getInputStream(), output));
        try (OutputStream stdin = p.getOutputStream()) {
            if (input != null) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // the program ended, or closed its input, without reading it all: its status says how it went
        }
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new TimedOutException(name + " did not finish within " + timeout.toSeconds() + " s");
            }
            reader.join(OUTPUT_AFTER_EXIT_MILLIS);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + name, e);
        }
        synchronized (output) {
            return new Outcome(p.exitValue(), output.toString(StandardCharsets.UTF_8).strip());
        }
    }

    private static void copy(InputStream from, ByteArrayOutputStream to) {
        byte[] buffer = new byte[8192];
        try (from) {
            for (int n; (n = from.read(buffer)) >= 0; ) {
                synchronized (to) {
                    to.write(buffer, 0, n);
                }
            }
        } catch (IOException e) {
            // the program is gone and its output closed with it; what came before is kept
        }
    }
}
