package dev.blockwipe.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The packaged jar as a child process, as scripts and fleets run it: {@code java -jar
 * target/blockwipe.jar}. Its keys, certificates and journals go into the test's folder.
 */
public final class Jar {
    private Jar() {
    }

    /** What a finished run printed and how it ended. */
    public record Run(int code, String out, String err) {
    }

    /**
     * {@code java -jar blockwipe.jar args...}, with HOME and XDG_CONFIG_HOME in {@code papers}, and a
     * wipe's reports and journals there too (see {@link Cli#withPapers}).
     */
    public static ProcessBuilder command(Path papers, String... args) {
        List<String> cmd = new ArrayList<>(List.of(javaBin(), "-jar", path()));
        cmd.addAll(Cli.withPapers(List.of(args), papers));
        return papers(new ProcessBuilder(cmd), papers);
    }

    /** Certificates and keys go into the test's folder, never into the real ones. */
    public static ProcessBuilder papers(ProcessBuilder pb, Path papers) {
        pb.environment().put("XDG_CONFIG_HOME", papers.resolve("config").toString());
        pb.environment().put("HOME", papers.toString());
        return pb;
    }

    /** Runs it to its end with no standard input. */
    public static Run exec(ProcessBuilder pb) throws Exception {
        Process p = pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    public static String path() {
        return Path.of(System.getProperty("blockwipe.jar", "target/blockwipe.jar")).toAbsolutePath().toString();
    }

    public static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
