package dev.blockwipe.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Jar;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar's console UI in a real terminal: tmux at 80×24, keys sent as a technician types
 * them, the screen read back as text. Only loop devices this test makes are ticked or written.
 * Timeouts are generous and nothing is timed: the machine may be busy.
 */
class ConsoleUiIT {
    private static final Duration PATIENCE = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    // tmux runs a server of this test's own (its socket in the test's folder), so that no other
    // session and no other environment mixes in
    private final List<AutoCloseable> cleanup = new ArrayList<>();

    @AfterEach
    void cleanUp() throws Exception {
        tmuxQuietly("kill-server");
        for (int i = cleanup.size() - 1; i >= 0; i--) {
            cleanup.get(i).close();
        }
    }

    @Test
    void ticksAWipeableLoopDeviceWipesItWithZeroesAndShowsItsCertificateButCannotTickAMountedOne() throws Exception {
        LoopDevice.assumeAvailable();
        Sh.require(Sh.onPath("tmux"), "needs tmux (Debian: tmux), which .ci/run installs");
        Sh.require(Sh.onPath("mkfs.ext4"), "needs mkfs.ext4 (e2fsprogs)");
        LoopDevice target = LoopDevice.createUnscanned(dir, 32L << 20);
        cleanup.add(target);
        target.fillRandom(target.path(), 37);
        LoopDevice busy = LoopDevice.createUnscanned(dir, 32L << 20);
        cleanup.add(busy);
        Sh.run("mkfs.ext4", "-q", "-F", busy.path());
        Path mnt = Files.createDirectory(dir.resolve("mnt"));
        busy.mount(busy.path(), mnt);

        start(dir.resolve("reports"));
        String screen = await(s -> s.contains(target.name()) && s.contains(busy.name()) && s.contains("? help"),
                "both loop devices listed");
        assertThat(row(screen, busy.name())).contains(" - ", "blocked: mounted");

        moveTo(busy.name());
        keys("Space");
        screen = await(s -> s.contains("cannot tick " + busy.name() + ": blocked: mounted"), "the refusal to tick");
        assertThat(row(screen, busy.name())).doesNotContain("[x]");

        moveTo(target.name());
        keys("Space");
        await(s -> row(s, target.name()).contains("[x]"), target.name() + " ticked");
        type("w");
        screen = await(s -> s.contains("Type " + target.name() + " to confirm"), "the wipe form");
        assertThat(screen).contains("> zero", "Read-back (Left/Right): < After the last pass >");
        type(target.name());
        keys("Enter");

        String summary = await(s -> s.contains("Summary") && s.contains(target.name() + ": ERASED") && s.contains("JSON:"),
                "the summary with the certificate");
        Path reports = dir.resolve("reports");
        List<Path> pdfs;
        try (Stream<Path> files = Files.list(reports)) {
            pdfs = files.filter(p -> p.getFileName().toString().endsWith(target.name() + ".pdf")).toList();
        }
        assertThat(pdfs).singleElement().satisfies(pdf -> {
            assertThat(summary).contains(pdf.getFileName().toString());
            assertThat(Files.size(pdf)).isPositive();
            assertThat(pdf.resolveSibling(pdf.getFileName().toString().replace(".pdf", ".json"))).isNotEmptyFile();
        });
        assertThat(onlyZeroes(target.path())).as(target.path() + " reads back as zeroes").isTrue();

        keys("Enter");
        type("q");
        awaitEnd();
    }

    /**
     * The boot stick started from a CD keeps certificates in memory: the console says so above the
     * devices before any wipe, and has no network switch off the stick.
     */
    @Test
    void certificatesHeadedForMemoryAreWarnedOfAboveTheDevices() throws Exception {
        Sh.require(Sh.onPath("tmux"), "needs tmux (Debian: tmux), which .ci/run installs");
        Sh.require(Sh.run("stat", "-f", "-c", "%T", "/dev/shm").strip().equals("tmpfs"), "needs /dev/shm on tmpfs");
        Path reports = Files.createTempDirectory(Path.of("/dev/shm"), "blockwipe-tui-reports");
        cleanup.add(() -> Sh.run("rm", "-rf", reports.toString()));

        start(reports);
        String screen = await(s -> s.contains("? help") && s.contains("lost at power-off"), "the warning");
        assertThat(screen.replaceAll("\\s+", " ")).contains("Certificates go to "
                + reports + ", which is in memory (tmpfs)");
        type("n");
        await(s -> s.contains("no network switch here: it is the boot stick's (blockwipe net)"), "no switch");
        type("q");
        awaitEnd();
    }

