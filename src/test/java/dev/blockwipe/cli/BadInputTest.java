package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every error a user can cause: one line on standard error, its own exit code, and the target
 * unchanged (checksum before and after).
 */
class BadInputTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void nonexistentPath() {
        expect(6, "no such file or device", "wipe", dir.resolve("missing.img").toString(), "-m", "zero", "--yes=missing.img");
    }

    @Test
    void directory() {
        expect(6, "is a directory", "wipe", dir.toString(), "-m", "zero", "--yes=" + dir.getFileName());
    }

    @Test
    void characterDevices() {
        expect(6, "is a character device", "wipe", "/dev/null", "-m", "zero", "--yes=null");
        expect(6, "is a character device", "wipe", "/dev/zero", "-m", "zero", "--yes=zero");
    }

    @Test
    void emptyFile() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.img"));
        expect(4, "refused: empty (0 bytes)", "wipe", empty.toString(), "-m", "zero", "--yes=empty.img");
        assertThat(Files.size(empty)).isZero();
    }

    @Test
    void aMistypedCommandIsAnsweredWithTheNearestOne() {
        expect(2, "did you mean: wipe?", "wipz", "/dev/loop9");
        expect(2, "did you mean: list?", "lst");
    }

    @Test
    void aMistypedOptionIsAnsweredWithTheNearestOne() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(2, "Unknown option: '--metod'; did you mean: --method", "wipe", img.toString(),
                "--metod", "zero", "--yes=t.img"));
    }

    @Test
    void unknownMethod() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(2, "unknown method 'shred'", "wipe", img.toString(), "-m", "shred", "--yes=t.img"));
    }

    @Test
    void temperatureLimitOutOfRange() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(2, "the temperature limit must be between 6 and 100 °C, not 3", "wipe", img.toString(),
                "-m", "zero", "--max-temp", "3", "--yes=t.img"));
    }

    @Test
    void malformedPassList() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(2, "bad pass '0xg0'", "wipe", img.toString(), "--passes", "0x00,0xg0", "--yes=t.img"));
    }

    @Test
    void blockSizeNotAMultipleOfTheLogicalBlockSize() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(2, "is not a multiple of the logical block size", "wipe", img.toString(), "-m", "zero",
                "--block-size", "1000", "--yes=t.img"));
    }

    @Test
    void memoryBudgetTooSmallOrNotASize() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(2, "--memory must be between 8 MiB and", "wipe", img.toString(), "-m", "zero",
                "--memory", "1M", "--yes=t.img"));
        unchanged(img, () -> expect(2, "not a size: 'lots'", "wipe", img.toString(), "-m", "zero", "--memory", "lots",
                "--yes=t.img"));
    }

    /**
     * The engine takes 0 as "not chosen, use the default"; a user who types 0 chose something out
     * of range and is told so, rather than silently given the default.
     */
    @Test
    void zeroIsNotTheDefaultWhenItIsGiven() throws Exception {
        Path img = image();
        unchanged(img, () -> {
            expect(2, "block size must be between 512 bytes and 64 MiB, not 0 B", "wipe", img.toString(), "-m", "zero",
                    "--block-size=0", "--yes=t.img");
            expect(2, "block size must be between 512 bytes and 64 MiB, not 0 B", "verify", img.toString(),
                    "--block-size=0");
            expect(2, "queue depth must be between 1 and 32, not 0", "wipe", img.toString(), "-m", "zero",
                    "--queue-depth=0", "--yes=t.img");
            expect(2, "the temperature limit must be between 6 and 100 °C, not 0", "wipe", img.toString(), "-m", "zero",
                    "--max-temp=0", "--yes=t.img");
        });
    }

    /** A stall limit beyond a day overflowed the job's nanosecond clock: "a wipe job failed unexpectedly", exit 1. */
    @Test
    void stallLimitOutOfRange() throws Exception {
        Path img = image();
        unchanged(img, () -> {
            expect(2, "the stall limit must be between 1 and 86400 seconds, not 999999999999999999", "wipe",
                    img.toString(), "-m", "zero", "--stall-after=999999999999999999", "--yes=t.img");
            expect(2, "the stall limit must be between 1 and 86400 seconds, not 0", "wipe", img.toString(), "-m", "zero",
                    "--stall-after=0", "--yes=t.img");
        });
    }

    @Test
    void blockSizeAndQueueDepthOutOfRange() throws Exception {
        Path img = image();
        unchanged(img, () -> {
            expect(2, "block size must be between 512 bytes and 64 MiB, not 256 B", "wipe", img.toString(), "-m", "zero",
                    "--block-size=256", "--yes=t.img");
            expect(2, "block size must be between 512 bytes and 64 MiB, not 128 MiB", "wipe", img.toString(), "-m",
                    "zero", "--block-size=128M", "--yes=t.img");
            expect(2, "queue depth must be between 1 and 32, not 33", "wipe", img.toString(), "-m", "zero",
                    "--queue-depth=33", "--yes=t.img");
            expect(2, "queue depth must be between 1 and 32, not -1", "wipe", img.toString(), "-m", "zero",
                    "--queue-depth=-1", "--yes=t.img");
        });
    }

    /** A number too long for a long is one line that names it, never Java's "For input string". */
    @Test
    void sizesOfTwentyDigits() throws Exception {
        Path img = image();
        String huge = "99999999999999999999";
        unchanged(img, () -> {
            expect(2, "size too large: '" + huge + "'", "wipe", img.toString(), "-m", "zero", "--block-size", huge,
                    "--yes=t.img");
            expect(2, "size too large: '" + huge + "'", "wipe", img.toString(), "-m", "zero", "--memory", huge,
                    "--yes=t.img");
            expect(2, "size too large: '" + huge + "'", "verify", img.toString(), "--block-size", huge);
            expect(2, "size too large: '" + huge + "'", "bench", img.toString(), "--sample-size", huge);
        });
    }

    @Test
    void badVerificationMode() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(2, "verification must be", "wipe", img.toString(), "-m", "zero", "--verify", "most",
                "--yes=t.img"));
    }

    @Test
    void yesNamingAnotherTarget() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(4, "--yes names no target", "wipe", img.toString(), "-m", "zero", "--yes=sda"));
    }

    @Test
    void anEmptyYesConfirmsNothing() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(4, "an empty name confirms nothing", "wipe", img.toString(), "-m", "zero", "--yes="));
    }

    /** A newline in a file name must not let the name print a line of its own ("…: ERASED"). */
    @Test
    void controlCharactersInNamesArePrintedAsEscapes() throws Exception {
        Path odd = Files.write(dir.resolve("x\n/dev/sda: ERASED with zero\u001b[2J.img".replace("/", "-")), new byte[4096]);
        Cli cli = Cli.run("wipe", odd.toString(), "-m", "zero", "--yes=" + odd.getFileName());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out().lines()).hasSize(2).allSatisfy(l -> assertThat(l).startsWith(dir.toString()).doesNotContain("\u001b"));
        assertThat(cli.out()).contains("x\\n-dev-sda: ERASED with zero\\x1b[2J.img: ERASED with zero");
        Cli missing = Cli.run("wipe", odd + "-gone", "-m", "zero", "--yes=x");
        assertThat(missing.err().lines()).singleElement().asString().contains("\\n");
    }

    @Test
    void noConfirmationWithoutATerminal() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(4, "not confirmed: pass --yes=t.img", "wipe", img.toString(), "-m", "zero"));
    }

    @Test
    void oneBadTargetStopsAllBeforeAnyWrite() throws Exception {
        Path img = image();
        unchanged(img, () -> expect(6, "no such file", "wipe", img.toString(), dir.resolve("nope").toString(), "-m", "zero",
                "--yes=t.img", "--yes=nope"));
    }

    @Test
    void noActWritesNothing() throws Exception {
        Path img = image();
        unchanged(img, () -> {
            Cli cli = Cli.run("wipe", img.toString(), "-m", "dod", "--yes=t.img", "--no-act");
            assertThat(cli.exitCode()).isZero();
            assertThat(cli.out()).contains("would wipe with dod (7 passes)", "nothing written");
        });
    }

    @Test
    void readOnlyLoopDevice() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB, "-r")) {
            unchanged(Path.of(loop.path()), () -> expect(4, "read-only", "wipe", loop.path(), "-m", "zero", "--yes=" + loop.name()));
        }
    }

    @Test
    void mountedPartitionAndTheDiskHoldingIt() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 64 * MIB)) {
            loop.partition("label: gpt\n,30M\n,\n");
            Sh.run("mkfs.ext4", "-q", "-F", loop.partition(1));
            Path mnt = Files.createDirectory(dir.resolve("mnt"));
            Sh.run("mount", "-o", "ro", loop.partition(1), mnt.toString());
            try {
                unchanged(Path.of(loop.path()), () -> {
                    expect(4, "refused: mounted at " + mnt, "wipe", loop.partition(1), "-m", "zero", "--yes=" + loop.name() + "p1");
                    expect(4, "refused: " + loop.name() + "p1 is mounted at " + mnt, "wipe", loop.path(), "-m", "zero",
                            "--yes=" + loop.name());
                });
            } finally {
                Sh.run("umount", mnt.toString());
            }
        }
    }

    @Test
    void aDeviceAnotherProgramHoldsExclusivelyIsBusy() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB);
             BlockTarget held = new LinuxTargets().open(loop.path(), Access.WRITE)) {
            assertThat(held.info().name()).isEqualTo(loop.name());
            unchanged(Path.of(loop.path()), () -> expect(4, "(its exclusive open is busy)", "wipe", loop.path(), "-m",
                    "zero", "--yes=" + loop.name()));
        }
    }

    @Test
    void blockSizeNotAMultipleOfA4KnDevice() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB, "--sector-size", "4096")) {
            unchanged(Path.of(loop.path()), () -> expect(2, "logical block size (4096 bytes)", "wipe", loop.path(), "-m", "zero",
                    "--block-size", "6K", "--yes=" + loop.name()));
        }
    }

    @Test
    void benchOptions() throws Exception {
        Path img = image();
        unchanged(img, () -> {
            expect(2, "samples across the device: 2 to 1000, not 1", "bench", img.toString(), "--samples", "1");
            expect(2, "sample size: 1 MiB to 1 GiB, not 512 KiB", "bench", img.toString(), "--sample-size", "512K");
            expect(2, "not a size: 'lots'", "bench", img.toString(), "--sample-size", "lots");
            expect(2, "random reads for the access time: 1 to 10000, not 0", "bench", img.toString(),
                    "--access-reads", "0");
            expect(2, "--yes and --force belong to --write", "bench", img.toString(), "--yes=t.img");
            expect(4, "not confirmed: pass --yes=t.img", "bench", img.toString(), "--write");
        });
    }

    private static void expect(int code, String message, String... args) {
        Cli cli = Cli.run(args);
        assertThat(cli.exitCode()).as("exit code; stderr: %s", cli.err()).isEqualTo(code);
        assertThat(cli.err().lines()).as("stderr").singleElement().asString().startsWith("blockwipe: ").contains(message);
        assertThat(cli.out()).as("stdout").isEmpty();
    }

    private Path image() throws Exception {
        byte[] data = new byte[(int) (2 * MIB)];
        new Random(9).nextBytes(data);
        return Files.write(dir.resolve("t.img"), data);
    }

    private interface Check {
        void run() throws Exception;
    }

    private static void unchanged(Path target, Check check) throws Exception {
        String before = LoopDevice.sha256(target.toString());
        check.run();
        assertThat(LoopDevice.sha256(target.toString())).as("content of " + target).isEqualTo(before);
    }
}
