package dev.blockwipe.linux;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.engine.firmware.CommandSet;
import dev.blockwipe.engine.firmware.Smart;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A drive's SMART figures, read by smartmontools' {@code smartctl --json} through a descriptor this
 * process holds: smartctl is given {@code /proc/<this pid>/fd/<fd>}, a link to the very device that
 * descriptor is (a path resolved once more could lead elsewhere; a child cannot use its own
 * {@code /proc/self} for ours). The device type comes from the descriptor's command set: {@code nvme}
 * for NVMe, and {@code sat,auto} for SCSI, with which smartctl speaks ATA through SAT to a drive whose
 * INQUIRY says it is ATA (SATA behind libata, most USB bridges) and SCSI to any other (SAS).
 */
final class Smartctl {
    /** A sleeping disk spins up first; a USB bridge may be slow to pass each command on. */
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** smartctl's exit status bit 0: the command line did not parse; bit 1: the device could not be opened or commanded. */
    private static final int COULD_NOT_READ = 0b11;
    private static final int REALLOCATED = 5;
    private static final int PENDING = 197;
    private static final int OFFLINE_UNCORRECTABLE = 198;

    private final Optional<Path> program;

    /** smartctl as found on PATH. */
    Smartctl() {
        this(Programs.onPath("smartctl"));
    }

    /** @param program smartctl, empty where smartmontools is not installed */
    Smartctl(Optional<Path> program) {
        this.program = program;
    }

    /** What the drive behind {@code fd} says; never fails: when nothing could be read, the reason. */
    Smart read(int fd, CommandSet commands) {
        String type = switch (commands) {
            case NVME -> "nvme";
            case SCSI -> "sat,auto";
            case NONE -> null;
        };
        if (type == null) {
            return Smart.unavailable("the device takes no drive commands (loop, virtio, device-mapper, md, a partition"
                    + " or an image file): it has no SMART of its own");
        }
        if (program.isEmpty()) {
            return Smart.unavailable("smartmontools is not installed");
        }
        String device = "/proc/" + ProcessHandle.current().pid() + "/fd/" + fd;
        try {
            Programs.Outcome outcome = Programs.run(List.of(program.get().toString(), "--json=c", "-a", "-d", type, device),
                    null, TIMEOUT);
            return parse(outcome.exit(), outcome.output());
        } catch (IOException e) {
            return Smart.unavailable("smartctl failed: " + e.getMessage());
        }
    }

    /**
     * smartctl's JSON and exit status as a {@link Smart}. The two low bits of the status mean it
     * could not read the drive (its error messages say why); the higher bits are findings (SMART
     * says the drive is failing, attributes past their thresholds, errors in its logs), and what it
     * read is still there.
     */
    Smart parse(int exit, String output) {
        JsonNode root;
        try {
            int start = output.indexOf('{');
            root = start < 0 ? null : new ObjectMapper().readTree(output.substring(start));
        } catch (IOException e) {
            root = null;
        }
        if (root == null) {
            String first = output.lines().findFirst().orElse("");
            return Smart.unavailable("smartctl wrote no JSON (exit status " + exit + ")" + (first.isEmpty() ? "" : ": " + first));
        }
        if ((exit & COULD_NOT_READ) != 0) {
            List<String> errors = new ArrayList<>();
            root.path("smartctl").path("messages").forEach(m -> {
                if (m.path("severity").asText().equals("error")) {
                    errors.add(m.path("string").asText());
                }
            });
            return Smart.unavailable(errors.isEmpty() ? "smartctl could not read the drive (exit status " + exit + ")"
                    : String.join("; ", errors));
        }
        JsonNode nvme = root.path("nvme_smart_health_information_log");
        JsonNode status = root.path("smart_status").path("passed");
        String protocol = root.path("device").path("protocol").asText("");
        return new Smart(protocol,
                status.isBoolean() ? Optional.of(status.booleanValue()) : Optional.empty(),
                number(root.path("power_on_time").path("hours")),
                protocol.equals("SCSI") ? number(root.path("scsi_grown_defect_list")) : attribute(root, REALLOCATED),
                attribute(root, PENDING),
                attribute(root, OFFLINE_UNCORRECTABLE),
                small(nvme.path("percentage_used")),
                number(nvme.path("media_errors")),
                small(nvme.path("critical_warning")),
                small(root.path("temperature").path("current")),
                Optional.empty());
    }

    /** The raw value of ATA attribute {@code id}, where the drive has it. */
    private static OptionalLong attribute(JsonNode root, int id) {
        for (JsonNode a : root.path("ata_smart_attributes").path("table")) {
            if (a.path("id").asInt(-1) == id) {
                return number(a.path("raw").path("value"));
            }
        }
        return OptionalLong.empty();
    }

    private static OptionalLong number(JsonNode n) {
        return n.canConvertToLong() ? OptionalLong.of(n.longValue()) : OptionalLong.empty();
    }

    private static OptionalInt small(JsonNode n) {
        return n.canConvertToInt() ? OptionalInt.of(n.intValue()) : OptionalInt.empty();
    }
}
