package dev.blockwipe.devices;

import java.util.List;
import java.util.Optional;

/**
 * A whole block device with everything Blockwipe knows about it.
 *
 * @param facts       what sysfs says
 * @param transport   how it is attached
 * @param kind        what the user sees (NVMe SSD, HDD, ...)
 * @param identity    sysfs identity, enriched by OSHI where udev data exists
 * @param signatures  what libblkid found on the whole device
 * @param usage       mounts, swap, holders of the disk itself and anything on it
 * @param systemDisk  the running system lives on it (/, /boot, /boot/efi, /usr, /var)
 * @param partitions  its partitions
 * @param safety      what the safety rules judge
 */
public record Disk(SysfsDisk facts, Transport transport, DeviceKind kind, Identity identity, Signatures signatures,
                   Usage usage, boolean systemDisk, List<Partition> partitions, SafetyFacts safety) implements Device {
    public Disk {
        partitions = List.copyOf(partitions);
    }

    /** What an overwrite of this disk (or of a partition on it) cannot reach ({@link ClearLimitation}). */
    public Optional<String> clearLimitation() {
        return ClearLimitation.of(transport, facts.rotational());
    }

    /** A loop device with nothing attached, a zram device not set up: hidden unless asked for. */
    public boolean placeholder() {
        return size() == 0 && (transport == Transport.LOOP || transport == Transport.ZRAM);
    }
}
