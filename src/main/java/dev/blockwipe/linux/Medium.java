package dev.blockwipe.linux;

import dev.blockwipe.engine.io.LoopBacking;
import dev.blockwipe.engine.io.OldData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Whether writing a target lands on the blocks that held its data ({@link OldData}). A file on a
 * copy-on-write or log-structured file system gets new blocks; an overlay file is copied up and
 * its lower copy stays; zero-out and discard of a file are fallocate, which changes the block map
 * only; a loop device passes its zero-out and discard on to its backing file, and writes into it.
 * Where this cannot be told, it is said so: a result is never called an erasure on a guess.
 */
final class Medium {
    private static final Map<Long, String> COPY_ON_WRITE = Map.of(0x9123683eL, "btrfs", 0x2fc12fc1L, "zfs",
            0xca451a4eL, "bcachefs", 0x3434L, "nilfs2", 0xf2f52010L, "f2fs");
    private static final int MAX_DEPTH = 8;
    private static final String FILE_RANGES = "zero-out and discard of a file only change its block map (fallocate):"
            + " the old blocks stay on the disk until they are reused";
    private static final String LOOP_RANGES = "the loop device zeroes and discards by fallocate on its backing file,"
            + " which only changes the file's block map: the old blocks stay on the disk until they are reused";

    private Medium() {
    }

    /** An image file, by its open descriptor. */
    static OldData ofFile(int fd) {
        return new OldData(overwrite(Statfs.magic(fd), "it is a file on"), FILE_RANGES);
    }

    /**
     * A block device: a loop device (or a partition of one) over a file writes into that file,
     * through any number of loop devices; any other device is written where its data is.
     */
    static OldData ofDevice(SysfsBlock device, Path sysfsRoot, LoopBacking loop) {
        SysfsBlock disk = device;
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            if (!disk.onLoopDevice()) {
                return OldData.NONE;
            }
            String backing = text(disk.diskDir().resolve("loop/backing_file"));
            Statx st = backing.isEmpty() || backing.endsWith(" (deleted)") ? null : Statx.ofPath(backing);
            if (st == null) {
                String unknown = "cannot tell what file system holds the backing file of " + disk.diskDir().getFileName();
                return new OldData(unknown, unknown);
            }
            boolean sameFile = depth > 0 || loop == null || (st.inode() == loop.inode() && st.devMajor() == loop.fsMajor()
                    && st.devMinor() == loop.fsMinor());
            if (st.isRegularFile() && !sameFile) {
                String unknown = "its backing file was renamed or replaced since it was attached: cannot tell where it is";
                return new OldData(unknown, unknown);
            }
            if (st.isRegularFile()) {
                return new OldData(overwrite(Statfs.magic(backing), "its backing file " + backing + " is on"), LOOP_RANGES);
            }
            disk = SysfsBlock.of(sysfsRoot, st.rdevMajor(), st.rdevMinor());
            if (disk == null) {
                String unknown = "its backing device " + backing + " is not in sysfs";
                return new OldData(unknown, unknown);
            }
        }
        String tooDeep = "loop devices are stacked more than " + MAX_DEPTH + " deep";
        return new OldData(tooDeep, tooDeep);
    }

    private static String overwrite(long magic, String what) {
        if (magic < 0) {
            return "cannot tell what file system it is on (statfs failed)";
        }
        if (magic == Overlays.OVERLAYFS_SUPER_MAGIC) {
            return what + " an overlay file system: writing it copies it up to the upper layer, and a copy in a lower"
                    + " layer keeps the old data";
        }
        String cow = COPY_ON_WRITE.get(magic);
        return cow == null ? null : what + " " + cow + ", which writes changes to new blocks (copy on write or log"
                + " structured): the old blocks stay on the disk until they are reused";
    }

    private static String text(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
