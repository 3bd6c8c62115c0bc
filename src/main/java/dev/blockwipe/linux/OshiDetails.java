package dev.blockwipe.linux;

import dev.blockwipe.devices.Identity;
import java.util.HashMap;
import java.util.Map;
import oshi.SystemInfo;
import oshi.hardware.HWDiskStore;

/**
 * Model and serial from OSHI, which reads udev's database. Without a udev daemon (containers,
 * these build machines) OSHI reports "unknown", which is dropped: sysfs stays the source of truth
 * and missing values stay empty.
 */
public final class OshiDetails {
    private OshiDetails() {
    }

    /** Kernel name → identity, for the disks OSHI knows something real about. */
    public static Map<String, Identity> read() {
        Map<String, Identity> identities = new HashMap<>();
        for (HWDiskStore disk : new SystemInfo().getHardware().getDiskStores()) {
            String name = disk.getName().replaceFirst("^/dev/", "");
            Identity id = new Identity(known(disk.getModel()), "", known(disk.getSerial()), "", "");
            if (!id.model().isEmpty() || !id.serial().isEmpty()) {
                identities.put(name, id);
            }
        }
        return identities;
    }

    private static String known(String value) {
        return value == null || value.isBlank() || value.equalsIgnoreCase("unknown") ? "" : value;
    }
}