    /** i makes the device under the cursor show itself (a loop device: by reads), i again stops it; nothing is written. */
    @Test
    void iIdentifiesTheDeviceUnderTheCursorAndIAgainStopsIt() throws Exception {
        LoopDevice.assumeAvailable();
        Sh.require(Sh.onPath("tmux"), "needs tmux (Debian: tmux), which .ci/run installs");
        LoopDevice target = LoopDevice.createUnscanned(dir, 16L << 20);
        cleanup.add(target);
        target.fillRandom(target.path(), 5);
        String before = LoopDevice.sha256(target.image().toString());

        start(dir.resolve("reports"));
        await(s -> s.contains("? help") && s.lines().anyMatch(l -> l.startsWith(">")), "the devices listed");
        for (int page = 0; page < 20 && row(screen(), target.name()).isEmpty(); page++) {
            keys("PageDown");
            Thread.sleep(250);
        }
        moveTo(target.name());
        type("i");
        await(s -> s.contains("identifying " + target.name() + " (i on its row stops): activity LED"), "the identification");
        type("i");
        await(s -> !s.contains("identifying " + target.name()), "the identification stopped");
        type("q");
        awaitEnd();

        assertThat(LoopDevice.sha256(target.image().toString())).isEqualTo(before);
    }

    /** The jar's tui in a new 80×24 tmux session, without a display, its papers in the test's folder. */
    private void start(Path reports) throws Exception {
        String cmd = String.join(" ", List.of("env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY",
                "HOME=" + dir, "XDG_CONFIG_HOME=" + dir.resolve("config"), "TERM=xterm",
                Jar.javaBin(), "-jar", Jar.path(), "tui", "--report-dir", reports.toString(),
                "--journal-dir", dir.resolve("journals").toString(), "--config-dir", dir.resolve("config").toString(),
                "2>" + dir.resolve("stderr.txt")));
        tmux("-f", "/dev/null", "new-session", "-d", "-s", "tui", "-x", "80", "-y", "24", cmd);
    }

    private void keys(String... keys) throws Exception {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", "tui"));
        args.addAll(List.of(keys));
        tmux(args.toArray(String[]::new));
    }

    /** Literal text, as typed. */
    private void type(String text) throws Exception {
        tmux("send-keys", "-t", "tui", "-l", text);
    }

    private String screen() throws Exception {
        return tmux("capture-pane", "-p", "-t", "tui");
    }

    /** Moves the cursor (the row starting with "&gt;") to the row of {@code name}. */
    private void moveTo(String name) throws Exception {
        String s = screen();
        int at = -1;
        int want = -1;
        List<String> lines = s.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(">")) {
                at = i;
            }
            if (isRow(lines.get(i), name)) {
                want = i;
            }
        }
        assertThat(at).as("a cursor row in:\n" + s).isNotNegative();
        assertThat(want).as(name + "'s row in:\n" + s).isNotNegative();
        for (int i = 0; i < Math.abs(want - at); i++) {
            keys(want > at ? "Down" : "Up");
        }
        await(x -> x.lines().anyMatch(l -> l.startsWith(">") && isRow(l, name)), "the cursor on " + name);
    }

    private static boolean isRow(String line, String name) {
        return line.length() > 6 && line.substring(5).startsWith(name + " ");
    }

    private static String row(String screen, String name) {
        return screen.lines().filter(l -> isRow(l, name)).findFirst().orElse("");
    }

    private String await(Predicate<String> shown, String what) throws Exception {
        long end = System.nanoTime() + PATIENCE.toNanos();
        String s = "";
        while (System.nanoTime() < end) {
            s = screen();
            if (shown.test(s)) {
                return s;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("waited " + PATIENCE.toSeconds() + " s for " + what + "; the screen:\n" + s
                + "\nstderr:\n" + stderr());
    }

    /** The program ended (q): its session is gone. */
    private void awaitEnd() throws Exception {
        long end = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < end) {
            if (tmuxQuietly("has-session", "-t", "tui") != 0) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("q did not end the console UI; the screen:\n" + screen());
    }

    private String stderr() {
        try {
            return Files.readString(dir.resolve("stderr.txt"));
        } catch (IOException e) {
            return "(none: " + e.getMessage() + ")";
        }
    }

    private static boolean onlyZeroes(String device) throws IOException {
        byte[] buf = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(Path.of(device))) {
            for (int n = in.read(buf); n > 0; n = in.read(buf)) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] != 0) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private String tmux(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-S", dir.resolve("tmux.sock").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("tmux " + String.join(" ", args) + ": " + out).isZero();
        return out;
    }

    private int tmuxQuietly(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-S", dir.resolve("tmux.sock").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
