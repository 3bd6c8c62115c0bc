package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.FaultyDisk;
import dev.blockwipe.testing.LoopDevice;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The CLI on a real faulty block device (a loop device over a FUSE file that fails as told), as a
 * technician meets one: bad sectors, a disk that dies part-way while another job goes on, and
 * the resume once it answers again. Every byte is checked in the backing file afterwards.
 */
class FailingDiskTest {
    private static final long SIZE = 64L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void badSectorsAreIsolatedListedAndEveryOtherByteIsErasedAndReadBack() throws Exception {
        try (FaultyDisk disk = FaultyDisk.create(dir, SIZE)) {
            byte[] before = fillRandom(disk.backing());
            long[][] badWrites = {{(6L << 20) + 4096, 4096}, {40L << 20, 512}};
            disk.failingWrites(badWrites[0][0], badWrites[0][1], badWrites[1][0], badWrites[1][1]);
            disk.control(Map.of("readErrors", List.of(List.of(20L << 20, 1024, "EIO"))));

            Cli r = wipe(disk.path(), "-m", "zero", "--yes=" + disk.name());

            assertThat(r.exitCode()).as(r.err()).isEqualTo(9);
            assertThat(r.out()).contains(disk.path() + ": ERASED EXCEPT 11 BAD SECTORS (5.5 KiB)",
                    "64 MiB written except 4.5 KiB",
                    "4096 bytes at offset 6295552 not written (EIO, pass 1)", "512 bytes at offset 41943040 not written",
                    "1024 bytes at offset 20971520 unreadable (EIO, read-back)");
            byte[] after = Files.readAllBytes(disk.backing());
            for (int i = 0; i < SIZE; i++) {
                boolean bad = inside(i, badWrites);
                if (after[i] != (bad ? before[i] : 0)) {
                    throw new AssertionError("byte " + i + (bad ? ": a sector that failed changed" : ": not erased"));
                }
            }
            JsonNode cert = certificate(r);
            assertThat(cert.at("/result/state").asText()).isEqualTo("ERASED_EXCEPT_BAD_SECTORS");
            assertThat(cert.at("/badSectors/ranges")).hasSize(3);
            assertThat(cert.at("/badSectors/ranges/0/offset").asLong()).isEqualTo(badWrites[0][0]);
            assertThat(cert.at("/badSectors/ranges/0/length").asLong()).isEqualTo(4096);
            assertThat(cert.at("/badSectors/ranges/2/failedTo").asText()).isEqualTo("read");
            assertThat(cert.at("/sanitization/verificationResult/final/bytesUnreadable").asLong()).isEqualTo(1024);
            assertThat(cert.at("/sanitization/verificationResult/final/bytesSkippedAsBad").asLong()).isEqualTo(4608);
        }
    }

    /**
     * Stop means stop: once the request with the bad sector fails, no worker issues another, so
     * only the requests already in flight complete (8 MiB each, two at a time; on a loaded machine
     * the other worker may have got one or two further before the failing one came back) and the
     * rest of the disk keeps its data.
     */
    @Test
    void onErrorStopEndsAtTheFirstBadSectorSaysWhereAndLeavesTheRestOfTheDiskUnwritten() throws Exception {
        try (FaultyDisk disk = FaultyDisk.create(dir, SIZE)) {
            byte[] before = fillRandom(disk.backing());
            disk.failingWrites(8L << 20, 512);
            Cli r = wipe(disk.path(), "-m", "zero", "--on-error", "stop", "--yes=" + disk.name());
            assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
            assertThat(r.out()).contains("FAILED: stopped at the first bad sector (--on-error stop): 512 bytes at offset"
                    + " 8388608 could not be written (EIO)");
            int untouched = 40 << 20;
            assertThat(Arrays.equals(Files.readAllBytes(disk.backing()), untouched, (int) SIZE, before, untouched, (int) SIZE))
                    .as("nothing written beyond the requests in flight when the bad sector failed").isTrue();
        }
    }

