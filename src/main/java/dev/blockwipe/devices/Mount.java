package dev.blockwipe.devices;

/** One line of /proc/self/mountinfo. */
public record Mount(DeviceNumber device, String source, String mountPoint, String fsType) {
}
