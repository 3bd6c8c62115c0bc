package dev.blockwipe.devices;

import java.util.ArrayList;
import java.util.List;

/**
 * How one device is in use, directly or through what is built on it.
 *
 * @param mountPoints where it (or a device built on it) is mounted
 * @param swap        it (or a device built on it) is active swap
 * @param holders     devices built on it (dm-crypt, LVM, md), directly
 */
public record Usage(List<String> mountPoints, boolean swap, List<String> holders) {
    public static final Usage NONE = new Usage(List.of(), false, List.of());

    public Usage {
        mountPoints = List.copyOf(mountPoints);
        holders = List.copyOf(holders);
    }

    public boolean inUse() {
        return !mountPoints.isEmpty() || swap || !holders.isEmpty();
    }

    /** "mounted at /, /boot", "swap", "held by dm-0", or "". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!mountPoints.isEmpty()) {
            parts.add("mounted at " + String.join(", ", mountPoints));
        }
        if (swap) {
            parts.add("active swap");
        }
        if (!holders.isEmpty()) {
            parts.add("held by " + String.join(", ", holders));
        }
        return String.join("; ", parts);
    }
}