    /**
     * A disk that takes no write at all is FAILED whatever its size, found out in a few requests
     * (not one per sector), with the first failure as its cause; no "erased except", nothing to
     * resume.
     */
    @ParameterizedTest(name = "{0} MiB")
    @ValueSource(ints = {32, 256})
    void aDiskThatTakesNoWriteIsFailedInSecondsWithTheFirstCause(int mib) throws Exception {
        try (FaultyDisk disk = FaultyDisk.create(dir, (long) mib << 20)) {
            disk.control(Map.of("dead", true));
            long started = System.nanoTime();
            Cli r = wipe(disk.path(), "-m", "zero", "--yes=" + disk.name());
            double seconds = (System.nanoTime() - started) / 1e9;

            assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
            assertThat(r.out()).as("the first failure of either request in flight is the cause")
                    .containsPattern(java.util.regex.Pattern.quote(disk.path()) + ": FAILED: given up: the disk no longer"
                            + " takes writes at offset (0|8388608) \\(EIO\\)")
                    .doesNotContain("ERASED", "resumable");
            assertThat(r.out() + r.err()).doesNotContain("fdatasync");
            assertThat(disk.state().get("requests").asLong()).as("a few probes, not a sector at a time")
                    .isLessThan(2000);
            assertThat(seconds).as("given up in seconds, not minutes (a generous bound for a loaded machine)")
                    .isLessThan(60);
            JsonNode cert = certificate(r);
            assertThat(cert.at("/result/state").asText()).isEqualTo("FAILED");
            assertThat(cert.at("/result/resumable").asBoolean()).isFalse();
            assertThat(journals()).isEmpty();
        }
    }

    /**
     * A device that takes only part of each write (the FUSE file as an image: a loop device would
     * turn a short write into EIO) is written to the end, not counted as done after the first part.
     */
    @Test
    void writesAcknowledgedInPartAreContinuedToTheEnd() throws Exception {
        try (FaultyDisk disk = FaultyDisk.imageFile(dir, 8L << 20)) {
            fillRandom(disk.backing());
            disk.control(Map.of("shortWrites", 12288));

            Cli r = wipe(disk.path(), "-m", "zero", "--yes=" + disk.name());

            assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
            assertThat(r.out()).contains(disk.path() + ": ERASED");
            assertThat(LoopDevice.allZero(disk.backing().toString())).as("every byte written").isTrue();
            assertThat(disk.state().get("written").asLong()).as("written in 12 KiB parts")
                    .isGreaterThanOrEqualTo(8L << 20);
            assertThat(disk.state().get("requests").asLong()).isGreaterThan((8L << 20) / 12288);
        }
    }

    /**
     * A disk that stops answering part-way ends its own job as gone (with its certificate and a
     * journal), the other job of the same command finishes; once the disk answers again, --resume
     * goes on from the last checkpoint and the certificate covers both runs.
     */
    @Test
    void aDiskThatDiesEndsItsJobTheOtherFinishesAndTheDeadOneResumesLater() throws Exception {
        try (FaultyDisk disk = FaultyDisk.create(dir, SIZE);
             LoopDevice healthy = LoopDevice.create(dir, SIZE)) {
            fillRandom(disk.backing());
            disk.control(Map.of("delay", 0.02));

            // the disk dies once a checkpoint is in its journal, however long the machine takes to get there
            CompletableFuture<Cli> wiping = CompletableFuture.supplyAsync(() -> wipe(disk.path(), healthy.path(), "-m",
                    "zero", "--yes=" + disk.name(), "--yes=" + healthy.name()));
            awaitCheckpoint(wiping, disk.path());
            disk.control(Map.of("dead", true));
            Cli r = wiping.get(5, TimeUnit.MINUTES);

            assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
            assertThat(r.out()).contains(disk.path() + ": FAILED: the device stopped answering at offset",
                    healthy.path() + ": ERASED", disk.path() + ": resumable: blockwipe wipe --resume " + disk.path()
                            + " --yes=" + disk.name() + " --report-dir ");
            assertThat(LoopDevice.allZero(healthy.path())).isTrue();
            assertThat(r.out().lines().filter(l -> l.contains(": certificate "))).hasSize(2);

            disk.control(Map.of("dead", false, "deadAfter", -1, "delay", 0));
            String hint = r.out().lines().filter(l -> l.startsWith(disk.path() + ": resumable: ")).findFirst().orElseThrow();
            Cli again = Cli.run(hint.substring(hint.indexOf("blockwipe wipe ") + "blockwipe ".length()).split(" "));

            assertThat(again.exitCode()).as(again.out() + again.err()).isZero();
            assertThat(LoopDevice.allZero(disk.backing().toString())).as("every byte erased over both runs").isTrue();
            JsonNode cert = certificate(again);
            assertThat(cert.at("/runs")).hasSize(2);
            assertThat(cert.at("/runs/0/end").asText()).startsWith("failed: ").contains("stopped answering");
            long from = cert.at("/runs/1/fromOffset").asLong();
            assertThat(from).as("resumed from a checkpoint, not from the start").isPositive().isLessThan(SIZE);
            assertThat(cert.at("/passes/0/startOffset").asLong()).isEqualTo(from);
            assertThat(cert.at("/sanitization/verificationResult/bytesVerified").asLong()).isEqualTo(SIZE);
            assertThat(journals()).as("done: the journal is gone").isEmpty();
        }
    }

