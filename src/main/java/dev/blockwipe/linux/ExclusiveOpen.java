package dev.blockwipe.linux;

import dev.blockwipe.devices.Claim;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.SysfsDisk;
import dev.blockwipe.devices.SysfsPartition;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds out whether the kernel holds a block device by trying to open it exclusively, as a wipe
 * does: the open is busy exactly while a file system, swap, device mapper, RAID, another device's
 * btrfs or ext4 journal, a mount in another namespace or a program's exclusive open holds it.
 * Read-only and closed at once: a descriptor closed after writing would make udev probe the device
 * again (it watches for close-after-write), one that only read does not.
 */
final class ExclusiveOpen {
    private final Path devRoot;

    ExclusiveOpen(Path devRoot) {
        this.devRoot = devRoot;
    }

    /** Every disk and partition of a scan that has a size (an empty one holds nothing to claim). */
    Map<DeviceNumber, Claim> tryAll(List<SysfsDisk> raw) {
        Map<DeviceNumber, Claim> claims = new HashMap<>();
        for (SysfsDisk d : raw) {
            if (d.sizeSectors() > 0) {
                claims.put(d.number(), of(d.name(), d.number()));
            }
            for (SysfsPartition p : d.partitions()) {
                if (p.sizeSectors() > 0) {
                    claims.put(p.number(), of(p.name(), p.number()));
                }
            }
        }
        return claims;
    }

    /**
     * The node is found by name and must be that device ({@code O_PATH} opens no driver); then the
     * exclusive open, read-only and without blocking (a CD drive's tray is not closed, a removable
     * disk without its medium opens). UNKNOWN where the node cannot be opened (not root, no node).
     *
     * @param name the kernel's name; sysfs writes a '/' in it as '!' ("cciss!c0d0")
     */
    Claim of(String name, DeviceNumber number) {
        int handle = LibC.open(devRoot.resolve(name.replace('!', '/')).toString(), Fcntl.O_PATH | Fcntl.O_CLOEXEC, 0);
        if (handle < 0) {
            return Claim.UNKNOWN;
        }
        try {
            Statx st = Statx.ofFd(handle);
            if (st == null || !st.isBlockDevice() || st.rdevMajor() != number.major() || st.rdevMinor() != number.minor()) {
                return Claim.UNKNOWN;
            }
            int fd = LibC.open("/proc/self/fd/" + handle, Fcntl.O_RDONLY | Fcntl.O_EXCL | Fcntl.O_CLOEXEC
                    | Fcntl.O_NONBLOCK, 0);
            if (fd < 0) {
                return Errno.last() == Errno.EBUSY ? Claim.CLAIMED : Claim.UNKNOWN;
            }
            LibC.close(fd);
            return Claim.FREE;
        } finally {
            LibC.close(handle);
        }
    }
}
