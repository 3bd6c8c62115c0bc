package dev.blockwipe.devices;

import java.util.List;

/**
 * A partition as sysfs describes it.
 *
 * @param name         "sda1", "nvme0n1p2"
 * @param number       major:minor
 * @param partition    the partition number in its table
 * @param startSector  start on the disk in 512-byte sectors (sysfs counts 512 whatever the block size)
 * @param sizeSectors  length in 512-byte sectors
 * @param readOnly     the partition's ro flag
 * @param entryName    PARTNAME from its uevent (GPT partition name), or empty
 * @param holders      kernel names of devices built on it (dm-0, md127)
 */
public record SysfsPartition(String name, DeviceNumber number, int partition, long startSector, long sizeSectors,
                             boolean readOnly, String entryName, List<String> holders) implements SysfsNode {
    public SysfsPartition {
        holders = List.copyOf(holders);
        entryName = entryName == null ? "" : entryName;
    }
}
