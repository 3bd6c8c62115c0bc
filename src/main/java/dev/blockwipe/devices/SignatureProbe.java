package dev.blockwipe.devices;

/** Looks for file systems, RAID members, encrypted volumes and partition tables on a device. */
@FunctionalInterface
public interface SignatureProbe {
    /**
     * Probes the device node at {@code devicePath}, which must be the block device {@code number}
     * (a stale or planted node is not probed). Never throws: what cannot be probed comes back as
     * {@link Signatures#unknown}.
     */
    Signatures probe(String devicePath, DeviceNumber number);
}
