package dev.blockwipe.linux;

import dev.blockwipe.engine.firmware.CommandSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The sysfs attributes of one block device, found by device number under
 * {@code <sysfs>/dev/block/MAJ:MIN} (the number an open descriptor's fstat gives, never a name).
 * The sysfs root is a constructor argument so tests can use fake trees.
 */
final class SysfsBlock {
    private final Path dir;

    private SysfsBlock(Path dir) {
        this.dir = dir;
    }

    /** The device's sysfs directory (resolved through the dev/block link), or null when absent. */
    static SysfsBlock of(Path sysfsRoot, int major, int minor) {
        Path link = sysfsRoot.resolve("dev/block/" + major + ":" + minor);
        try {
            return new SysfsBlock(link.toRealPath());
        } catch (IOException e) {
            return null;
        }
    }

    /** The device whose sysfs directory {@code dir} is (one a scan of /sys/block found). */
    static SysfsBlock at(Path dir) {
        return new SysfsBlock(dir);
    }

    boolean isPartition() {
        return Files.exists(dir.resolve("partition"));
    }

    /** Whether the kernel lists partitions of this device's disk (directories with a partition attribute below it). */
    boolean listsPartitions() {
        Path disk = diskDir();
        String name = disk.getFileName().toString();
        try (Stream<Path> children = Files.list(disk)) {
            return children.anyMatch(child -> SysfsScanner.partitionOf(child, name));
        } catch (IOException e) {
            return true; // cannot tell: assume there are, so that a refusal to re-read them is reported
        }
    }

    /** The whole disk's directory: a partition's directory is below it. */
    Path diskDir() {
        return isPartition() ? dir.getParent() : dir;
    }

    /** The kernel name of the device ("sdb1"), what lsblk shows and the user types to confirm. */
    String name() {
        return dir.getFileName().toString();
    }

    /** A loop device or a partition of one. */
    boolean onLoopDevice() {
        return diskDir().getFileName().toString().matches("loop\\d+");
    }

    /**
     * The drive commands the device's descriptor carries, from where the kernel put the device: an
     * NVMe namespace hangs below its controller (class {@code nvme}) or, with native multipath,
     * below its subsystem (class {@code nvme-subsystem}); a SCSI disk's {@code device} is a SCSI
     * device bound to the {@code sd} driver. A partition takes none: a drive command reaches the
     * whole drive, never only the partition. Everything else (loop, virtio, device-mapper, md,
     * zram, nbd, a CD drive's sr) takes none either.
     */
    CommandSet commandSet() {
        if (isPartition()) {
            return CommandSet.NONE;
        }
        Path owner = dir.getParent() == null ? null : dir.getParent().getParent();
        String ownerClass = owner == null || owner.getFileName() == null ? "" : owner.getFileName().toString();
        if (ownerClass.equals("nvme") || ownerClass.equals("nvme-subsystem")) {
            return CommandSet.NVME;
        }
        try {
            Path driver = dir.resolve("device/driver").toRealPath().getFileName();
            return driver != null && driver.toString().equals("sd") ? CommandSet.SCSI : CommandSet.NONE;
        } catch (IOException e) {
            return CommandSet.NONE; // no driver bound (virtual devices have no device at all)
        }
    }

    /** Queue limits live in the whole disk's directory. */
    OptionalLong queue(String attribute) {
        return readLong(diskDir().resolve("queue").resolve(attribute));
    }

    /** The disk's sequence number, empty on kernels without it. */
    OptionalLong diskseq() {
        return readLong(diskDir().resolve("diskseq"));
    }

    /**
     * A loop device without direct I/O: one kernel worker copies each request into the backing
     * file's page cache in turn, so more requests in flight only compete for the CPU.
     */
    boolean loopWithoutDirectIo() {
        Path disk = diskDir();
        return Files.isDirectory(disk.resolve("loop")) && readLong(disk.resolve("loop/dio")).orElse(0) == 0;
    }

    /** Serial and WWN of the disk (a partition's disk), as the inventory reads them; empty when absent. */
    dev.blockwipe.devices.Identity identity() {
        return SysfsScanner.identity(diskDir(), new ArrayList<>());
    }

    /** Where a partition starts on its disk, in bytes (sysfs counts 512-byte sectors whatever the block size). */
    OptionalLong partitionStartBytes() {
        if (!isPartition()) {
            return OptionalLong.of(0);
        }
        OptionalLong sectors = readLong(dir.resolve("start"));
        return sectors.isPresent() ? OptionalLong.of(sectors.getAsLong() * 512) : OptionalLong.empty();
    }

    private static OptionalLong readLong(Path file) {
        try {
            return OptionalLong.of(Long.parseLong(Files.readString(file).trim()));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
