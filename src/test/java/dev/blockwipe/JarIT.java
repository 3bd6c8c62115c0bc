package dev.blockwipe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Jar;
import dev.blockwipe.testing.Jar.Run;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The packaged jar, run as scripts and fleets run it: java -jar target/blockwipe.jar. */
class JarIT {
    @TempDir
    Path dir;

    @Test
    void printsItsVersion() throws Exception {
        Run r = run("--version");
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("blockwipe 0.");
    }

    @Test
    void wipesAnImageFileAndReportsInJson() throws Exception {
        Path img = Files.write(dir.resolve("disk.img"), new byte[4 << 20]);
        Run r = run("wipe", img.toString(), "--method", "random", "--json", "--yes=disk.img", "--report-dir",
                dir.resolve("reports").toString(), "--journal-dir", dir.resolve("journals").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).as("no stray logging").isEmpty();
        assertThat(r.out()).contains("\"event\":\"finished\"", "\"state\":\"ERASED\"", "\"event\":\"certificate\"");
    }

    @Test
    void refusesAMissingTargetInOneLine() throws Exception {
        Run r = run("wipe", dir.resolve("nope.img").toString(), "-m", "zero", "--yes=nope.img");
        assertThat(r.code()).as(r.err()).isEqualTo(6);
        assertThat(r.err().lines()).singleElement().asString().contains("no such file or device");
    }

    @Test
    void withoutADisplayTheWindowExplainsItself() throws Exception {
        Run r = runWithoutDisplay();
        assertThat(r.code()).isEqualTo(11);
        assertThat(r.err().lines()).singleElement().asString().contains("no display", "blockwipe --help");
    }

