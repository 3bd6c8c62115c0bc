package dev.blockwipe.devices;

/** What sysfs says of every block device node, disk or partition alike. */
public sealed interface SysfsNode permits SysfsDisk, SysfsPartition {
    /** Kernel name ("sda", "sda1"). */
    String name();

    DeviceNumber number();

    /** Size in 512-byte sectors (sysfs counts 512 whatever the block size). */
    long sizeSectors();

    /** "/dev/NAME". */
    default String path() {
        return "/dev/" + name();
    }

    default long sizeBytes() {
        return sizeSectors() * 512;
    }
}
