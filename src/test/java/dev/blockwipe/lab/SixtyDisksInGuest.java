package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.testing.Cli;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * In the lab (see {@link LabIT#sixtyDisksAreListedAndWipedInOneCommandAndInTheWindowWithinTheBufferBudget}): one
 * to sixty scsi_debug disks, each on a host of its own with a store of its own, the way a
 * technician's server full of disks looks to the kernel. How long {@code list --json} takes as
 * the disks are added, and sixty wiped in one command within the shared buffer budget.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SixtyDisksInGuest {
    static final int DISKS = 60;
    /** The disk counts {@code list} is timed at. */
    private static final int[] COUNTS = {1, 2, 4, 8, 15, 30, 60};
    private static final int RUNS = 3;
    /**
     * The smallest count whose time is well above the noise of one run in the guest; a time that
     * grew with the square of the disks would be 16× its time at 60 disks, a linear one 4×, and
     * the assertion allows 12×.
     */
    private static final int SHAPE_BASE = 15;
    private static final long MIB = 1 << 20;
    /** The buffer budget the wipe of sixty is given, and must stay within. */
    private static final long BUDGET = 64 * MIB;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Loads scsi_debug for disks of 4 MiB, each host with a store of its own (so that each disk holds its own bytes). */
    static void scsiDebug() throws IOException {
        Guest.require();
        Guest.modprobe("sd_mod");
        Guest.modprobe("scsi_debug", "dev_size_mb=4", "per_host_store=1");
    }

    @BeforeAll
    static void devices() throws IOException {
        scsiDebug();
    }

    /**
     * {@code list --json} (in this JVM, after warming it up) at 1 to 60 disks: the time must grow
     * no worse than linearly. scsi_debug answers each command after a jiffy (4 ms here) by default; that
     * wait is the same for every disk by construction and would hide the program's own cost, so
     * it answers at once while this is timed.
     */
    @Test
    @Order(1)
    void listingGrowsNoFasterThanTheNumberOfDisks() throws Exception {
        String delay = Guest.scsiDebugParameter("delay", "0");
        Map<Integer, Long> medians = new LinkedHashMap<>();
        try {
            Guest.scsiDebugHosts(1);
            for (int i = 0; i < RUNS; i++) {
                list(1);
            }
            for (int n : COUNTS) {
                Guest.scsiDebugHosts(n);
                long[] millis = new long[RUNS];
                for (int i = 0; i < RUNS; i++) {
                    long t = System.nanoTime();
                    list(n);
                    millis[i] = (System.nanoTime() - t) / 1_000_000;
                }
                Arrays.sort(millis);
                medians.put(n, millis[RUNS / 2]);
            }
        } finally {
            Guest.scsiDebugParameter("delay", delay);
        }
        medians.forEach((n, millis) -> Guest.figure("sixty: list --json of " + n + " disks", "median %d ms of %d, %.2f x one disk",
                millis, RUNS, (double) millis / medians.get(1)));
        assertThat(medians.get(60) / 60.0).as("the time per disk at 60 disks, against 3× that at %d (ms by disks: %s)",
                SHAPE_BASE, medians).isLessThanOrEqualTo(3.0 * medians.get(SHAPE_BASE) / SHAPE_BASE);
    }

    /**
     * All sixty in one command, with 0xFF bytes where scsi_debug starts with zeroes, so that every
     * byte that reads 0xFF afterwards was written; within the buffer budget it was given.
     */
    @Test
    @Order(2)
    void sixtyDisksAreWipedInOneCommandToTheByteWithinTheBufferBudget() throws Exception {
        Guest.scsiDebugHosts(DISKS);
        List<String> disks = Guest.scsiDebugDisks();
        List<String> args = new ArrayList<>(List.of("wipe", "-m", "one", "--json", "--memory", BUDGET / MIB + "M"));
        for (String d : disks) {
            args.add("/dev/" + d);
            args.add("--yes=" + d);
        }

        long t = System.nanoTime();
        Cli wipe = Cli.run(args.toArray(String[]::new));
        long millis = (System.nanoTime() - t) / 1_000_000;

        assertThat(wipe.exitCode()).as(wipe.err()).isZero();
        Map<String, List<JsonNode>> events = new LinkedHashMap<>();
        for (String line : wipe.out().split("\n")) {
            JsonNode e = JSON.readTree(line);
            events.computeIfAbsent(e.path("event").asText(), k -> new ArrayList<>()).add(e);
        }
        assertThat(events.get("finished")).as("a result per disk").hasSize(DISKS)
                .allSatisfy(f -> assertThat(f.at("/result/state").asText()).isEqualTo("ERASED"));
        assertThat(events.get("certificate")).as("a certificate per disk").hasSize(DISKS);
        Set<String> identities = new HashSet<>();
        events.get("finished").forEach(f -> identities.add(f.at("/result/target/identity").asText()));
        assertThat(identities).as("sixty disks, each its own").hasSize(DISKS);
        long buffers = 0;
        for (JsonNode f : events.get("finished")) {
            long most = 0;
            for (JsonNode p : f.at("/result/passes")) {
                most = Math.max(most, p.path("requestBytes").asLong() * p.path("inFlight").asLong());
            }
            JsonNode v = f.at("/result/finalVerification");
            buffers += Math.max(most, v.path("requestBytes").asLong() * v.path("inFlight").asLong());
        }
        assertThat(buffers).as("the buffers of sixty jobs that ran at once").isLessThanOrEqualTo(BUDGET);
        for (String d : disks) {
            assertThat(allOnes("/dev/" + d)).as("every byte of %s written", d).isTrue();
        }
        Guest.figure("sixty: one wipe of sixty 4 MiB disks", "%d ms in all; buffers %d MiB of the %d MiB budget",
                millis, buffers / MIB, BUDGET / MIB);
    }

    /**
     * {@code list --json}, which must list the {@code n} scsi_debug disks the kernel has. By name:
     * scsi_debug makes a disk's serial number of its host's number in five digits at most, so
     * from the 50th host on serials repeat ("10000" for host 4 and for host 49).
     */
    private static void list(int n) throws IOException {
        Cli list = Cli.run("list", "--json");
        assertThat(list.exitCode()).as(list.err()).isZero();
        Set<String> names = new HashSet<>();
        for (JsonNode d : JSON.readTree(list.out()).path("disks")) {
            if (d.path("model").asText().equals("scsi_debug")) {
                names.add(d.path("name").asText());
            }
        }
        assertThat(names).as("the scsi_debug disks listed").hasSize(n).containsExactlyInAnyOrderElementsOf(
                Guest.scsiDebugDisks());
    }

    private static boolean allOnes(String path) throws IOException {
        try (InputStream in = Files.newInputStream(Path.of(path))) {
            byte[] buf = new byte[1 << 20];
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] != (byte) 0xFF) {
                        return false;
                    }
                }
            }
        }
        return true;
    }
}
