package dev.blockwipe.linux;

import dev.blockwipe.devices.Claim;
import dev.blockwipe.devices.DeviceNumber;
import java.nio.file.Path;

/** Finds out whether a loop device is held by trying to open it exclusively. */
final class ExclusiveOpen implements LoopClaims {
    private final Path devRoot;

    ExclusiveOpen(Path devRoot) {
        this.devRoot = devRoot;
    }

    /**
     * Whether something holds the loop device exclusively, found by trying an exclusive read-only
     * open and closing it at once (the moment it is held, another exclusive opener would be told
     * it is busy, as it would be by any other such probe). UNKNOWN where the node cannot be opened.
     */
    @Override
    public Claim of(String name, DeviceNumber number) {
        int handle = LibC.open(devRoot.resolve(name).toString(), Fcntl.O_PATH | Fcntl.O_CLOEXEC, 0);
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
