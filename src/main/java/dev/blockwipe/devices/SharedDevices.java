package dev.blockwipe.devices;

import dev.blockwipe.engine.io.LoopBacking;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetKind;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Which wipes must not run at the same time. Every target gets queue keys; jobs that share a key
 * run one after another. A partition's key is its disk (partitions of one disk always queue);
 * beyond that, the physical disks a target sits on (through device mapper, RAID members, loop
 * devices and the file system an image file is on) give a key when they are rotational: ten
 * parallel writers on one spindle or RAID were slower than one. Separate disks share nothing and
 * run in parallel.
 */
public final class SharedDevices {
    private final DeviceInventory inventory;

    public SharedDevices(DeviceInventory inventory) {
        this.inventory = inventory;
    }

    /** "disk sdb", "disk sda (rotational, under loop3)". */
    public Set<String> keys(TargetIdentity node) {
        Set<String> keys = new LinkedHashSet<>();
        DeviceNumber number = new DeviceNumber(node.major(), node.minor());
        Optional<Device> device = inventory.byNumber(number);
        if (device.isPresent() && node.kind() == TargetKind.BLOCK_DEVICE) {
            keys.add(key(diskOf(device.get())));
        }
        device.ifPresent(d -> physical(d, keys, new LinkedHashSet<>()));
        return keys;
    }

    /** Adds the rotational disks {@code d} sits on. */
    private void physical(Device d, Set<String> keys, Set<String> seen) {
        if (!seen.add(d.name())) {
            return;
        }
        Disk disk = inventory.disk(diskOf(d)).orElse(null);
        if (disk == null) {
            return;
        }
        LoopBacking backing = disk.facts().loop().backing();
        if (backing != null) {
            DeviceNumber under = backing.blockDevice() ? new DeviceNumber(backing.rdevMajor(), backing.rdevMinor())
                    : new DeviceNumber(backing.fsMajor(), backing.fsMinor());
            inventory.byNumber(under).ifPresent(b -> physical(b, keys, seen));
            return;
        }
        if (!disk.facts().slaves().isEmpty()) {
            for (String slave : disk.facts().slaves()) {
                inventory.byName(slave).ifPresent(s -> physical(s, keys, seen));
            }
            return;
        }
        if (disk.facts().rotational()) {
            keys.add(key(disk.name()));
        }
    }

    private static String diskOf(Device d) {
        return d instanceof Partition p ? p.disk() : d.name();
    }

    private static String key(String disk) {
        return "disk " + disk;
    }
}