    @Test
    void aDisplayThatDoesNotAnswerIsOneLineNotAStackTrace() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Jar.javaBin(), "-jar", Jar.path());
        pb.environment().put("DISPLAY", ":" + unusedDisplay());
        pb.environment().remove("WAYLAND_DISPLAY");
        Run r = Jar.exec(papers(pb));
        assertThat(r.code()).as(r.err()).isEqualTo(11);
        assertThat(r.err().lines()).singleElement().asString()
                .contains("cannot open the window on display " + pb.environment().get("DISPLAY"), "nothing answers there");
    }

    /**
     * GTK 3 hidden from the JVM by a bind mount in a mount namespace of its own (the machine keeps
     * its GTK); glass checks the display first, so an X server runs for it.
     */
    @Test
    void withoutGtkTheWindowSaysWhatToInstall() throws Exception {
        Sh.require(Sh.isRoot(), "needs root for a private mount namespace (CI runs as root)");
        Sh.require(Sh.onPath("Xvfb"), "needs Xvfb (Debian: xvfb), which .ci/run installs");
        String display = ":" + unusedDisplay();
        Process x = new ProcessBuilder("Xvfb", display, "-ac", "-nolisten", "tcp")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            Path socket = Path.of("/tmp/.X11-unix/X" + display.substring(1));
            for (int i = 0; i < 100 && !Files.exists(socket); i++) {
                Thread.sleep(100);
            }
            assertThat(socket).as("Xvfb's socket").exists();
            Path gtk = Path.of("/usr/lib/x86_64-linux-gnu/libgtk-3.so.0");
            String hide = Files.exists(gtk) ? "mount --bind /dev/null " + gtk + " && " : "";
            ProcessBuilder pb = new ProcessBuilder("unshare", "--mount", "sh", "-c",
                    hide + "exec \"$0\" -jar \"$1\"", Jar.javaBin(), Jar.path());
            pb.environment().put("DISPLAY", display);
            Run r = Jar.exec(papers(pb));
            assertThat(r.code()).as(r.err()).isEqualTo(11);
            assertThat(r.err().lines()).singleElement().asString().contains("needs GTK 3", "apt install libgtk-3-0");
        } finally {
            x.destroy();
            x.waitFor();
        }
    }

    /** A display number with no X server socket. */
    private static int unusedDisplay() {
        int n = 4200 + (int) (ProcessHandle.current().pid() % 500);
        while (Files.exists(Path.of("/tmp/.X11-unix/X" + n))) {
            n++;
        }
        return n;
    }

    @Test
    void ctrlCStopsAfterTheCurrentRequestsAndReleasesTheDevice() throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 1L << 30)) {
            Process p = Jar.command(dir, "wipe", loop.path(), "-m", "gutmann", "--json",
                    "--yes=" + loop.name(), "--report-dir", dir.resolve("reports").toString(), "--journal-dir",
                    dir.resolve("journals").toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = out.readLine()) != null && !line.contains("\"event\":\"progress\"")) {
                assertThat(line).doesNotContain("\"finished\"");
            }
            Sh.run("kill", "-INT", String.valueOf(p.pid()));
            String last = line;
            while ((line = out.readLine()) != null) {
                if (!line.contains("\"event\":\"certificate\"")) {
                    last = line;
                }
            }
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isEqualTo(130);
            assertThat(last).contains("\"event\":\"cancelled\"", "\"state\":\"CANCELLED\"");
            Run again = run("wipe", loop.path(), "-m", "zero", "--no-act", "--yes=" + loop.name());
            assertThat(again.code()).as("the device is free again: " + again.err()).isZero();
        }
    }

    @Test
    void sigtermCancelsLikeCtrlCAndExitsWithItsDocumentedCode() throws Exception {
        Path img = dir.resolve("big.img");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(img.toFile(), "rw")) {
            f.setLength(1L << 30);
        }
        Process p = Jar.command(dir, "wipe", img.toString(), "-m", "gutmann", "--json",
                "--yes=big.img", "--report-dir", dir.resolve("reports").toString(), "--journal-dir",
                dir.resolve("journals").toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.contains("\"event\":\"progress\"")) {
            assertThat(line).doesNotContain("\"finished\"");
        }
        Sh.run("kill", "-TERM", String.valueOf(p.pid()));
        StringBuilder rest = new StringBuilder();
        while ((line = out.readLine()) != null) {
            rest.append(line).append('\n');
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(143);
        assertThat(rest).contains("\"event\":\"cancelled\"", "\"event\":\"certificate\"");
    }

    /**
     * A name with bytes the locale cannot decode (0xFF in UTF-8) arrives as U+FFFD, which would be
     * encoded back as EF BF BD: another file's name. It is refused; neither file changes.
     */
    @Test
    void aNameThatCannotBeDecodedIsRefusedNotMistakenForAnother() throws Exception {
        Path dirWithTwins = Files.createDirectory(dir.resolve("twins"));
        Sh.run("sh", "-c", "cd '" + dirWithTwins + "' && printf 1234 > \"$(printf 'img\\377')\" && printf 5678 > \"$(printf 'img\\357\\277\\275')\"");
        Run r = Jar.exec(papers(new ProcessBuilder("sh", "-c", "cd '" + dirWithTwins + "' && exec '" + Jar.javaBin() + "' -jar '"
                + Jar.path() + "' wipe \"$(printf 'img\\377')\" -m zero --yes=\"$(printf 'img\\377')\" --report-dir '"
                + dir.resolve("reports") + "' --journal-dir '" + dir.resolve("journals") + "'")));
        assertThat(r.code()).as(r.err()).isEqualTo(6);
        assertThat(r.err().lines()).singleElement().asString().contains("not valid in this locale's character set");
        assertThat(Sh.run("sh", "-c", "cd '" + dirWithTwins + "' && cat \"$(printf 'img\\377')\" \"$(printf 'img\\357\\277\\275')\""))
                .isEqualTo("12345678");
    }

    /**
     * As another user, a refusal names the real reason: a file they may not write, a device only root
     * may. That user runs a copy of the jar in a folder of its own that everyone may read: the build's
     * jar may lie where only root can reach it (a clone in /root or in a mktemp -d folder).
     */
    @Test
    void anotherUserIsToldWhatIsReallyWrong() throws Exception {
        Sh.require(Sh.isRoot() && Sh.onPath("setpriv"), "needs root and setpriv to run the jar as another user");
        Path open = Files.createTempDirectory(Path.of("/tmp"), "blockwipe-test-nobody-");
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 8L << 20)) {
            Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path jar = Files.copy(Path.of(Jar.path()), open.resolve("blockwipe.jar"));
            Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-r--r--"));
            Path rootsFile = Files.write(open.resolve("roots.img"), new byte[1 << 20]);
            Path home = Files.createDirectory(open.resolve("home"));
            Sh.run("chown", "65534:65534", home.toString());

            Run file = asNobody(jar, home, "wipe", rootsFile.toString(), "-m", "zero", "--yes=roots.img");
            assertThat(file.code()).as(file.err()).isEqualTo(6);
            assertThat(file.err().lines()).singleElement().asString()
                    .contains("permission denied: you may not write to this file");
            Run device = asNobody(jar, home, "wipe", loop.path(), "-m", "zero", "--yes=" + loop.name());
            assertThat(device.code()).as(device.err()).isEqualTo(6);
            assertThat(device.err().lines()).singleElement().asString().contains("wiping devices needs root");
        } finally {
            Sh.run("rm", "-rf", open.toString());
        }
    }

    /**
     * Runs {@code jar} as nobody, in its home (the test's own working directory may be out of its
     * reach too). Java takes user.home from the password file (nobody's is /nonexistent), so the XDG
     * variables say where its config, reports and journals go, as they would for a user.
     */
    private Run asNobody(Path jar, Path home, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                Jar.javaBin(), "-jar", jar.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(home.toFile());
        pb.environment().put("HOME", home.toString());
        pb.environment().put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        pb.environment().put("XDG_DATA_HOME", home.resolve(".local/share").toString());
        pb.environment().put("XDG_STATE_HOME", home.resolve(".local/state").toString());
        return Jar.exec(pb);
    }

    private Run run(String... args) throws Exception {
        return Jar.exec(Jar.command(dir, args));
    }

    private ProcessBuilder papers(ProcessBuilder pb) {
        return Jar.papers(pb, dir);
    }

    private Run runWithoutDisplay() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Jar.javaBin(), "-jar", Jar.path());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        return Jar.exec(pb);
    }
}
