package dev.blockwipe.engine.firmware;

import dev.blockwipe.engine.method.FirmwareMethod;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a drive says about itself through its command set: who it is, the facts behind its firmware
 * erase (shown in Details and by {@code blockwipe show}), and an offer for every firmware method,
 * available or not with the reason.
 *
 * @param commandSet what the drive was asked through ("NVMe", "ATA through SAT", "SCSI", "none")
 * @param model      the model from the identify data (empty when none was read)
 * @param serial     the serial number from the identify data
 * @param firmware   the firmware revision
 * @param facts      one line per fact: "Sanitize: crypto erase, block erase; no overwrite", "Security: supported, not frozen"
 * @param hiddenArea a host protected area or DCO restriction, where the drive has one
 * @param family     the command set whose methods the drive answers for itself; empty for a drive that
 *                   offers nothing for one reason (a loop device, no answer)
 * @param offers     one per {@link FirmwareMethod}, in declaration order
 */
public record DriveReport(String commandSet, String model, String serial, String firmware, List<String> facts,
                          Optional<HiddenArea> hiddenArea, Optional<FirmwareMethod.Family> family, List<Offer> offers) {
    public DriveReport {
        facts = List.copyOf(facts);
        Map<FirmwareMethod, Offer> byMethod = new EnumMap<>(FirmwareMethod.class);
        offers.forEach(o -> byMethod.put(o.method(), o));
        if (byMethod.size() != FirmwareMethod.values().length) {
            throw new IllegalArgumentException("a drive report needs an offer for every firmware method, not "
                    + byMethod.keySet());
        }
        offers = List.copyOf(byMethod.values());
    }

    /**
     * A report for a drive that offers none of the methods, for one reason (a loop device, a USB
     * bridge that does not pass ATA through), with what is known of it.
     */
    public static DriveReport none(String commandSet, String why, List<String> facts) {
        return new DriveReport(commandSet, "", "", "", facts, Optional.empty(), Optional.empty(),
                Arrays.stream(FirmwareMethod.values()).map(m -> Offer.unavailable(m, why)).toList());
    }

    /**
     * A report whose offers for the methods of other families say that the drive speaks
     * {@code family}: {@code own} holds the offers of its own family.
     */
    public static DriveReport of(String commandSet, String model, String serial, String firmware, List<String> facts,
                                 Optional<HiddenArea> hiddenArea, FirmwareMethod.Family family, List<Offer> own) {
        Map<FirmwareMethod, Offer> all = new EnumMap<>(FirmwareMethod.class);
        for (FirmwareMethod m : FirmwareMethod.values()) {
            if (m.family() != family) {
                all.put(m, Offer.unavailable(m, "not " + m.family().label() + ": the drive takes "
                        + family.label() + " commands"));
            }
        }
        own.forEach(o -> all.put(o.method(), o));
        return new DriveReport(commandSet, model, serial, firmware, facts, hiddenArea, Optional.of(family),
                List.copyOf(all.values()));
    }

    public Offer offer(FirmwareMethod method) {
        return offers.stream().filter(o -> o.method() == method).findFirst().orElseThrow();
    }

    public List<Offer> available() {
        return offers.stream().filter(Offer::available).toList();
    }
}
