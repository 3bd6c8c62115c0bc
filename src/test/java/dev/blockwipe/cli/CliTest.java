package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.Cli;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {
    @TempDir
    Path dir;

    @Test
    void jsonModePrintsOneObjectPerEventEndingWithTheResult() throws Exception {
        Path img = Files.write(dir.resolve("j.img"), new byte[3 << 20]);
        Cli cli = Cli.run("wipe", img.toString(), "-m", "dod-short", "--json", "--yes=j.img");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> events = cli.out().lines().map(line -> {
            try {
                return mapper.readTree(line);
            } catch (Exception e) {
                throw new AssertionError("not JSON: " + line, e);
            }
        }).toList();
        assertThat(events).allSatisfy(e -> assertThat(e.get("target").asText()).isEqualTo(img.toString()));
        assertThat(events.get(0).get("event").asText()).isEqualTo("started");
        assertThat(events).filteredOn(e -> e.get("event").asText().equals("passDone")).hasSize(3);
        JsonNode last = events.get(events.size() - 2);
        assertThat(last.get("event").asText()).isEqualTo("finished");
        assertThat(events.get(events.size() - 1).get("event").asText()).isEqualTo("certificate");
        assertThat(events.get(events.size() - 1).get("pdf").asText()).endsWith(".pdf");
        assertThat(last.at("/result/state").asText()).isEqualTo("ERASED");
        assertThat(last.at("/result/bytesWritten").asLong()).isEqualTo(3L * (3 << 20));
        assertThat(cli.out()).doesNotContain("\"key\"");
    }

    @Test
    void anInheritedDescriptorIsConfirmedAndCertifiedByTheFileItLeadsTo() throws Exception {
        Path img = Files.write(dir.resolve("inherited.img"), filled(1 << 20, (byte) 0x55));
        try (RandomAccessFile held = new RandomAccessFile(img.toFile(), "rw")) {
            String fd = descriptorOf(img);
            String path = "/proc/self/fd/" + fd;

            Cli byNumber = Cli.run("wipe", path, "-m", "zero", "--yes=" + fd);
            assertThat(byNumber.exitCode()).as(byNumber.err()).isEqualTo(4);
            assertThat(byNumber.err()).contains("--yes names no target of this command (targets: inherited.img)");
            assertThat(Files.readAllBytes(img)).as("nothing written").containsOnly(0x55);

            Cli byRealPath = Cli.run("wipe", path, "-m", "zero", "-n", "--yes=" + img.toRealPath());
            assertThat(byRealPath.exitCode()).as(byRealPath.err()).isZero();
            Cli byName = Cli.run("wipe", path, "-m", "zero", "--yes=inherited.img", "--json");
            assertThat(byName.exitCode()).as(byName.err()).isZero();
            assertThat(Files.readAllBytes(img)).containsOnly(0);
            String json = byName.out().lines().filter(l -> l.contains("\"event\":\"certificate\"")).findFirst()
                    .orElseThrow();
            JsonNode certificate = new ObjectMapper().readTree(Path.of(new ObjectMapper().readTree(json).get("json")
                    .asText()).toFile());
            assertThat(certificate.at("/device/name").asText()).isEqualTo("inherited.img");
        }
    }

    @Test
    void aSymlinkedImageIsConfirmedByTheNameOfTheFileItLeadsTo() throws Exception {
        Path img = Files.write(dir.resolve("real.img"), new byte[1 << 20]);
        Path link = Files.createSymbolicLink(dir.resolve("link.img"), img);

        Cli byLink = Cli.run("wipe", link.toString(), "-m", "zero", "-n", "--yes=link.img");
        assertThat(byLink.exitCode()).isEqualTo(4);
        assertThat(byLink.err()).contains("(targets: real.img)");
        Cli byTarget = Cli.run("wipe", link.toString(), "-m", "zero", "-n", "--yes=real.img");
        assertThat(byTarget.exitCode()).as(byTarget.err()).isZero();
    }

    @Test
    void benchReadsWithoutChangingAnythingAndPrintsTheTableAndProfile() throws Exception {
        byte[] data = new byte[8 << 20];
        new Random(3).nextBytes(data);
        Path img = Files.write(dir.resolve("b.img"), data);

        Cli cli = Cli.run("bench", img.toString(), "--samples", "4");

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("reads only", "sequential read, MB/s", "QD 8", "16 MiB", "best read:",
                "read across the device (4 samples", "access time:", "ms, max", "a wipe of this device uses");
        assertThat(cli.out()).doesNotContain("sequential write", "best write");
        assertThat(Files.readAllBytes(img)).isEqualTo(data);
    }

    @Test
    void benchWriteMeasuresBothAndLeavesZeroesWhereItWrote() throws Exception {
        byte[] data = filled(4 << 20, (byte) 0x77);
        Path img = Files.write(dir.resolve("w.img"), data);

        Cli cli = Cli.run("bench", img.toString(), "--write", "--yes=w.img", "--samples", "2", "--json");

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode result = new ObjectMapper().readTree(cli.out());
        assertThat(result.get("complete").asBoolean()).isTrue();
        assertThat(result.get("sequential")).hasSize(40);
        assertThat(result.get("sequential").get(39).get("op").asText()).isEqualTo("WRITE");
        assertThat(result.get("profile")).hasSize(4);
        assertThat(result.get("accessTimeSeconds").asDouble()).isPositive();
        assertThat(result.get("accessTimeMaxSeconds").asDouble())
                .isGreaterThanOrEqualTo(result.get("accessTimeSeconds").asDouble());
        assertThat(result.get("access")).hasSize(result.get("accessReads").asInt());
        assertThat(result.get("options").get("write").asBoolean()).isTrue();
        assertThat(Files.readAllBytes(img)).as("the regions cover this small image").containsOnly((byte) 0);
    }

    @Test
    void verifyReportsDifferencesWithExitCodeThree() throws Exception {
        byte[] data = new byte[1 << 20];
        data[700_000] = 1;
        Path img = Files.write(dir.resolve("v.img"), data);
        Cli cli = Cli.run("verify", img.toString(), "--pattern", "zero");
        assertThat(cli.exitCode()).isEqualTo(3);
        assertThat(cli.out()).contains("1 sector differ", "the first at byte 700000");
        assertThat(Cli.run("verify", img.toString(), "--pattern", "0x00", "--sample", "50%").exitCode()).isIn(0, 3);
    }

    @Test
    void verifyPassesOnTheRightPattern() throws Exception {
        Path img = Files.write(dir.resolve("ff.img"), filled(1 << 20, (byte) 0xFF));
        assertThat(Cli.run("verify", img.toString(), "--pattern", "one").exitCode()).isZero();
    }

    @Test
    void methodsListsEveryMethodWithItsSource() {
        Cli cli = Cli.run("methods");
        assertThat(cli.exitCode()).isZero();
        WipeMethods.all().forEach(m -> assertThat(cli.out()).contains(m.name(), m.source()));
        String clear = cli.out().substring(0, cli.out().indexOf(MethodsCommand.CLEAR_ON_FLASH));
        String purge = cli.out().substring(cli.out().indexOf(MethodsCommand.PURGE_WHERE));
        assertThat(clear).contains("zero ", "NIST 800-88: Clear").doesNotContain("Purge", "nvme-");
        WipeMethods.firmware().forEach(m -> assertThat(purge).contains(m.name() + " ", m.title()));
        assertThat(purge.lines().filter(l -> l.contains("NIST 800-88:"))).hasSize(13)
                .allMatch(l -> l.contains("NIST 800-88: Purge"));
    }

    @Test
    void everyHelpPageRendersWithoutWarnings() {
        java.io.PrintStream realErr = System.err;
        java.io.ByteArrayOutputStream tracer = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(tracer, true)); // picocli's own warnings go to System.err
        try {
            for (String command : new String[] {"wipe", "verify", "methods"}) {
                Cli cli = Cli.run(command, "--help");
                assertThat(cli.exitCode()).isZero();
                assertThat(cli.err()).as(command).isEmpty();
                assertThat(cli.out()).as(command).startsWith("Usage: blockwipe " + command);
            }
        } finally {
            System.setErr(realErr);
        }
        assertThat(tracer.toString()).isEmpty();
    }

    @Test
    void helpDocumentsTheExitCodes() {
        Cli cli = Cli.run("--help");
        assertThat(cli.out()).contains("Exit codes:", "refused for safety", "130");
    }

    /** A description too long for one line goes on under itself, not at the left edge under the codes. */
    @Test
    void helpIndentsTheExitCodesThatWrap() {
        List<String> codes = Cli.run("--help").out().lines().dropWhile(l -> !l.startsWith("Exit codes:")).skip(1).toList();
        assertThat(codes).hasSizeGreaterThan(14).allSatisfy(line -> assertThat(line).startsWith("  "));
        assertThat(codes).anySatisfy(line -> assertThat(line).matches(" {6,}\\S.*"));
    }

    /** Each command's model is built only when the command line names it; help still lists them all. */
    @Test
    void aCommandLineThatNamesACommandGetsThatOneAlone() {
        assertThat(BlockwipeCli.commandsFor(new String[] {"wipe", "/dev/loop9", "-m", "zero"})).containsExactly(WipeCommand.class);
        assertThat(BlockwipeCli.commandsFor(new String[] {"--version", "report", "list"})).containsExactly(ReportCommand.class);
        assertThat(BlockwipeCli.commandsFor(new String[] {"--help"})).hasSize(10)
                .contains(ListCommand.class, MethodsCommand.class, NetCommand.class, TuiCommand.class);
        assertThat(BlockwipeCli.commandsFor(new String[] {"wpie"})).hasSize(10);

        assertThat(Cli.run("--help").out()).contains("list", "show", "identify", "wipe", "verify", "bench", "report", "methods",
                "net", "tui");
        Cli typo = Cli.run("wpie", "/dev/loop9");
        assertThat(typo.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(typo.err()).startsWith("blockwipe: Unmatched arguments from index 0: 'wpie'").contains("(try: blockwipe --help)");
    }

    /** The console UI draws on a terminal; run from a script it says so in one line instead of drawing into a pipe. */
    @Test
    void tuiWithoutATerminalSaysSoInOneLine() {
        Cli r = Cli.run("tui");

        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().lines()).singleElement().asString().contains("needs a terminal");
    }

    private static byte[] filled(int n, byte b) {
        byte[] a = new byte[n];
        java.util.Arrays.fill(a, b);
        return a;
    }

    /** The number of a descriptor this process has open on {@code file}. */
    private static String descriptorOf(Path file) throws IOException {
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    if (Files.readSymbolicLink(fd).equals(file.toRealPath())) {
                        return fd.getFileName().toString();
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor that listed the folder, or one closed since
                }
            }
        }
        throw new AssertionError("no descriptor open on " + file);
    }
}
