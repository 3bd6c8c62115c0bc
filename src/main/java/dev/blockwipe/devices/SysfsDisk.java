package dev.blockwipe.devices;

import java.util.List;

/**
 * A whole block device as sysfs describes it: what SysfsScanner reads, before signatures, usage
 * and verdicts are added.
 *
 * @param name               kernel name ("sda", "loop3", "dm-0")
 * @param number             major:minor
 * @param devicePath         real path of its sysfs directory (tells the transport)
 * @param sizeSectors        size in 512-byte sectors
 * @param logicalBlockSize   queue/logical_block_size
 * @param physicalBlockSize  queue/physical_block_size
 * @param rotational         queue/rotational
 * @param removable          removable
 * @param readOnly           ro
 * @param discardMaxBytes    queue/discard_max_bytes
 * @param writeZeroesMaxBytes queue/write_zeroes_max_bytes
 * @param maxSectorsKb       queue/max_sectors_kb
 * @param optimalIoSize      queue/optimal_io_size
 * @param identity           model, vendor, serial, WWN, firmware from sysfs
 * @param diskseq            the kernel's disk sequence number (diskseq), 0 where the kernel has none
 * @param loop               what a loop device is attached to and whether it is in use; {@link LoopFacts#NONE}
 *                           for other devices
 * @param mapperName         dm/name of a device-mapper device ("cryptroot", "vg0-data"), or empty
 * @param mapperUuid         dm/uuid ("CRYPT-LUKS2-...", "LVM-..."), or empty
 * @param holders            devices built on the whole disk
 * @param slaves             devices this one is built on (for dm and md)
 * @param partitions         its partitions
 * @param unreadable         facts that exist but could not be read (each makes the verdict BLOCKED)
 */
public record SysfsDisk(String name, DeviceNumber number, String devicePath, long sizeSectors, int logicalBlockSize,
                        int physicalBlockSize, boolean rotational, boolean removable, boolean readOnly,
                        long discardMaxBytes, long writeZeroesMaxBytes, int maxSectorsKb, long optimalIoSize,
                        Identity identity, long diskseq, LoopFacts loop, String mapperName,
                        String mapperUuid,
                        List<String> holders, List<String> slaves,
                        List<SysfsPartition> partitions, List<String> unreadable) implements SysfsNode {
    public SysfsDisk {
        holders = List.copyOf(holders);
        slaves = List.copyOf(slaves);
        partitions = List.copyOf(partitions);
        unreadable = List.copyOf(unreadable);
        loop = loop == null ? LoopFacts.NONE : loop;
        mapperName = mapperName == null ? "" : mapperName;
        mapperUuid = mapperUuid == null ? "" : mapperUuid;
    }
}
