package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JitCompilersTest {
    @TempDir
    Path proc;

    /** A fake /proc/self/task with one thread per name, as the kernel shows them (15 bytes and a newline). */
    private Path threads(String... names) throws IOException {
        for (int i = 0; i < names.length; i++) {
            Path task = Files.createDirectories(proc.resolve("self/task/" + (100 + i)));
            Files.writeString(task.resolve("comm"), names[i] + "\n");
        }
        return proc;
    }

    @Test
    void c1ThreadsWithoutC2AreC1Alone() throws IOException {
        assertThat(JitCompilers.c1Alone(threads("java", "C1 CompilerThre", "VM Thread"))).isTrue();
    }

    @Test
    void bothCompilersAreNotC1Alone() throws IOException {
        assertThat(JitCompilers.c1Alone(threads("java", "C1 CompilerThre", "C2 CompilerThre"))).isFalse();
    }

    /** -Xint, another VM, or no /proc: nothing says C1 alone, so nothing is left out. */
    @Test
    void noCompilerThreadsOrNoProcAreNotTakenForC1Alone() throws IOException {
        assertThat(JitCompilers.c1Alone(proc.resolve("absent"))).isFalse();
        assertThat(JitCompilers.c1Alone(threads("java", "VM Thread"))).isFalse();
    }

    /** Surefire's JVM runs both compilers; a JVM started with -XX:TieredStopAtLevel=1, as the launcher's commands are, C1 alone. */
    @Test
    void readsRealJvms() throws Exception {
        assertThat(JitCompilers.c1Alone(Path.of("/proc"))).isFalse();
        assertThat(c1AloneIn("-XX:TieredStopAtLevel=1")).isEqualTo("true");
        assertThat(c1AloneIn("-XX:+TieredCompilation")).isEqualTo("false");
    }

    /** What {@link JitCompilers#c1Alone} says inside a new JVM started with {@code option}. */
    private static String c1AloneIn(String option) throws Exception {
        String classPath = Path.of(JitCompilers.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                + java.io.File.pathSeparator
                + Path.of(JitCompilersTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), option,
                "-cp", classPath, JitCompilersTest.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    public static void main(String[] args) {
        System.out.println(JitCompilers.c1Alone(Path.of("/proc")));
    }
}
