package dev.blockwipe.devices;

import java.util.List;

/**
 * Everything the safety rules look at for one target, already worded for people. Found by the
 * {@link DeviceGraph} for disks, partitions and image files.
 *
 * @param unknown      facts that could not be read ("cannot read /proc/self/mountinfo: ...")
 * @param systemDisk   why it is (on) the system disk, or null
 * @param mounted      each way it is mounted ("mounted at /mnt", "sdb1 is mounted at /data")
 * @param swap         each way it is active swap
 * @param held         each device built on it ("held by md0")
 * @param readOnly     why it is read-only, or null
 * @param size         bytes
 * @param backs        each loop device it backs or shares its backing with ("backs /dev/loop0"), or empty
 * @param signatures   what libblkid found on it
 * @param contents     what is inside it, for disks: their partitions' contents ("sdb1: ext4 \"data\"")
 */
public record SafetyFacts(List<String> unknown, String systemDisk, List<String> mounted, List<String> swap,
                          List<String> held, String readOnly, long size, List<String> backs, Signatures signatures,
                          List<String> contents) {
    public SafetyFacts {
        unknown = List.copyOf(unknown);
        mounted = List.copyOf(mounted);
        swap = List.copyOf(swap);
        held = List.copyOf(held);
        backs = List.copyOf(backs);
        contents = List.copyOf(contents);
    }

    /** The same facts, read-only for {@code reason} when it is not null. */
    public SafetyFacts withReadOnly(String reason) {
        return reason == null ? this
                : new SafetyFacts(unknown, systemDisk, mounted, swap, held, reason, size, backs, signatures, contents);
    }

    /** The same facts with what libblkid found through the target's own descriptor. */
    public SafetyFacts withSignatures(Signatures found) {
        return new SafetyFacts(unknown, systemDisk, mounted, swap, held, readOnly, size, backs, found, contents);
    }
}
