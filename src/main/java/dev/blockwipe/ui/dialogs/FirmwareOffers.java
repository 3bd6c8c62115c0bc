package dev.blockwipe.ui.dialogs;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.firmware.ata.SecurityErase;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.ui.tree.RowFacts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The drive's own erases the wipe dialog offers: only the firmware methods that the drive of every
 * target offers, with what each drive said of them (its estimate, what its blocks read as
 * afterwards), or why none is offered.
 */
final class FirmwareOffers {
    private final Map<RowFacts, DriveReport> drives;
    private final List<WipeMethod> methods;

    /** @param drives each target's drive report, in the order of the targets */
    FirmwareOffers(Map<RowFacts, DriveReport> drives) {
        this.drives = new LinkedHashMap<>(drives);
        this.methods = WipeMethods.firmware().stream()
                .filter(m -> this.drives.values().stream().allMatch(d -> d.offer(firmware(m)).available())).toList();
    }

    /** The firmware methods every target's drive offers. */
    List<WipeMethod> methods() {
        return methods;
    }

    /**
     * Why no firmware method is offered: the reason of the first drive that offers none (prefixed with
     * its target's name when there are several), or that the drives have none in common; empty when
     * one is offered.
     */
    String whyNone() {
        if (!methods.isEmpty()) {
            return "";
        }
        for (Map.Entry<RowFacts, DriveReport> e : drives.entrySet()) {
            DriveReport d = e.getValue();
            if (d.available().isEmpty()) {
                String why = d.offers().stream().filter(o -> d.family().map(o.method().family()::equals).orElse(true))
                        .findFirst().map(Offer::reason).orElse("");
                return drives.size() == 1 ? why : e.getKey().name() + ": " + why;
            }
        }
        return "the drives of these targets have no firmware method in common";
    }

    /** {@code target}'s drive's offer of the firmware method {@code m}. */
    Offer offer(RowFacts target, WipeMethod m) {
        return drives.get(target).offer(firmware(m));
    }

    /** Whether every drive defines what its blocks read as after {@code m}, so that they can be read back. */
    boolean readBackPossible(WipeMethod m) {
        return drives.values().stream().allMatch(d -> d.offer(firmware(m)).readsAs().isPresent());
    }

    /** "the drive estimates 2 m 0 s", or "the drive gives no estimate". */
    String estimate(RowFacts target, WipeMethod m) {
        return offer(target, m).estimate().map(e -> "the drive estimates " + Units.duration(e))
                .orElse("the drive gives no estimate");
    }

    /**
     * What choosing {@code m} means, in one sentence: it cannot be cancelled, how long the drive
     * says it takes, and what a power loss during it does.
     */
    String notice(WipeMethod m) {
        RowFacts only = drives.size() == 1 ? drives.keySet().iterator().next() : null;
        return (only != null ? "The drive erases itself: " : "Each drive erases itself: ")
                + "this cannot be cancelled once the drive has started; "
                + (only != null ? estimate(only, m) : "each drive's estimate is shown with its target above")
                + powerLoss(firmware(m)).map(p -> "; " + p).orElse("") + ".";
    }

    /** What the drive does about a power loss during {@code m}, where the standard says. */
    private static Optional<String> powerLoss(FirmwareMethod m) {
        return switch (m) {
            case NVME_SANITIZE_BLOCK, NVME_SANITIZE_CRYPTO, NVME_SANITIZE_OVERWRITE, ATA_SANITIZE_BLOCK,
                    ATA_SANITIZE_CRYPTO, ATA_SANITIZE_OVERWRITE, SCSI_SANITIZE_BLOCK, SCSI_SANITIZE_CRYPTO,
                    SCSI_SANITIZE_OVERWRITE ->
                    Optional.of("a power loss during a sanitize is resumed by the drive when it is powered again");
            case ATA_SECURE_ERASE, ATA_SECURE_ERASE_ENHANCED -> Optional.of("a power loss during the erase may leave the"
                    + " drive locked with the password '" + SecurityErase.TEMPORARY_PASSWORD + "' (hdparm --security-disable "
                    + SecurityErase.TEMPORARY_PASSWORD + " unlocks it)");
            case NVME_FORMAT_USER_DATA, NVME_FORMAT_CRYPTO -> Optional.empty();
        };
    }

    static FirmwareMethod firmware(WipeMethod m) {
        return FirmwareMethod.byName(m.name())
                .orElseThrow(() -> new IllegalArgumentException(m.name() + " is not a firmware method"));
    }
}
