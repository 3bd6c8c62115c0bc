package dev.blockwipe.ui.dialogs;

import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.ui.tree.RowFacts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
        return FactSheet.estimate(offer(target, m));
    }

    /**
     * What choosing {@code m} means, in one sentence: it cannot be cancelled, how long the drive
     * says it takes, and what a power loss during it does.
     */
    String notice(WipeMethod m) {
        if (drives.size() == 1) {
            String one = FactSheet.firmwareNotice(offer(drives.keySet().iterator().next(), m));
            return Character.toUpperCase(one.charAt(0)) + one.substring(1) + ".";
        }
        return "Each drive erases itself: this cannot be cancelled once the drive has started; each drive's estimate is"
                + " shown with its target above" + FactSheet.powerLoss(firmware(m)).map(p -> "; " + p).orElse("") + ".";
    }

    static FirmwareMethod firmware(WipeMethod m) {
        return FirmwareMethod.byName(m.name())
                .orElseThrow(() -> new IllegalArgumentException(m.name() + " is not a firmware method"));
    }
}