    @Test
    void resumeRefusesWhatCannotBeResumedWithoutWritingAnything() throws Exception {
        try (FaultyDisk disk = FaultyDisk.create(dir, SIZE)) {
            byte[] before = fillRandom(disk.backing());
            Cli nothing = wipe("--resume", disk.path(), "--yes=" + disk.name());
            assertThat(nothing.exitCode()).isEqualTo(10);
            assertThat(nothing.err().lines()).singleElement().asString().contains("nothing to resume")
                    .contains("a device without a serial number can only be resumed in the boot it was interrupted in");

            Cli withMethod = wipe("--resume", "-m", "zero", disk.path(), "--yes=" + disk.name());
            assertThat(withMethod.exitCode()).isEqualTo(2);
            assertThat(withMethod.err()).contains("--resume goes on with the method and options in the journal");
            assertThat(Files.readAllBytes(disk.backing())).isEqualTo(before);

            disk.control(Map.of("deadAfter", 16L << 20));
            assertThat(wipe(disk.path(), "-m", "zero", "--yes=" + disk.name()).exitCode()).isEqualTo(1);
            disk.control(Map.of("dead", false, "deadAfter", -1));
            Path journal = journals().get(0);
            String text = Files.readString(journal);
            Matcher offset = java.util.regex.Pattern.compile("\"offset\" : (\\d+)").matcher(text);
            assertThat(offset.find()).as(text).isTrue();
            Files.writeString(journal, offset.replaceFirst("\"offset\" : " + (SIZE - 4096)));
            byte[] beforeResume = Files.readAllBytes(disk.backing());

            Cli edited = wipe("--resume", disk.path(), "--yes=" + disk.name());
            assertThat(edited.exitCode()).as(edited.err()).isEqualTo(4);
            assertThat(edited.err().lines()).singleElement().asString().contains("cannot resume")
                    .contains("was changed after Blockwipe wrote it");
            assertThat(Files.readAllBytes(disk.backing())).isEqualTo(beforeResume);
        }
    }

    /** Waits until the running wipe's journal holds a checkpoint past the start. */
    /** Waits for a checkpoint of {@code path}'s job: the other job's journal says nothing of it. */
    private void awaitCheckpoint(CompletableFuture<Cli> wiping, String path) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            if (wiping.isDone()) {
                throw new AssertionError("the wipe ended before its first checkpoint: " + wiping.get().out() + wiping.get().err());
            }
            for (Path j : journals()) {
                try {
                    JsonNode journal = JSON.readTree(Files.readAllBytes(j)).path("journal");
                    if (journal.path("path").asText().equals(path) && journal.path("offset").asLong() > 0) {
                        return;
                    }
                } catch (IOException replacedMeanwhile) {
                    // renamed into place while it was read: the next look finds the new one
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no checkpoint within 2 minutes");
    }

    /** A wipe whose journals go into this test's folder. */
    private Cli wipe(String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("wipe", "--journal-dir", journalDir().toString()));
        all.addAll(List.of(args));
        return Cli.run(all.toArray(String[]::new));
    }

    private Path journalDir() {
        return dir.resolve("journals");
    }

    private static boolean inside(long i, long[][] ranges) {
        for (long[] r : ranges) {
            if (i >= r[0] && i < r[0] + r[1]) {
                return true;
            }
        }
        return false;
    }

    private static byte[] fillRandom(Path file) throws IOException {
        byte[] data = new byte[(int) Files.size(file)];
        new Random(11).nextBytes(data);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.write(data);
            f.getFD().sync();
        }
        return data;
    }

    private static JsonNode certificate(Cli r) throws IOException {
        Matcher m = java.util.regex.Pattern.compile("signed JSON (\\S+)\\)").matcher(r.out());
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        assertThat(last).as("a certificate in: " + r.out()).isNotNull();
        return JSON.readTree(Files.readAllBytes(Path.of(last)));
    }

    private List<Path> journals() throws IOException {
        if (!Files.isDirectory(journalDir())) {
            return List.of();
        }
        try (var files = Files.list(journalDir())) {
            return files.filter(f -> f.toString().endsWith(".journal.json")).toList();
        }
    }
}
