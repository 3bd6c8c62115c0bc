package dev.blockwipe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.testing.Expected;
import dev.blockwipe.testing.FaultyDisk;
import dev.blockwipe.testing.Jar;
import dev.blockwipe.testing.Sh;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The jar as a technician runs it on a slow, faulty disk: killed with SIGKILL or stopped with
 * SIGTERM in the middle of a pass, resumed with --resume, and then every byte of the disk compared
 * with the stream the last pass must have left; a stalled request shown and cancelled.
 */
class FailingDiskIT {
    private static final long SIZE = 32L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * About 7 s a pass on the FUSE disk: a checkpoint (every 4 s) comes well before the pass ends,
     * in requests of 1 MiB (the sync a checkpoint waits for is queued behind the requests in
     * flight, and two of the 8 MiB a loop device gets by default would take another 4 s here).
     */
    private static final double SLOW = 0.03;
    private static final String SLOW_REQUESTS = "1M";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} in pass {1} with SIG{2}")
    @CsvSource({"zero, 1, KILL", "random, 1, KILL", "dod-short, 2, KILL", "dod-short, 2, TERM"})
    void aWipeStoppedInThePassResumesFromItsJournalAndLeavesTheWholeDiskAsTheLastPassMust(String method, int pass,
                                                                                          String signal) throws Exception {
        try (FaultyDisk disk = FaultyDisk.create(dir, SIZE)) {
            fillRandom(disk.backing());
            disk.control(Map.of("delay", SLOW));
            Process p = wipe(disk, "-m", method, "--block-size", SLOW_REQUESTS).redirectOutput(dir.resolve("first.out").toFile())
                    .redirectError(dir.resolve("first.err").toFile()).start();
            awaitJournal(pass, p);
            Sh.run("kill", "-" + signal, String.valueOf(p.pid()));
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isEqualTo(signal.equals("KILL") ? 137 : 143);
            JsonNode kept = readJournal().orElseThrow(() -> new AssertionError("the journal is gone"));
            if (signal.equals("TERM")) {
                assertThat(Files.readString(dir.resolve("first.out")))
                        .contains(disk.path() + ": resumable: blockwipe wipe --resume " + disk.path());
                assertThat(kept.at("/journal/currentRun/end").asText()).isEqualTo("cancelled");
            }
            long offset = kept.at("/journal/offset").asLong();
            int keptPass = kept.at("/journal/pass").asInt();
            List<Pattern> patterns = patterns(kept);
            byte[] now = Files.readAllBytes(disk.backing());
            if (offset > 0) {
                assertThat(keptPass).isEqualTo(pass);
                assertThat(Arrays.equals(Arrays.copyOf(now, (int) offset), Expected.bytes(patterns.get(pass - 1), (int) offset)))
                        .as("everything below the checkpoint holds pass %d", pass).isTrue();
            } else {
                // stopped as the pass ended: the next one had not written anything yet
                assertThat(keptPass).isEqualTo(pass + 1);
                assertThat(Arrays.equals(now, Expected.bytes(patterns.get(pass - 1), (int) SIZE))).isTrue();
            }

            disk.control(Map.of("delay", 0));
            Jar.Run resumed = Jar.exec(wipe(disk, "--resume"));

            assertThat(resumed.code()).as(resumed.out() + resumed.err()).isZero();
            String resumedAt = keptPass > patterns.size() ? "at the read-back"
                    : "in pass " + keptPass + " at " + Units.bytes(offset);
            assertThat(resumed.out()).contains(disk.path() + ": ERASED with " + method + " (" + patterns.size()
                    + (patterns.size() == 1 ? " pass" : " passes") + ", resumed " + resumedAt + ")");
            byte[] last = Expected.bytes(patterns.get(patterns.size() - 1), (int) SIZE);
            assertThat(Arrays.equals(Files.readAllBytes(disk.backing()), last))
                    .as("the whole disk holds the last pass, %s", patterns.get(patterns.size() - 1)).isTrue();
            JsonNode cert = certificate(resumed.out());
            assertThat(cert.at("/runs")).hasSize(2);
            assertThat(cert.at("/runs/0/end").asText()).startsWith(signal.equals("KILL") ? "interrupted" : "cancelled");
            assertThat(cert.at("/runs/1/fromPass").asInt()).isEqualTo(keptPass);
            assertThat(cert.at("/runs/1/fromOffset").asLong()).isEqualTo(offset);
            assertThat(cert.at("/sanitization/verificationResult/bytesVerified").asLong()).isEqualTo(SIZE);
            assertThat(readJournal()).as("a finished job leaves no journal").isEmpty();
        }
    }

    /**
     * kill -9 right after each event a wipe prints, the last ones included: there is always a
     * signed certificate, or a journal from which --resume makes one (after the last pass by
     * reading back alone), and the disk ends as the method must leave it.
     */
    @ParameterizedTest(name = "killed after {0}")
    @CsvSource({"started", "passStarted", "checkpoint", "passDone", "verifyStarted", "verified", "finished", "certificate"})
    void aWipeKilledAfterAnyOfItsEventsLeavesACertificateOrAJournalThatMakesOne(String event) throws Exception {
        try (FaultyDisk disk = FaultyDisk.create(dir, 8L << 20)) {
            fillRandom(disk.backing());
            disk.control(Map.of("delay", 0.01));
            Process p = wipe(disk, "-m", "zero", "--json", "--block-size", SLOW_REQUESTS)
                    .redirectError(dir.resolve("first.err").toFile()).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            boolean seen = false;
            for (String line; !seen && (line = out.readLine()) != null; ) {
                seen = JSON.readTree(line).path("event").asText().equals(event);
            }
            assertThat(seen).as("the wipe printed %s: %s", event, Files.readString(dir.resolve("first.err"))).isTrue();
            Sh.run("kill", "-KILL", String.valueOf(p.pid()));
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

            List<Path> certificates = certificates(dir.resolve("reports"));
            if (certificates.isEmpty()) {
                assertThat(readJournal()).as("killed after %s: no certificate, so a journal", event).isPresent();
                Jar.Run resumed = Jar.exec(wipe(disk, "--resume"));
                assertThat(resumed.code()).as(resumed.out() + resumed.err()).isZero();
                certificates = certificates(dir.resolve("reports"));
            } else if (readJournal().isPresent()) {
                // killed between the certificate and the journal's removal: the journal is done, so
                // there is nothing to resume, and it goes when it is looked at
                Jar.Run resumed = Jar.exec(wipe(disk, "--resume"));
                assertThat(resumed.code()).as(resumed.out() + resumed.err()).isEqualTo(10);
                assertThat(resumed.err()).contains("nothing to resume");
            }
            assertThat(certificates).hasSize(1);
            JsonNode cert = JSON.readTree(Files.readAllBytes(certificates.get(0)));
            assertThat(cert.at("/result/state").asText()).isEqualTo("ERASED");
            assertThat(readJournal()).isEmpty();
            assertThat(Arrays.equals(Files.readAllBytes(disk.backing()), new byte[(int) (8L << 20)])).isTrue();
        }
    }

    /**
     * The reports directory fills up while the wipe runs (it had room when the wipe was checked):
     * the certificate is written to the journal directory, which the command says, and the
     * journal is let go only then.
     */
    @Test
    void aReportsDirectoryThatFillsDuringTheWipeGetsTheCertificateWrittenToTheJournalDirectory() throws Exception {
        Sh.require(Sh.isRoot(), "mounting a small file system to fill needs root");
        Path reports = Files.createDirectory(dir.resolve("reports"));
        Sh.run("mount", "-t", "tmpfs", "-o", "mode=700,size=2m", "tmpfs", reports.toString());
        try (FaultyDisk disk = FaultyDisk.create(dir, 8L << 20)) {
            disk.control(Map.of("delay", 0.05));
            Process p = wipe(disk, "-m", "zero", "--block-size", SLOW_REQUESTS)
                    .redirectOutput(dir.resolve("fill.out").toFile()).redirectError(dir.resolve("fill.err").toFile()).start();
            Instant deadline = Instant.now().plusSeconds(60);
            while (certificates(reports).isEmpty() && logs(reports).isEmpty() && Instant.now().isBefore(deadline)) {
                Thread.sleep(20);
            }
            Sh.run("sh", "-c", "cat /dev/zero > " + reports.resolve("filler") + " 2>/dev/null; true");
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();

            String err = Files.readString(dir.resolve("fill.err"));
            assertThat(p.exitValue()).as(err).isEqualTo(7);
            assertThat(err).contains("the certificate is not in the reports directory: it could not be written to "
                    + reports, "so it was written to " + journalDir() + " instead");
            List<Path> kept = certificates(journalDir());
            assertThat(kept).hasSize(1);
            Jar.Run verify = Jar.exec(Jar.command(dir, "report", "verify", kept.get(0).toString(), "--config-dir",
                    dir.resolve("config").toString()));
            assertThat(verify.code()).as(verify.out() + verify.err()).isZero();
            assertThat(readJournal()).isEmpty();
        } finally {
            Sh.run("umount", reports.toString());
        }
    }

    @Test
    void aStalledRequestIsShownAndTheWipeCanStillBeCancelled() throws Exception {
        try (FaultyDisk disk = FaultyDisk.create(dir, SIZE)) {
            disk.control(Map.of("stallAt", 16L << 20));
            // two requests in flight: under load a third (at 14 MiB) was still in flight when the disk stopped
            Process p = wipe(disk, "-m", "zero", "--json", "--stall-after", "1", "--block-size", SLOW_REQUESTS,
                    "--queue-depth", "2").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            JsonNode stalled = null;
            for (String line; stalled == null && (line = out.readLine()) != null; ) {
                JsonNode event = JSON.readTree(line);
                if (event.has("stall")) {
                    stalled = event;
                }
            }
            assertThat(stalled).as("a progress event that shows the stall").isNotNull();
            long offset = stalled.at("/stall/offset").asLong();
            assertThat(offset).as("the oldest request in flight when the disk stopped: its own or, as the loop device"
                    + " splits requests into 128 KiB ones, the one before, whose rest waits behind it")
                    .isIn(15L << 20, 16L << 20);
            assertThat(stalled.at("/stall/seconds").asDouble()).isGreaterThanOrEqualTo(1.0);

            Sh.run("kill", "-INT", String.valueOf(p.pid()));
            disk.control(Map.of("stallAt", -1));
            List<JsonNode> rest = new ArrayList<>();
            for (String line; (line = out.readLine()) != null; ) {
                rest.add(JSON.readTree(line));
            }
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isEqualTo(130);
            JsonNode cancelled = rest.stream().filter(e -> e.path("event").asText().equals("cancelled")).findFirst()
                    .orElseThrow();
            assertThat(cancelled.at("/result/stalls/0/offset").asLong()).isEqualTo(offset);
            JsonNode files = rest.stream().filter(e -> e.path("event").asText().equals("certificate")).findFirst()
                    .orElseThrow();
            JsonNode cert = JSON.readTree(Files.readAllBytes(Path.of(files.path("json").asText())));
            assertThat(cert.at("/result/outcome").asText()).matches("Cancelled at \\d+%, resumable");
            assertThat(cert.at("/runs/0/stalls/0/offset").asLong()).isEqualTo(offset);
        }
    }

    private ProcessBuilder wipe(FaultyDisk disk, String... args) {
        List<String> all = new ArrayList<>(List.of("wipe", disk.path(), "--yes=" + disk.name(), "--journal-dir",
                journalDir().toString(), "--report-dir", dir.resolve("reports").toString()));
        all.addAll(List.of(args));
        return Jar.command(dir, all.toArray(String[]::new));
    }

    /** Waits until the running wipe's journal has a checkpoint inside {@code pass}. */
    private JsonNode awaitJournal(int pass, Process p) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        while (Instant.now().isBefore(deadline)) {
            if (!p.isAlive()) {
                throw new AssertionError("the wipe ended before a checkpoint in pass " + pass + ": "
                        + Files.readString(dir.resolve("first.out")) + Files.readString(dir.resolve("first.err")));
            }
            java.util.Optional<JsonNode> j = readJournal();
            if (j.isPresent() && j.get().at("/journal/pass").asInt() == pass && j.get().at("/journal/offset").asLong() > 0) {
                return j.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no checkpoint in pass " + pass + " within 90 s");
    }

    private java.util.Optional<JsonNode> readJournal() throws IOException {
        if (!Files.isDirectory(journalDir())) {
            return java.util.Optional.empty();
        }
        try (Stream<Path> files = Files.list(journalDir())) {
            List<Path> journals = files.filter(f -> f.toString().endsWith(".journal.json")).toList();
            assertThat(journals.size()).isLessThanOrEqualTo(1);
            return journals.isEmpty() ? java.util.Optional.empty()
                    : java.util.Optional.of(JSON.readTree(Files.readAllBytes(journals.get(0))));
        }
    }

    private Path journalDir() {
        return dir.resolve("journals");
    }

    /** The passes' patterns as the journal holds them, random keys included. */
    private static List<Pattern> patterns(JsonNode journal) {
        List<Pattern> out = new ArrayList<>();
        for (JsonNode pass : journal.at("/journal/plan/passes")) {
            out.add(pass.has("randomKey") ? new Pattern.Random(HexFormat.of().parseHex(pass.path("randomKey").asText()))
                    : new Pattern.Repeating(HexFormat.of().parseHex(pass.path("repeat").asText())));
        }
        return out;
    }

    private static List<Path> certificates(Path folder) throws IOException {
        return listed(folder, ".json").stream().filter(f -> !f.toString().endsWith(".journal.json")).toList();
    }

    private static List<Path> logs(Path folder) throws IOException {
        return listed(folder, ".log");
    }

    private static List<Path> listed(Path folder, String suffix) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(suffix)).toList();
        }
    }

    private static JsonNode certificate(String out) throws IOException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("signed JSON (\\S+)\\)").matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return JSON.readTree(Files.readAllBytes(Path.of(m.group(1))));
    }

    private static void fillRandom(Path file) throws IOException {
        byte[] data = new byte[(int) Files.size(file)];
        new Random(5).nextBytes(data);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.write(data);
        }
    }
}
