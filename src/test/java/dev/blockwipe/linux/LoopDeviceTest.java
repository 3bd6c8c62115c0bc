package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.Expected;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.LoopFixture;
import dev.blockwipe.testing.Sh;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Wipes of real loop devices that the tests create (root only; CI runs as root). */
class LoopDeviceTest extends LoopFixture {
    @Test
    void zeroWithVerificationLeavesExactlyZeroes() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 64 * MIB)) {
            loop.fillRandom(loop.path(), 1);
            Cli cli = Cli.run("wipe", loop.path(), "--method", "zero", "--yes=" + loop.name());
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(cli.out()).contains("ERASED", "64 MiB verified, no differences");
            Sh.run("cmp", "-n", String.valueOf(64 * MIB), loop.path(), "/dev/zero");
        }
    }

    /**
     * Every block size the CLI accepts works through O_DIRECT, including those that are not a
     * whole page (512, 1536, 6 KiB), and the result reports the requests really made.
     */
    @Test
    void everyAcceptedBlockSizeWipesAndReportsItsRequests() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 4 * MIB)) {
            for (String size : List.of("512", "1536", "2K", "6K", "1000K", "4M")) {
                loop.fillRandom(loop.path(), 7);
                Cli cli = Cli.run("wipe", loop.path(), "-m", "dod-short", "--block-size", size, "--json",
                        "--yes=" + loop.name());
                assertThat(cli.exitCode()).as(size + ": " + cli.err()).isZero();
                JsonNode passes = lastResult(cli.out()).get("passes");
                long bytes = Units.parseSize(size);
                assertThat(passes).as(size).hasSize(3).allSatisfy(p -> {
                    assertThat(p.get("requestBytes").asLong()).isEqualTo(bytes);
                    assertThat(p.get("inFlight").asInt()).isPositive();
                });
                assertThat(lastResult(cli.out()).at("/finalVerification/requestBytes").asLong()).isEqualTo(bytes);
            }
        }
    }

    /** Through pwritev from a template: a three-byte pattern keeps its phase across every request of the device. */
    @Test
    void aThreeBytePatternIsWrittenWithItsPhaseAcrossTheDevice() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 6 * MIB + 4096)) {
            loop.fillRandom(loop.path(), 8);
            Cli cli = Cli.run("wipe", loop.path(), "--passes", "0x924924", "--yes=" + loop.name());
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            int size = (int) LoopDevice.sizeOf(loop.path());
            assertThat(LoopDevice.read(loop.path(), 0, size))
                    .isEqualTo(Expected.bytes(Pattern.Repeating.of(0x92, 0x49, 0x24), size));
        }
    }

    @Test
    void dodShortLeavesTheFinalRandomPass() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 32 * MIB)) {
            loop.fillRandom(loop.path(), 2);
            WipeResult result;
            try (BlockTarget t = new LinuxTargets().open(loop.path(), Access.WRITE)) {
                result = new WipeJob(WipeRequest.of(WipeMethods.byName("dod-short").orElseThrow())
                        .withVerification(new Verification.All())).run(t, WipeListener.NONE, new CancelToken());
            }
            assertThat(result.state()).isEqualTo(FinalState.ERASED);
            assertThat(result.passes()).allSatisfy(p -> assertThat(p.verification().passed()).isTrue());
            byte[] expected = Expected.bytes(result.plan().lastPass().pattern(), (int) (32 * MIB));
            assertThat(LoopDevice.read(loop.path(), 0, (int) (32 * MIB))).isEqualTo(expected);
        }
    }

    @Test
    void wipingOnePartitionLeavesTheOtherAndThePartitionTableIntact() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 96 * MIB)) {
            loop.partition("label: gpt\n,40M\n,\n");
            Sh.run("mkfs.ext4", "-q", "-F", loop.partition(1));
            loop.fillRandom(loop.partition(2), 3);
            String other = LoopDevice.sha256(loop.partition(2));
            byte[] table = LoopDevice.read(loop.path(), 0, (int) MIB);

            Cli cli = Cli.run("wipe", loop.partition(1), "-m", "zero", "--yes=" + loop.name() + "p1");

            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(LoopDevice.allZero(loop.partition(1))).isTrue();
            assertThat(LoopDevice.sha256(loop.partition(2))).isEqualTo(other);
            assertThat(LoopDevice.read(loop.path(), 0, (int) MIB)).isEqualTo(table);
        }
    }

    /**
     * The first partition is large and the other disk small, so that the first partition's wipe
     * and read-back (a tenth of a second even on the fastest memory) outlasts the start of the
     * other disk's job by far, on a loaded machine too.
     */
    @Test
    void partitionsOfOneDiskTakeTurnsWhileAnotherDiskIsWipedAtTheSameTime() throws Exception {
        Path memory = Files.createTempDirectory(Path.of("/dev/shm"), "blockwipe-test-");
        try (LoopDevice disk = LoopDevice.create(memory, 576 * MIB).partition("label: gpt\n,512M\n,\n");
             LoopDevice other = LoopDevice.create(memory, 16 * MIB)) {
            String p1 = disk.partition(1);
            String p2 = disk.partition(2);
            Cli cli = Cli.run("wipe", p1, p2, other.path(), "-m", "one", "--json", "--yes=" + disk.name() + "p1",
                    "--yes=" + disk.name() + "p2", "--yes=" + other.name());

            assertThat(cli.exitCode()).as(cli.err()).isZero();
            ObjectMapper mapper = new ObjectMapper();
            List<String> events = new ArrayList<>();
            for (String line : cli.out().split("\n")) {
                JsonNode n = mapper.readTree(line);
                if (n.path("event").asText().matches("started|finished|waiting")) {
                    events.add(n.path("event").asText() + " " + n.path("target").asText());
                }
            }
            assertThat(events).contains("waiting " + p2);
            assertThat(events.indexOf("finished " + p1)).as("p2 starts after p1: " + events)
                    .isLessThan(events.indexOf("started " + p2));
            assertThat(events.indexOf("started " + other.path())).as("the other disk runs alongside: " + events)
                    .isLessThan(events.indexOf("finished " + p1));
            for (String path : List.of(p1, p2, other.path())) {
                assertThat(LoopDevice.read(path, LoopDevice.sizeOf(path) - 8, 8)).as(path).containsOnly((byte) 0xFF);
            }
        } finally {
            Files.delete(memory);
        }
    }

    @Test
    /**
     * A loop device over a file zeroes and discards by fallocate on the file: the device reads back
     * zeroes, but the old blocks of the file stay on the disk, so this is no proof of erasure.
     */
    void zeroOutAndDiscardOfALoopDeviceOverAFileReadBackZeroesButProveNoErasure() throws Exception {
        for (String method : new String[] {"zeroout", "discard"}) {
            try (LoopDevice loop = LoopDevice.create(dir, 48 * MIB)) {
                loop.fillRandom(loop.path(), 4);
                Cli cli = Cli.run("wipe", loop.path(), "-m", method, "--yes=" + loop.name());
                assertThat(cli.exitCode()).as(method + ": " + cli.err()).isEqualTo(8);
                assertThat(cli.out()).contains("DONE, BUT NOT A PROVEN ERASURE", "fallocate on its backing file");
                assertThat(LoopDevice.allZero(loop.path())).as(method).isTrue();
            }
        }
    }

    @Test
    void aFileSystemWithoutDirectIoGetsBufferedWritesSyncedAsTheyGo() throws Exception {
        Path ramfs = Files.createDirectory(dir.resolve("ramfs"));
        Sh.run("mount", "-t", "ramfs", "ramfs", ramfs.toString());
        try {
            Path img = ramfs.resolve("big.img");
            try (RandomAccessFile f = new RandomAccessFile(img.toFile(), "rw")) {
                f.setLength(300 * MIB + 3);
            }
            Cli cli = Cli.run("wipe", img.toString(), "-m", "one", "--yes=big.img");
            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(cli.err()).contains("buffered, fdatasync every 256 MiB");
            byte[] tail = LoopDevice.read(img.toString(), 300 * MIB - 5, 8);
            assertThat(tail).containsOnly((byte) 0xFF);
        } finally {
            Sh.run("umount", ramfs.toString());
        }
    }

    @Test
    void aPartitionAtSectorOneIsWrittenAlignedToTheDisk() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 32 * MIB)) {
            loop.partition("label: dos\nstart=1,size=40000\n");
            loop.fillRandom(loop.partition(1), 5);
            WipeResult result;
            try (BlockTarget t = new LinuxTargets().open(loop.partition(1), Access.WRITE)) {
                assertThat(t.info().diskOffset()).isEqualTo(512);
                result = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()))
                        .run(t, WipeListener.NONE, new CancelToken());
            }
            assertThat(result.state()).isEqualTo(FinalState.ERASED);
            assertThat(result.warnings()).anyMatch(w -> w.startsWith("starts 512 bytes past a 4 KiB boundary"));
            assertThat(LoopDevice.allZero(loop.partition(1))).isTrue();
        }
    }

    @Test
    void wipingTheWholeDiskTakesItsPartitionsOutOfTheKernelsList() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 64 * MIB).partition("label: gpt\n,20M\n,\n")) {
            Path sysfs = Path.of("/sys/block", loop.name());
            assertThat(sysfs.resolve(loop.name() + "p1")).exists();

            Cli cli = Cli.run("wipe", loop.path(), "-m", "zero", "--yes=" + loop.name());

            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(cli.err()).doesNotContain("warning");
            assertThat(sysfs.resolve(loop.name() + "p1")).doesNotExist();
            assertThat(sysfs.resolve(loop.name() + "p2")).doesNotExist();
            assertThat(Path.of(loop.partition(1))).as("devtmpfs removes the node").doesNotExist();
        }
    }

    @Test
    void aPartitionOpenElsewhereStaysListedAndTheWipeEndsErasedWithAWarning() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 32 * MIB).partition("label: gpt\n,\n")) {
            WipeResult result;
            try (BlockTarget t = new LinuxTargets().open(loop.path(), Access.WRITE);
                 RandomAccessFile held = new RandomAccessFile(loop.partition(1), "r")) {
                result = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()))
                        .run(t, WipeListener.NONE, new CancelToken());
            }
            assertThat(result.state()).isEqualTo(FinalState.ERASED);
            assertThat(result.warnings()).singleElement().asString()
                    .startsWith("the kernel may still list the partitions the wipe erased: BLKRRPART failed: EBUSY");
            assertThat(Path.of("/sys/block", loop.name(), loop.name() + "p1")).exists();
        }
    }

    /** The result of the "finished" event of a wipe's JSON lines. */
    private static JsonNode lastResult(String jsonLines) throws Exception {
        JsonNode last = null;
        for (String line : jsonLines.split("\n")) {
            JsonNode n = new ObjectMapper().readTree(line);
            if (n.path("event").asText().equals("finished")) {
                last = n.get("result");
            }
        }
        assertThat(last).as("a finished event in: " + jsonLines).isNotNull();
        return last;
    }

    @Test
    void aLoopDeviceTheKernelScansNoPartitionsOnIsWipedWithoutAWarning() throws Exception {
        try (LoopDevice loop = LoopDevice.createUnscanned(dir, 16 * MIB)) {
            WipeResult result;
            try (BlockTarget t = new LinuxTargets().open(loop.path(), Access.WRITE)) {
                result = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()))
                        .run(t, WipeListener.NONE, new CancelToken());
            }
            assertThat(result.state()).isEqualTo(FinalState.ERASED);
            assertThat(result.warnings()).isEmpty();
        }
    }

    @Test
    void partitionsAddedByHandToALoopDeviceTheKernelDoesNotScanStayAndAreWarnedOf() throws Exception {
        try (LoopDevice loop = LoopDevice.createUnscanned(dir, 16 * MIB).partition("label: gpt\n,\n")) {
            WipeResult result;
            try (BlockTarget t = new LinuxTargets().open(loop.path(), Access.WRITE)) {
                result = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()))
                        .run(t, WipeListener.NONE, new CancelToken());
            }
            assertThat(result.state()).isEqualTo(FinalState.ERASED);
            assertThat(result.warnings()).singleElement().asString().contains("BLKRRPART failed: EINVAL");
            assertThat(Path.of("/sys/block", loop.name(), loop.name() + "p1")).exists();
        }
    }
}
