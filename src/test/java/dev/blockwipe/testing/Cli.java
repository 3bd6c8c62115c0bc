package dev.blockwipe.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.cli.BlockwipeCli;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the CLI in this JVM and captures what it prints. A {@code wipe} without its own
 * {@code --report-dir} / {@code --config-dir} / {@code --journal-dir} gets a temporary one, so
 * tests never write certificates, keys or journals into the real ones.
 */
public record Cli(int exitCode, String out, String err) {
    private static final Path PAPERS = papers();

    /** How a test runs a command line: {@link BlockwipeCli#run}, or a variant whose commands it made. */
    @FunctionalInterface
    public interface Runner {
        int run(String[] args, PrintWriter out, PrintWriter err);
    }

    public static Cli run(String... args) {
        return with(BlockwipeCli::run, args);
    }

    public static Cli with(Runner runner, String... args) {
        List<String> all = withPapers(List.of(args), PAPERS);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = runner.run(all.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }

    /**
     * {@code args}, and for a {@code wipe} the reports, config and journal folders in {@code papers}
     * where they are not given: as root their defaults are the machine's own, in /var/lib/blockwipe.
     */
    public static List<String> withPapers(List<String> args, Path papers) {
        List<String> all = new ArrayList<>(args);
        if (!all.isEmpty() && all.get(0).equals("wipe")) {
            addUnless(all, "--report-dir", papers.resolve("reports"));
            addUnless(all, "--config-dir", papers.resolve("config"));
            addUnless(all, "--journal-dir", papers.resolve("journals"));
        }
        return all;
    }

    /** The device named {@code name} ("loop3", "loop3p1") as {@code list --json} describes it now. */
    public static JsonNode listed(String name) {
        Cli list = run("list", "--json");
        try {
            for (JsonNode disk : new ObjectMapper().readTree(list.out()).path("disks")) {
                if (disk.path("name").asText().equals(name)) {
                    return disk;
                }
                for (JsonNode p : disk.path("partitions")) {
                    if (p.path("name").asText().equals(name)) {
                        return p;
                    }
                }
            }
        } catch (IOException e) {
            throw new AssertionError("list --json printed no JSON: " + list, e);
        }
        throw new AssertionError(name + " is not listed: " + list.out());
    }

    private static void addUnless(List<String> args, String option, Path value) {
        if (args.stream().noneMatch(a -> a.equals(option) || a.startsWith(option + "="))) {
            args.add(option);
            args.add(value.toString());
        }
    }

    private static Path papers() {
        try {
            Path dir = Files.createTempDirectory("blockwipe-test-papers");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
