package dev.blockwipe.linux;

import dev.blockwipe.devices.Identity;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetIoException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.io.LoopBacking;
import dev.blockwipe.engine.io.TargetIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * What an open descriptor says about the object behind it: fstat, the block ioctls, sysfs found by
 * the descriptor's device number (and checked to describe the same disk by its sequence number),
 * the loop status, and where the object is. Nothing here takes the user's path except to word messages.
 */
final class DescriptorFacts {
    private DescriptorFacts() {
    }

    /** The identity of the object behind {@code fd}, read now. */
    static TargetIdentity identity(String path, int fd, Path sysfsRoot) throws TargetException {
        Statx st = stat(path, fd);
        if (st.isRegularFile()) {
            return TargetIdentity.file(st.devMajor(), st.devMinor(), st.inode(), st.size());
        }
        long size = size(path, fd);
        long diskseq = diskseq(path, fd);
        SysfsBlock sysfs = sysfs(path, st, sysfsRoot);
        OptionalLong listed = sysfs.diskseq();
        if (listed.isPresent() && listed.getAsLong() != diskseq) {
            throw new TargetRefusedException(path, Reason.IDENTITY_CHANGED, "sysfs now describes another disk under "
                    + st.rdevMajor() + ":" + st.rdevMinor() + " (diskseq " + listed.getAsLong() + ", the open one has "
                    + diskseq + "): it was removed and another took its place");
        }
        Identity disk = sysfs.identity();
        LoopBacking loop = sysfs.onLoopDevice() ? loop(path, fd) : null;
        return TargetIdentity.device(st.rdevMajor(), st.rdevMinor(), size, diskseq, disk.serial(), disk.wwn(), loop);
    }

    /**
     * Where the object behind {@code fd} is, as the kernel names it now: the link /proc/self/fd/N
     * (a file's real path, whatever path, symlink or inherited descriptor led to it; " (deleted)"
     * appended once it has no name).
     */
    static String realPath(String path, int fd) throws TargetException {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
        } catch (IOException e) {
            throw new TargetException(path, "cannot read what its descriptor names: " + e.getMessage());
        }
    }

    static Statx stat(String path, int fd) throws TargetIoException {
        Statx st = Statx.ofFd(fd);
        if (st == null) {
            throw Errno.exception(path, "statx", -1, Errno.last());
        }
        return st;
    }

    /** The device's sysfs directory by its number; a device that is not there any more is refused. */
    static SysfsBlock sysfs(String path, Statx st, Path sysfsRoot) throws TargetRefusedException {
        return sysfs(path, st.rdevMajor(), st.rdevMinor(), sysfsRoot);
    }

    /** The same, for the number an open target's identity holds. */
    static SysfsBlock sysfs(String path, int major, int minor, Path sysfsRoot) throws TargetRefusedException {
        SysfsBlock sysfs = SysfsBlock.of(sysfsRoot, major, minor);
        if (sysfs == null) {
            throw new TargetRefusedException(path, Reason.IDENTITY_CHANGED, "device " + major + ":" + minor
                    + " is not in sysfs any more: it was removed");
        }
        return sysfs;
    }

    static long size(String path, int fd) throws TargetIoException {
        long[] size = new long[1];
        if (LibC.ioctl(fd, BlockIoctl.BLKGETSIZE64, size) != 0) {
            throw Errno.exception(path, "BLKGETSIZE64", -1, Errno.last());
        }
        return size[0];
    }

    static int intIoctl(String path, int fd, long request, String name) throws TargetIoException {
        int[] value = new int[1];
        if (LibC.ioctl(fd, request, value) != 0) {
            throw Errno.exception(path, name, -1, Errno.last());
        }
        return value[0];
    }

    /** 0 on kernels before 5.15, which do not know the ioctl. */
    private static long diskseq(String path, int fd) throws TargetIoException {
        long[] seq = new long[1];
        if (LibC.ioctl(fd, BlockIoctl.BLKGETDISKSEQ, seq) != 0) {
            int errno = Errno.last();
            if (errno == Errno.ENOTTY || errno == Errno.EINVAL) {
                return 0;
            }
            throw Errno.exception(path, "BLKGETDISKSEQ", -1, errno);
        }
        return seq[0];
    }

    private static LoopBacking loop(String path, int fd) throws TargetIoException {
        LoopBacking b = Loop.status(fd);
        if (b == null) {
            int errno = Errno.last();
            if (errno == Errno.ENXIO) {
                return null; // nothing attached: the size check refuses it as empty
            }
            throw Errno.exception(path, "LOOP_GET_STATUS64", -1, errno);
        }
        return b;
    }
}
