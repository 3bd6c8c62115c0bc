package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.testing.Jar;
import dev.blockwipe.testing.LoopDevice;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * In the lab (see {@link LabIT#failingAndPulledDisksAndOddSectorSizesAreCertifiedAsTheyAreToTheByte}):
 * a scsi_debug disk removed as the kernel removes a pulled one ({@code echo 1 >
 * /sys/block/sdX/device/delete}) in the middle of a wipe that also wipes an NVMe namespace, with
 * the jar as a technician runs it.
 */
class PulledDiskInGuest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MIB = 1 << 20;
    private static final int DISK_MIB = 128;

    @BeforeAll
    static void drivers() throws IOException {
        Guest.require();
        Guest.modprobe("nvme");
        Guest.modprobe("sd_mod");
        Guest.udev();
    }

    /**
     * Pulled while it is written and while it is read back: its job ends "the device disappeared",
     * with a certificate whose every claim holds on the disk once it is plugged back in, and the
     * NVMe job of the same command finishes; the process exits 1 and never aborts (a first guest
     * saw the JVM abort with exit 134, and "fdatasync failed" as the last word).
     */
    @ParameterizedTest(name = "pulled while {0}")
    @ValueSource(strings = {"WRITE", "VERIFY"})
    void aDiskPulledMidWipeEndsAsGoneWithATrueCertificateAndTheOtherJobFinishes(String stage,
            @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path dir)
            throws Exception {
        // each command answered after 20 ms: the read-back of 128 MiB spans several of the progress
        // ticks (250 ms) the pull waits for, where from RAM it may end within one on a fast guest
        String disk = Guest.scsiDebug("dev_size_mb=" + DISK_MIB, "ndelay=20000000");
        DiskBytes.randomize("/dev/" + disk, (long) DISK_MIB * MIB);
        DiskBytes.randomize("/dev/nvme0n1", 4L * MIB);
        try {
            Wipe wipe = wipePulling(dir, disk, stage);

            assertThat(wipe.code()).as("exit code; stderr: %s", wipe.err()).isEqualTo(1);
            JsonNode failed = event(wipe, "/dev/" + disk, "failed");
            assertThat(failed.path("error").asText()).as(wipe.err())
                    .matches("/dev/" + disk + ": the device disappeared at offset \\d+ \\(.+\\)");
            assertThat(wipe.err()).as("the job's cause is the last word, not a sync or close after it")
                    .doesNotContain("fdatasync").doesNotContain("BLKRRPART");
            assertThat(event(wipe, "/dev/nvme0n1", "finished").at("/result/state").asText()).isEqualTo("ERASED");
            assertThat(LoopDevice.allZero("/dev/nvme0n1")).isTrue();
            JsonNode certificate = certificate(wipe, "/dev/" + disk);
            assertThat(certificate.at("/result/state").asText()).isEqualTo("FAILED");

            Guest.rescanScsi();
            byte[] back = DiskBytes.read("/dev/" + Guest.scsiDebugDisk(), 0, (long) DISK_MIB * MIB);
            long checkpoint = certificate.at("/runs/0/toOffset").asLong();
            long written = certificate.at("/passes/0/bytesWritten").asLong();
            assertThat(DiskBytes.zeroPrefix(back)).as("everything before the checkpoint is erased").isGreaterThanOrEqualTo(checkpoint);
            assertThat(DiskBytes.zeroMebibytes(back) * MIB).as("every byte counted as written is on the disk")
                    .isGreaterThanOrEqualTo(written);
            if (stage.equals("VERIFY")) {
                assertThat(written).isEqualTo((long) DISK_MIB * MIB);
            }
        } finally {
            Guest.unloadScsiDebug();
        }
    }

    /** What a wipe printed (its JSON lines) and how it ended. */
    private record Wipe(int code, List<JsonNode> events, String err) {
    }

    /**
     * The jar wipes {@code disk} and the NVMe namespace with zeroes, and {@code disk} is pulled once
     * its job reports progress in {@code stage}. A JVM that aborts leaves its error report in
     * {@code dir}, and the test fails with it.
     */
    private static Wipe wipePulling(Path dir, String disk, String stage) throws Exception {
        ProcessBuilder pb = Jar.command(dir, "wipe", "/dev/" + disk, "/dev/nvme0n1", "-m", "zero", "--json",
                "--yes=" + disk, "--yes=nvme0n1").redirectError(dir.resolve("err").toFile());
        pb.environment().put("JAVA_TOOL_OPTIONS", "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"));
        Process p = pb.start();
        List<JsonNode> events = new ArrayList<>();
        boolean pulled = false;
        List<String> notJson = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (!line.startsWith("{")) {
                    notJson.add(line);
                    continue;
                }
                JsonNode e = JSON.readTree(line);
                events.add(e);
                if (!pulled && e.path("event").asText().equals("progress") && e.path("target").asText().equals("/dev/" + disk)
                        && e.path("stage").asText().equals(stage) && e.path("stageBytesDone").asLong() > 0) {
                    Guest.pull(disk);
                    pulled = true;
                }
            }
        }
        assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
        String err = Files.readString(dir.resolve("err"));
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("hs_err")).toList()) {
                throw new AssertionError("the JVM aborted (exit " + p.exitValue() + "; report kept in " + dir + "): "
                        + Files.readString(f));
            }
        }
        assertThat(notJson).as("what --json printed besides its events; stderr: %s", err).isEmpty();
        assertThat(pulled).as("pulled while %s: %s %s", stage, events, err).isTrue();
        return new Wipe(p.exitValue(), events, err);
    }

    private static JsonNode event(Wipe wipe, String target, String event) {
        return wipe.events().stream().filter(e -> e.path("target").asText().equals(target) && e.path("event").asText().equals(event))
                .findFirst().orElseThrow(() -> new AssertionError("no " + event + " event for " + target + ": " + wipe));
    }

    private static JsonNode certificate(Wipe wipe, String target) throws IOException {
        return JSON.readTree(Files.readAllBytes(Path.of(event(wipe, target, "certificate").path("json").asText())));
    }
}
