package dev.blockwipe.devices;

/** Looks for file systems, RAID members, encrypted volumes and partition tables on a device. */
@FunctionalInterface
public interface SignatureProbe {
    /** Never throws: what cannot be probed comes back as {@link Signatures#unknown}. */
    Signatures probe(String devicePath);
}
