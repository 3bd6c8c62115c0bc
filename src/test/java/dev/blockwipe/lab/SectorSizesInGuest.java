package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * In the lab (see {@link LabIT#failingAndPulledDisksAndOddSectorSizesAreCertifiedAsTheyAreToTheByte}):
 * a 4Kn disk (4096-byte logical sectors) and a 512e disk (512-byte logical, 4096-byte physical),
 * each of a size that is no multiple of a request (37 MiB against 4 MiB), with a partition that
 * starts one logical sector in and ends in the middle of a physical one. The partition, then the
 * whole disk, are wiped; every request Blockwipe sends is seen in the kernel's own trace of the
 * block layer, and every byte of the disk is read back past Blockwipe.
 */
class SectorSizesInGuest {
    private static final int DISK_MIB = 37;
    private static final Path TRACING = Path.of("/sys/kernel/tracing");
    private static final Path BIO_QUEUE = TRACING.resolve("events/block/block_bio_queue/enable");
    /** "8,0 WS 2048 + 8192 [blockwipe-io-sd]": device, kind, first 512-byte sector, sectors, command. */
    private static final Pattern BIO = Pattern.compile("block_bio_queue: (\\d+,\\d+) (\\S+) (\\d+) \\+ (\\d+) \\[([^]]*)]");

    @BeforeAll
    static void drivers() throws IOException {
        Guest.require();
        Guest.modprobe("sd_mod");
        Guest.udev();
        if (!Files.exists(BIO_QUEUE)) {
            Sh.run("mount", "-t", "tracefs", "tracefs", TRACING.toString());
        }
    }

    @AfterEach
    void unload() throws IOException, InterruptedException {
        Files.writeString(BIO_QUEUE, "0");
        Guest.unloadScsiDebug();
    }

    /**
     * Each request of the partition's wipe starts and ends on a physical sector of the disk, but
     * for the partition's own first and last byte; the writes cover the partition exactly once;
     * every byte of it reads back zero and every byte around it as it was. Then the whole disk:
     * every request on physical sectors, up to its last byte, every byte zero.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"4Kn, 4096, 0, 5001", "512e, 512, 3, 60001"})
    void aPartitionAtAnOddStartAndOfAnOddSizeAndTheWholeDiskAreWrittenInPhysicalSectorsToTheByte(String kind,
            int logical, int physicalExponent, long partitionSectors) throws Exception {
        String disk = Guest.scsiDebug("dev_size_mb=" + DISK_MIB, "sector_size=" + logical,
                "physblk_exp=" + physicalExponent);
        int physical = logical << physicalExponent;
        assertThat(Guest.sysfs(disk, "queue/physical_block_size")).isEqualTo(String.valueOf(physical));
        long size = (long) DISK_MIB << 20;
        DiskBytes.randomize("/dev/" + disk, size);
        Sh.runWithInput("start=1, size=" + partitionSectors + ", type=83\n", "sfdisk", "--force", "/dev/" + disk);
        Guest.settle();
        long start = logical;
        long end = start + partitionSectors * logical;
        byte[] before = DiskBytes.read("/dev/" + disk, 0, size);

        Requests partitionRequests = wipeTracing(disk, "/dev/" + disk + "1");

        byte[] after = DiskBytes.read("/dev/" + disk, 0, size);
        assertThat(DiskBytes.zero(after, (int) start, (int) end)).as("every byte of the partition").isTrue();
        assertThat(Arrays.equals(after, 0, (int) start, before, 0, (int) start)
                && Arrays.equals(after, (int) end, (int) size, before, (int) end, (int) size))
                .as("every byte around it as it was").isTrue();
        requireAligned(partitionRequests, start, end, physical);

        DiskBytes.randomize("/dev/" + disk, size);
        Requests diskRequests = wipeTracing(disk, "/dev/" + disk);

        assertThat(DiskBytes.zero(DiskBytes.read("/dev/" + disk, 0, size))).as("every byte of the disk").isTrue();
        requireAligned(diskRequests, 0, size, physical);
    }

    /** What Blockwipe's I/O threads put to a disk's queue: byte ranges of the whole disk, writes in offset order. */
    private record Requests(List<long[]> writes, List<long[]> reads) {
    }

    /**
     * Wipes {@code path} with zeroes (read back) while the kernel traces every request put to
     * {@code disk}'s queue; returns those of Blockwipe's I/O threads.
     */
    private static Requests wipeTracing(String disk, String path) throws IOException {
        Files.writeString(TRACING.resolve("trace"), "");
        Files.writeString(BIO_QUEUE, "1");
        Cli wipe = Cli.run("wipe", path, "-m", "zero", "--yes=" + path.substring(5));
        Files.writeString(BIO_QUEUE, "0");
        assertThat(wipe.exitCode()).as(wipe.out() + wipe.err()).isZero();
        String device = Guest.sysfs(disk, "dev").replace(':', ',');
        List<long[]> writes = new ArrayList<>();
        List<long[]> reads = new ArrayList<>();
        Matcher m = BIO.matcher(Files.readString(TRACING.resolve("trace")));
        while (m.find()) {
            long sectors = Long.parseLong(m.group(4));
            if (m.group(1).equals(device) && m.group(5).startsWith("blockwipe-io") && sectors > 0) {
                long from = Long.parseLong(m.group(3)) * 512;
                (m.group(2).contains("W") ? writes : reads).add(new long[] {from, from + sectors * 512});
            }
        }
        writes.sort((a, b) -> Long.compare(a[0], b[0]));
        return new Requests(writes, reads);
    }

    /**
     * The writes cover {@code start} to {@code end} exactly once, and each write and each read of
     * the read-back starts and ends on a physical sector but where the range itself does.
     */
    private static void requireAligned(Requests requests, long start, long end, int physical) {
        assertThat(requests.writes()).as("Blockwipe's writes, as the kernel traced them").isNotEmpty();
        assertThat(requests.reads()).as("the read-back's reads, as the kernel traced them").isNotEmpty();
        long at = start;
        for (long[] w : requests.writes()) {
            assertThat(w[0]).as("a write where the last one ended").isEqualTo(at);
            at = w[1];
        }
        assertThat(at).as("the writes' end").isEqualTo(end);
        for (List<long[]> kind : List.of(requests.writes(), requests.reads())) {
            for (long[] r : kind) {
                assertThat(r[0] % physical == 0 || r[0] == start).as("request at %d starts on a physical sector", r[0]).isTrue();
                assertThat(r[1] % physical == 0 || r[1] == end).as("request at %d ends on one (%d)", r[0], r[1]).isTrue();
            }
        }
    }
}
