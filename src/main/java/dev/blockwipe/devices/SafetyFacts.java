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
 * @param claimed      who holds the target itself where no table says so (its own exclusive open
 *                     was busy: "held by the btrfs file system ... also on sdc"), or null
 * @param probing      probes reading it or what it is stacked with, which let go by themselves
 *                     ("the Blockwipe window, process 812, is reading it"): they hold it while they read
 * @param readOnly     why it is read-only, or null
 * @param size         bytes
 * @param backs        each loop device it backs or shares its backing with ("backs /dev/loop0"), or empty
 * @param signatures   what libblkid found on it
 * @param contents     what is inside it, for disks: their partitions' contents ("sdb1: ext4 \"data\"")
 */
public record SafetyFacts(List<String> unknown, String systemDisk, List<String> mounted, List<String> swap,
                          List<String> held, String claimed, List<String> probing, String readOnly, long size,
                          List<String> backs, Signatures signatures, List<String> contents) {
    public SafetyFacts {
        unknown = List.copyOf(unknown);
        mounted = List.copyOf(mounted);
        swap = List.copyOf(swap);
        held = List.copyOf(held);
        probing = List.copyOf(probing);
        backs = List.copyOf(backs);
        contents = List.copyOf(contents);
    }

    /** The same facts, read-only for {@code reason} when it is not null. */
    public SafetyFacts withReadOnly(String reason) {
        return reason == null ? this
                : new SafetyFacts(unknown, systemDisk, mounted, swap, held, claimed, probing, reason, size, backs,
                        signatures, contents);
    }

    /** The same facts with what libblkid found through the target's own descriptor. */
    public SafetyFacts withSignatures(Signatures found) {
        return new SafetyFacts(unknown, systemDisk, mounted, swap, held, claimed, probing, readOnly, size, backs, found,
                contents);
    }

    /**
     * Something other than a probe holds it: a mount, swap, a holder, another process, or it is
     * the system disk. Its own claim does not count here: once the target is opened, the claim is
     * the opener's, and before, a probe that holds it explains it.
     */
    public boolean heldBeyondProbes() {
        return !mounted.isEmpty() || !swap.isEmpty() || !held.isEmpty() || systemDisk != null;
    }

    /**
     * The same facts for a target that this process holds open exclusively: its own exclusive open
     * being busy is then this process's doing, and that open succeeding said nothing else held it.
     */
    public SafetyFacts openedHere() {
        return new SafetyFacts(unknown, systemDisk, mounted, swap, held, null, probing, readOnly, size, backs, signatures,
                contents);
    }
}
