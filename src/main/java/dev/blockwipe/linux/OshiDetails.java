package dev.blockwipe.linux;

import dev.blockwipe.devices.Identity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import oshi.SystemInfo;
import oshi.hardware.HWDiskStore;

/**
 * Model and serial from OSHI, which reads udev's database. Without a udev daemon (containers,
 * these build machines) OSHI reports "unknown", which is dropped: sysfs stays the source of truth
 * and missing values stay empty. OSHI names disks by kernel name only, so what it says is only
 * used for a disk of the same scan whose name kept its device number, disk sequence number and
 * size while OSHI was read (see {@link LinuxInventory}); nothing is cached between scans.
 */
public final class OshiDetails {
    /** What OSHI says of one disk: the identity and the size it saw, to tie it to the scan's disk. */
    public record Seen(Identity identity, long size) {
    }

    /** Where udev keeps what it found out about each device; OSHI's disk details come from there. */
    private static final Path UDEV_DATA = Path.of("/run/udev/data");

    private OshiDetails() {
    }

    /**
     * Kernel name → what OSHI knows of it, for the disks OSHI knows something real about. Where
     * udev keeps no database (no udev daemon: containers, rescue shells, these build machines)
     * OSHI has nothing to say about any disk, and the time its classes take to load is not spent.
     */
    public static Map<String, Seen> read() {
        if (!Files.isDirectory(UDEV_DATA)) {
            return Map.of();
        }
        Map<String, Seen> seen = new HashMap<>();
        for (HWDiskStore disk : new SystemInfo().getHardware().getDiskStores()) {
            String name = disk.getName().replaceFirst("^/dev/", "");
            Identity id = new Identity(known(disk.getModel()), "", known(disk.getSerial()), "", "");
            if (!id.model().isEmpty() || !id.serial().isEmpty()) {
                seen.put(name, new Seen(id, disk.getSize()));
            }
        }
        return seen;
    }

    private static String known(String value) {
        return value == null || value.isBlank() || value.equalsIgnoreCase("unknown") ? "" : value;
    }
}
