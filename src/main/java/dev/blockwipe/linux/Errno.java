package dev.blockwipe.linux;

import com.sun.jna.Native;
import dev.blockwipe.engine.TargetIoException;
import java.util.Map;

/** errno numbers from {@code <asm-generic/errno-base.h>} and {@code <asm-generic/errno.h>}, and their names. */
final class Errno {
    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int EINTR = 4;
    static final int EIO = 5;
    static final int ENXIO = 6;
    static final int EBADF = 9;
    static final int EAGAIN = 11;
    static final int EACCES = 13;
    static final int EBUSY = 16;
    static final int ENODEV = 19;
    static final int EISDIR = 21;
    static final int EINVAL = 22;
    static final int ENOTDIR = 20;
    static final int ENOTTY = 25;
    static final int ETXTBSY = 26;
    static final int ENOSPC = 28;
    static final int EROFS = 30;
    static final int ENAMETOOLONG = 36;
    static final int ENOLCK = 37;
    static final int ENOSYS = 38;
    static final int ELOOP = 40;
    static final int EOPNOTSUPP = 95;
    static final int ETIMEDOUT = 110;
    static final int ENOMEDIUM = 123;

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(EPERM, "EPERM"), Map.entry(ENOENT, "ENOENT"), Map.entry(EIO, "EIO"),
            Map.entry(ENXIO, "ENXIO"), Map.entry(EBADF, "EBADF"), Map.entry(EAGAIN, "EAGAIN"),
            Map.entry(EACCES, "EACCES"), Map.entry(EBUSY, "EBUSY"), Map.entry(ENODEV, "ENODEV"),
            Map.entry(EISDIR, "EISDIR"), Map.entry(EINVAL, "EINVAL"), Map.entry(ENOTTY, "ENOTTY"),
            Map.entry(ETXTBSY, "ETXTBSY"), Map.entry(ENOSPC, "ENOSPC"), Map.entry(EROFS, "EROFS"),
            Map.entry(EOPNOTSUPP, "EOPNOTSUPP"), Map.entry(ENOMEDIUM, "ENOMEDIUM"), Map.entry(ENOTDIR, "ENOTDIR"),
            Map.entry(ENAMETOOLONG, "ENAMETOOLONG"), Map.entry(ELOOP, "ELOOP"), Map.entry(ENOLCK, "ENOLCK"),
            Map.entry(ENOSYS, "ENOSYS"),
            Map.entry(EINTR, "EINTR"), Map.entry(12, "ENOMEM"), Map.entry(14, "EFAULT"), Map.entry(27, "EFBIG"),
            Map.entry(61, "ENODATA"), Map.entry(62, "ETIME"), Map.entry(ETIMEDOUT, "ETIMEDOUT"), Map.entry(121, "EREMOTEIO"));

    private Errno() {
    }

    /** errno of the calling thread's last failed native call; read it right after checking the return value. */
    static int last() {
        return Native.getLastError();
    }

    static String name(int errno) {
        return NAMES.getOrDefault(errno, "errno " + errno);
    }

    static String describe(int errno) {
        return LibC.strerror(errno);
    }

    static TargetIoException exception(String path, String operation, long offset, int errno) {
        return new TargetIoException(path, operation, offset, errno, name(errno), describe(errno));
    }
}
