package dev.blockwipe.devices;

import java.util.List;

/**
 * What the system is using: mounts and active swap. When /proc/self/mountinfo or /proc/swaps cannot
 * be read, {@code problem} says so and every device is treated as possibly in use.
 *
 * @param mounts      every mount
 * @param swapDevices block devices in active use as swap
 * @param swapFiles   files in active use as swap
 * @param problem     null when both were read
 */
public record UsageFacts(List<Mount> mounts, List<DeviceNumber> swapDevices, List<String> swapFiles, String problem) {
    public UsageFacts {
        mounts = List.copyOf(mounts);
        swapDevices = List.copyOf(swapDevices);
        swapFiles = List.copyOf(swapFiles);
    }

    public static UsageFacts unreadable(String problem) {
        return new UsageFacts(List.of(), List.of(), List.of(), problem);
    }
}
