package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.LoopFacts;
import dev.blockwipe.engine.io.LoopBacking;
import dev.blockwipe.engine.io.OldData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What each loop device is attached to, for the inventory. The kernel says it by device and inode
 * ({@code LOOP_GET_STATUS64} on the loop device's node, checked to be that device); a user who may
 * not open the node gets sysfs's {@code loop/backing_file} path stat-ed instead, which is the same
 * answer unless the file was deleted or renamed in between, and then the answer is "cannot tell".
 * A backing file on an overlay also gets the layer files that hold its data, and every loop device
 * where writing it may leave old data ({@link Medium}).
 */
final class LoopStatuses {
    private static final String NOT_A_TARGET = "not looked at: not a target of this command";
    private static final OldData NOT_LOOKED_AT = new OldData(NOT_A_TARGET, NOT_A_TARGET);

    private final Path sysfsRoot;
    private final Path devRoot;
    private final Path proc;

    LoopStatuses(Path sysfsRoot, Path devRoot, Path proc) {
        this.sysfsRoot = sysfsRoot;
        this.devRoot = devRoot;
        this.proc = proc;
    }

    /**
     * @param sysfsDir the loop device's sysfs directory
     * @param problems where "could not tell" goes (it blocks the device, and the graph blocks every
     *                 target while the device is in use, since the backing could be any of them)
     * @param medium   whether to look at the file system its backing file is on (see {@link Medium})
     */
    LoopFacts read(String name, DeviceNumber number, Path sysfsDir, List<String> problems, boolean medium) {
        String file = text(sysfsDir.resolve("loop/backing_file"));
        LoopBacking backing = ioctl(devRoot.resolve(name).toString(), number);
        if (backing == null) {
            try {
                backing = fromSysfs(sysfsDir, file);
            } catch (IOException | RuntimeException e) {
                problems.add("sysfs " + name + "/loop (what it is attached to: " + e.getMessage() + ")");
            }
        }
        List<FileKey> aliases = List.of();
        if (backing != null && !backing.blockDevice()) {
            aliases = aliases(backing, file);
            if (aliases == null) {
                problems.add("sysfs " + name + "/loop (its backing file " + file + " may be on an overlay file system"
                        + " whose layer files cannot be told)");
            }
        }
        return new LoopFacts(file, backing, aliases,
                medium ? Medium.ofDevice(SysfsBlock.at(sysfsDir), sysfsRoot, backing) : NOT_LOOKED_AT);
    }

    /**
     * The other identities of a loop device's backing file, or null when they cannot be told. Only
     * a file on an anonymous device can be on an overlay; whether it is comes from the mount with
     * that device, or, where none is mounted here (the device of one layer's files in an overlay
     * whose layers are on different file systems, a btrfs subvolume, another namespace), from
     * statfs of the backing file's path. Either way the layers are found by that path, so it must
     * still lead to the same file.
     */
    private List<FileKey> aliases(LoopBacking backing, String file) {
        DeviceNumber device = new DeviceNumber(backing.fsMajor(), backing.fsMinor());
        Overlays overlays = Overlays.read(proc);
        Optional<String> type = overlays.mountedType(device);
        boolean onOverlay = type.map("overlay"::equals).orElse(false);
        if (backing.fsMajor() == 0 && (type.isEmpty() || onOverlay)) {
            Statx st = Statx.ofPath(file);
            if (st == null || st.inode() != backing.inode() || st.devMajor() != backing.fsMajor()
                    || st.devMinor() != backing.fsMinor()) {
                return null;
            }
            onOverlay = Statfs.magic(file) == Overlays.OVERLAYFS_SUPER_MAGIC;
        }
        return overlays.aliases(onOverlay, file).orElse(null);
    }

    private static String text(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** Null when the node cannot be opened (not root), is not this device, or has nothing attached. */
    private static LoopBacking ioctl(String node, DeviceNumber number) {
        int fd = LibC.open(node, Fcntl.O_RDONLY | Fcntl.O_CLOEXEC | Fcntl.O_NONBLOCK, 0);
        if (fd < 0) {
            return null;
        }
        try {
            Statx st = Statx.ofFd(fd);
            if (st == null || !st.isBlockDevice() || st.rdevMajor() != number.major() || st.rdevMinor() != number.minor()) {
                return null;
            }
            return Loop.status(fd);
        } finally {
            LibC.close(fd);
        }
    }

    private static LoopBacking fromSysfs(Path dir, String file) throws IOException {
        if (file.isEmpty()) {
            throw new NoSuchFileException(dir.resolve("loop/backing_file").toString(), null, "unreadable or empty");
        }
        if (file.endsWith(" (deleted)")) {
            throw new NoSuchFileException(file, null, "the backing file was deleted");
        }
        Map<String, Object> st = Files.readAttributes(Path.of(file), "unix:dev,ino,rdev,mode");
        long dev = (Long) st.get("dev");
        boolean block = ((Integer) st.get("mode") & Fcntl.S_IFMT) == Fcntl.S_IFBLK;
        long rdev = block ? (Long) st.get("rdev") : 0;
        return new LoopBacking(DeviceNumbers.major(dev), DeviceNumbers.minor(dev), (Long) st.get("ino"),
                DeviceNumbers.major(rdev), DeviceNumbers.minor(rdev), number(dir.resolve("loop/offset")),
                number(dir.resolve("loop/sizelimit")));
    }

    private static long number(Path file) throws IOException {
        return Long.parseLong(Files.readString(file).strip());
    }
}
