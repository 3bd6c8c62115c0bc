package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * In the lab (see {@link LabIT#failingAndPulledDisksAndOddSectorSizesAreCertifiedAsTheyAreToTheByte}): real medium errors
 * from scsi_debug at chosen sectors, and device-mapper's flakey target turning a healthy disk into
 * one that drops writes, refuses them, or answers nothing, in the middle of a pass. Whatever a
 * certificate says is then checked on the medium itself, byte by byte.
 */
class FailingMediaInGuest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MIB = 1 << 20;
    private static final int FLAKEY_MIB = 64;
    /** The mapper over the scsi_debug disk, for the flakey cases. */
    private static final String MAPPER = "flaky";

    @BeforeAll
    static void drivers() throws IOException {
        Guest.require();
        Guest.modprobe("sd_mod");
        Guest.modprobe("dm_flakey");
        Guest.udev();
    }

    @AfterEach
    void unload() throws InterruptedException {
        Guest.quietly("dmsetup", "remove", "--retry", MAPPER);
        Guest.unloadScsiDebug();
    }

    /**
     * scsi_debug fails reads of the chosen sectors with a real MEDIUM ERROR sense (writes go
     * through), on a disk filled with random bytes: the read-back isolates exactly those sectors, and every other byte reads back as
     * written; the sectors listed do fail when read again.
     */
    @ParameterizedTest(name = "{0}-byte sectors")
    @ValueSource(ints = {512, 4096})
    void mediumErrorsAreCertifiedAsExactlyTheSectorsThatFailAndEveryOtherByteIsErased(int sector) throws Exception {
        long first = 5001;
        int count = 7;
        String disk = Guest.scsiDebug("dev_size_mb=32", "sector_size=" + sector, "opts=2",
                "medium_error_start=" + first, "medium_error_count=" + count);
        long badOffset = first * sector;
        long badLength = (long) count * sector;
        long size = Long.parseLong(Guest.sysfs(disk, "size")) * 512;
        DiskBytes.randomize("/dev/" + disk, size);
        // udev probes a disk after a close that wrote; on one with bad sectors that took more than
        // the 3 s a wipe waits for probes, and the wipe was refused (open in process (udev))
        Guest.settle();

        Cli wipe = Cli.run("wipe", "/dev/" + disk, "-m", "zero", "--yes=" + disk);

        assertThat(wipe.exitCode()).as(wipe.out() + wipe.err()).isEqualTo(9);
        JsonNode bad = certificate(wipe.out(), "/dev/" + disk).path("badSectors");
        assertThat(bad.path("sectors").asLong()).isEqualTo(count);
        assertThat(bad.path("ranges")).hasSize(1);
        JsonNode range = bad.path("ranges").get(0);
        assertThat(range.path("offset").asLong()).isEqualTo(badOffset);
        assertThat(range.path("length").asLong()).isEqualTo(badLength);
        assertThat(range.path("failedTo").asText()).isEqualTo("read");
        assertThat(DiskBytes.zero(DiskBytes.read("/dev/" + disk, 0, badOffset))).as("every byte before the bad sectors").isTrue();
        assertThat(DiskBytes.zero(DiskBytes.read("/dev/" + disk, badOffset + badLength,
                size - badOffset - badLength)))
                .as("every byte after them").isTrue();
        for (long s = 0; s < count; s++) {
            long at = badOffset + s * sector;
            assertThatThrownBy(() -> DiskBytes.read("/dev/" + disk, at, sector)).as("sector at %d is bad", at).isInstanceOf(AssertionError.class);
        }
    }

    /**
     * dm-flakey over a healthy disk is switched, a sixth into the pass, to a device that fails as
     * told (the failing table is loaded before, so that the switch is a resume and nothing else): every certificate claim is then checked on the disk underneath. A device that takes
     * writes and drops them is caught by the read-back (VERIFY_FAILED, exit 3, as many differing
     * sectors as the disk really holds), never ERASED; one that refuses writes is given up; one
     * that answers nothing is gone, and in both what was counted as written is on the disk.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "drop_writes, 3, VERIFY_FAILED, ",
        "error_writes, 1, FAILED, given up: the disk no longer takes writes at offset",
        "all I/O, 1, FAILED, the device stopped answering at offset"})
    void aDiskThatStartsFailingMidPassIsCertifiedAsItIs(String failure, int exit, String state, String error)
            throws Exception {
        String disk = Guest.scsiDebug("dev_size_mb=" + FLAKEY_MIB);
        DiskBytes.randomize("/dev/" + disk, FLAKEY_MIB * (long) MIB);
        slowDown(disk);
        Sh.run("dmsetup", "create", MAPPER, "--table", flakey(disk, "3600 0", ""));
        Sh.run("dmsetup", "load", MAPPER, "--table", flakey(disk, "0 3600", failure.equals("all I/O") ? "" : " 1 " + failure));
        String mapper = Path.of("/dev/mapper", MAPPER).toRealPath().getFileName().toString();
        long sectors = FLAKEY_MIB * (long) MIB / 512;

        CompletableFuture<Cli> wiping = CompletableFuture.supplyAsync(() -> Cli.run("wipe", "/dev/" + mapper, "-m", "zero",
                "--yes=" + mapper));
        awaitWritten(mapper, sectors / 6, wiping);
        Sh.run("dmsetup", "resume", "--noudevsync", MAPPER);
        Cli wipe = wiping.get(5, TimeUnit.MINUTES);

        assertThat(wipe.exitCode()).as(wipe.out() + wipe.err()).isEqualTo(exit);
        JsonNode certificate = certificate(wipe.out(), "/dev/" + mapper);
        assertThat(certificate.at("/result/state").asText()).isEqualTo(state);
        byte[] medium = DiskBytes.read("/dev/" + disk, 0, FLAKEY_MIB * (long) MIB);
        long written = certificate.at("/passes/0/bytesWritten").asLong();
        if (state.equals("VERIFY_FAILED")) {
            assertThat(written).as("the device acknowledged every write").isEqualTo(medium.length);
            assertThat(certificate.at("/sanitization/verificationResult/mismatchedSectors").asLong())
                    .as("the read-back counts what the disk holds").isEqualTo(DiskBytes.nonZeroSectors(medium)).isPositive();
        } else {
            assertThat(certificate.at("/result/summary").asText()).contains(error);
            assertThat(DiskBytes.zeroMebibytes(medium) * MIB).as("every byte counted as written is on the disk")
                    .isGreaterThanOrEqualTo(written);
            assertThat(DiskBytes.zeroPrefix(medium)).as("everything before the checkpoint is erased")
                    .isGreaterThanOrEqualTo(certificate.at("/runs/0/toOffset").asLong());
        }
    }

    /**
     * A dm-flakey table over {@code disk}, up and down as {@code upDown} says in seconds ("3600
     * 0": healthy; "0 3600": failing as {@code features} say, all I/O without any).
     */
    private static String flakey(String disk, String upDown, String features) {
        return "0 " + FLAKEY_MIB * (long) MIB / 512 + " flakey /dev/" + disk + " 0 " + upDown + features;
    }

    /**
     * One command at a time of at most 64 KiB, each answered after scsi_debug's one jiffy: a pass
     * then takes seconds, so that the switch to failing lands in its middle however slowly the
     * guest starts the process that makes it. Before the mapper is made, which takes its limits.
     */
    private static void slowDown(String disk) throws IOException {
        Files.writeString(Path.of("/sys/block", disk, "device/queue_depth"), "1");
        Files.writeString(Path.of("/sys/block", disk, "queue/max_sectors_kb"), "64");
    }

    /** Waits until the kernel counts {@code sectors} written to {@code device} (its stat's seventh field). */
    private static void awaitWritten(String device, long sectors, CompletableFuture<Cli> wiping) throws Exception {
        Path stat = Path.of("/sys/block", device, "stat");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (Long.parseLong(Files.readString(stat).trim().split("\\s+")[6]) < sectors) {
            if (wiping.isDone() || System.nanoTime() > deadline) {
                throw new AssertionError("the wipe did not get to sector " + sectors + ": " + wiping.getNow(null));
            }
            Thread.sleep(10);
        }
    }

    private static JsonNode certificate(String out, String path) throws IOException {
        Matcher m = Pattern.compile(Pattern.quote(path) + ": certificate \\S+ \\(signed JSON (\\S+)\\)").matcher(out);
        assertThat(m.find()).as("a certificate for %s in: %s", path, out).isTrue();
        return JSON.readTree(Files.readAllBytes(Path.of(m.group(1))));
    }
}
