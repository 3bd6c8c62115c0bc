package dev.blockwipe.engine.io;

import dev.blockwipe.engine.Units;

/**
 * The facts about an opened target that the engine needs and the results record.
 *
 * @param path              the path as the user gave it
 * @param name              the object's name, what the user types to confirm and what the certificate names: the
 *                          device's kernel name ("sdb", "loop3"), or the file name of {@code realPath}
 * @param realPath          where the object is, as the kernel names it: /dev/ and the device's kernel name, or
 *                          the image file's real path (what its open descriptor leads to, whatever path named it)
 * @param identity          device number, or file system device and inode
 * @param size              bytes
 * @param logicalBlockSize  the unit every offset and length must be a multiple of (O_DIRECT alignment)
 * @param physicalBlockSize the device's physical block (4096 on most modern disks)
 * @param diskOffset        where the target starts on its whole disk, in bytes (0 for whole disks and files)
 * @param rotational        spinning media: one sequential stream, no extra workers
 * @param ioMode            how data reaches the target
 * @param deviceQueueDepth  requests the device works on at once: 1 for rotational disks and for loop
 *                          devices without direct I/O (one kernel worker copies each request in turn)
 * @param oldData           where writing it may leave the old data on the medium underneath
 */
public record TargetInfo(
        String path,
        String name,
        String realPath,
        TargetIdentity identity,
        long size,
        int logicalBlockSize,
        int physicalBlockSize,
        long diskOffset,
        boolean rotational,
        IoMode ioMode,
        int deviceQueueDepth,
        OldData oldData) {

    public TargetKind kind() {
        return identity.kind();
    }

    /**
     * The least disk boundary worth aligning to: the physical block, at least 4 KiB, as disks that
     * report 512-byte physical blocks mostly write 4 KiB internally (the field case: a partition at
     * sector 1 halved a wiper's speed).
     */
    public static int alignmentUnit(int physicalBlockSize) {
        return Math.max(physicalBlockSize, 4096);
    }

    /** {@link #alignmentUnit(int)} of this target's disk. */
    public int alignmentUnit() {
        return alignmentUnit(physicalBlockSize);
    }

    /** Bytes past a boundary of {@link #alignmentUnit()} on its disk at which the target starts; 0 when aligned. */
    public long misalignment() {
        return diskOffset % alignmentUnit();
    }

    /** "/dev/loop3 (256 MiB block device)". */
    public String describe() {
        return Units.printable(path) + " (" + Units.bytes(size) + " " + kind().label() + ")";
    }
}
