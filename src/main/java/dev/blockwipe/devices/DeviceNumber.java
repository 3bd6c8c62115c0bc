package dev.blockwipe.devices;

/** A block device's major:minor, the key that mountinfo, sysfs and stat agree on. */
public record DeviceNumber(int major, int minor) {

    /** Parses "8:16". */
    public static DeviceNumber parse(String text) {
        String[] parts = text.trim().split(":");
        if (parts.length != 2) {
            throw new IllegalArgumentException("not a device number: '" + text + "'");
        }
        return new DeviceNumber(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    @Override
    public String toString() {
        return major + ":" + minor;
    }
}
