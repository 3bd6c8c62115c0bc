package dev.blockwipe.engine.firmware;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What a drive's own health monitoring (SMART) says about it, as smartmontools reads it: the
 * figures that tell a technician whether a drive is worth wiping and reusing. A figure the drive
 * does not report is empty.
 *
 * @param protocol             what the drive was read through ("ATA", "NVMe", "SCSI"); empty when nothing was read
 * @param passed               the drive's overall health assessment; empty when it gave none
 * @param powerOnHours         hours the drive has been powered on
 * @param reallocatedSectors   ATA attribute 5 (Reallocated_Sector_Ct), or a SCSI disk's grown defect list
 * @param pendingSectors       ATA attribute 197 (Current_Pending_Sector)
 * @param offlineUncorrectable ATA attribute 198 (Offline_Uncorrectable)
 * @param percentageUsed       NVMe: the vendor's estimate of the endurance used, in percent (may pass 100)
 * @param mediaErrors          NVMe: unrecovered data integrity errors
 * @param criticalWarning      NVMe: the critical warning bits of the health log (0 is none)
 * @param temperature          the drive's temperature now, °C
 * @param unavailable          why nothing was read ("smartmontools is not installed"); empty when it was
 */
public record Smart(String protocol, Optional<Boolean> passed, OptionalLong powerOnHours, OptionalLong reallocatedSectors,
                    OptionalLong pendingSectors, OptionalLong offlineUncorrectable, OptionalInt percentageUsed,
                    OptionalLong mediaErrors, OptionalInt criticalWarning, OptionalInt temperature,
                    Optional<String> unavailable) {

    /** Nothing was read, for this reason. */
    public static Smart unavailable(String why) {
        return new Smart("", Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.empty(), OptionalInt.empty(), OptionalLong.empty(), OptionalInt.empty(), OptionalInt.empty(),
                Optional.of(why));
    }

    public boolean available() {
        return unavailable.isEmpty();
    }

    /**
     * One line for Details and {@code blockwipe show}: "SMART: passed; 1234 power-on hours; 0
     * reallocated, 0 pending sectors", "SMART: passed; 2401 power-on hours; 3% used, 0 media
     * errors; 36 °C", "SMART: not read: smartmontools is not installed".
     */
    public String summary() {
        if (unavailable.isPresent()) {
            return "SMART: not read: " + unavailable.get();
        }
        List<String> parts = new ArrayList<>();
        parts.add(passed.map(ok -> ok ? "passed" : "FAILED").orElse("no overall assessment"));
        powerOnHours.ifPresent(h -> parts.add(h + " power-on hours"));
        List<String> wear = new ArrayList<>();
        if (protocol.equals("NVMe")) {
            percentageUsed.ifPresent(p -> wear.add(p + "% used"));
            mediaErrors.ifPresent(n -> wear.add(n + " media errors"));
        } else if (protocol.equals("SCSI")) {
            reallocatedSectors.ifPresent(n -> wear.add(n + " grown defects"));
        } else {
            reallocatedSectors.ifPresent(n -> wear.add(n + " reallocated"));
            pendingSectors.ifPresent(n -> wear.add(n + " pending"));
            offlineUncorrectable.ifPresent(n -> wear.add(n + " offline uncorrectable"));
            if (!wear.isEmpty()) {
                wear.set(wear.size() - 1, wear.get(wear.size() - 1) + " sectors");
            }
        }
        if (!wear.isEmpty()) {
            parts.add(String.join(", ", wear));
        }
        criticalWarning.ifPresent(w -> {
            if (w != 0) {
                parts.add(String.format("critical warning 0x%02X", w));
            }
        });
        temperature.ifPresent(t -> parts.add(t + " °C"));
        return "SMART: " + String.join("; ", parts);
    }
}
