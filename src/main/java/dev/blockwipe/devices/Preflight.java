package dev.blockwipe.devices;

import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.TargetKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The verdict on a wipe target, from a fresh inventory: a block device is judged as the inventory
 * judged it (found by device number, whatever path named it); an image file is judged by whether
 * it is active swap or backs a loop device, and by what libblkid finds in it.
 */
public final class Preflight {
    private final SignatureProbe probe;

    public Preflight(SignatureProbe probe) {
        this.probe = probe;
    }

    public SafetyVerdict verdict(DeviceInventory inventory, TargetInfo target, boolean force) {
        return SafetyRules.verdict(facts(inventory, target), force);
    }

    /** The facts behind the verdict. */
    public SafetyFacts facts(DeviceInventory inventory, TargetInfo target) {
        if (target.kind() == TargetKind.BLOCK_DEVICE) {
            DeviceNumber number = new DeviceNumber(target.identity().major(), target.identity().minor());
            return inventory.byNumber(number).map(Device::safety).orElseGet(() -> new SafetyFacts(
                    List.of("device " + number + " is not listed in /sys/block"), null, List.of(), List.of(), List.of(),
                    null, target.size(), List.of(), probe.probe(target.path()), List.of()));
        }
        return fileFacts(inventory, target);
    }

    private SafetyFacts fileFacts(DeviceInventory inventory, TargetInfo target) {
        List<String> unknown = new ArrayList<>();
        if (inventory.usage().problem() != null) {
            unknown.add(inventory.usage().problem());
        }
        String file = canonical(target.path(), unknown);
        List<String> mounted = new ArrayList<>();
        List<String> backs = new ArrayList<>();
        for (Disk loop : inventory.disks()) {
            if (!file.isEmpty() && file.equals(stripDeleted(loop.facts().loopBackingFile()))) {
                List<String> uses = loop.usage().mountPoints();
                if (uses.isEmpty()) {
                    backs.add(loop.path());
                } else {
                    mounted.add("backs " + loop.path() + ", which is mounted (" + String.join(", ", uses) + ")");
                }
            }
        }
        List<String> swap = inventory.usage().swapFiles().contains(file) ? List.of("active swap file") : List.of();
        return new SafetyFacts(unknown, null, mounted, swap, List.of(), null, target.size(), backs,
                probe.probe(target.path()), List.of());
    }

    private static String canonical(String path, List<String> unknown) {
        try {
            return Path.of(path).toRealPath().toString();
        } catch (IOException e) {
            unknown.add("cannot resolve " + path + " (" + e.getMessage() + ")");
            return "";
        }
    }

    /** sysfs shows "/path/file.img (deleted)" once the file behind a loop device is gone. */
    private static String stripDeleted(String backingFile) {
        return backingFile.endsWith(" (deleted)") ? "" : backingFile;
    }
}
