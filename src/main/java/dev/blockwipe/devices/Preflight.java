package dev.blockwipe.devices;

import dev.blockwipe.engine.TargetIdentity;
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

    /**
     * @param path   the target as the user named it
     * @param node   what the path is (from stat: device number, or file system and inode and size)
     * @param force  the user passed --force
     */
    public SafetyVerdict verdict(DeviceInventory inventory, String path, TargetIdentity node, boolean force) {
        return SafetyRules.verdict(facts(inventory, path, node), force);
    }

    /** The facts behind the verdict. */
    public SafetyFacts facts(DeviceInventory inventory, String path, TargetIdentity node) {
        if (node.kind() == TargetKind.BLOCK_DEVICE) {
            DeviceNumber number = new DeviceNumber(node.major(), node.minor());
            return inventory.byNumber(number).map(Device::safety).orElseGet(() -> new SafetyFacts(
                    List.of("device " + number + " is not listed in /sys/block"), null, List.of(), List.of(), List.of(),
                    null, node.size(), List.of(), probe.probe(path), List.of()));
        }
        return fileFacts(inventory, path, node.size());
    }

    private SafetyFacts fileFacts(DeviceInventory inventory, String path, long size) {
        List<String> unknown = new ArrayList<>();
        if (inventory.usage().problem() != null) {
            unknown.add(inventory.usage().problem());
        }
        String file = canonical(path, unknown);
        List<String> mounted = new ArrayList<>();
        List<String> swap = new ArrayList<>();
        List<String> held = new ArrayList<>();
        List<String> backs = new ArrayList<>();
        for (Disk loop : inventory.disks()) {
            if (!file.isEmpty() && file.equals(stripDeleted(loop.facts().loopBackingFile()))) {
                SafetyFacts uses = loop.safety();
                String via = "backs " + loop.path() + ": ";
                uses.mounted().forEach(m -> mounted.add(via + m));
                uses.swap().forEach(m -> swap.add(via + m));
                uses.held().forEach(m -> held.add(via + m));
                if (uses.mounted().isEmpty() && uses.swap().isEmpty() && uses.held().isEmpty()) {
                    backs.add(loop.path());
                }
            }
        }
        if (inventory.usage().swapFiles().contains(file)) {
            swap.add("active swap file");
        }
        return new SafetyFacts(unknown, null, mounted, swap, held, null, size, backs, probe.probe(path), List.of());
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
