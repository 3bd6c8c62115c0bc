package dev.blockwipe.linux;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** Constants from {@code <fcntl.h>}, {@code <linux/falloc.h>} and {@code <linux/stat.h>} (x86_64 and aarch64 where they differ). */
final class Fcntl {
    static final int O_RDONLY = 0;
    static final int O_RDWR = 2;
    /** The access mode bits of the open flags: O_RDONLY, O_WRONLY or O_RDWR. */
    static final int O_ACCMODE = 3;
    static final int O_EXCL = 0x80;
    static final int O_NONBLOCK = 0x800;
    static final int O_CLOEXEC = 0x80000;
    /** A handle on the object a path names, without opening it for I/O (no driver open, no FIFO wait). */
    static final int O_PATH = 0x200000;
    /** Differs between architectures: 0x4000 on x86_64, 0x10000 on aarch64. */
    static final int O_DIRECT = isAarch64() ? 0x10000 : 0x4000;

    // <fcntl.h> fcntl commands
    static final int F_GETFL = 3;
    static final int F_SETFL = 4;
    /** Open file description lock (<bits/fcntl-linux.h>): held by the descriptor, conflicts with POSIX locks. */
    static final int F_OFD_SETLK = 37;
    static final short F_WRLCK = 1;
    static final short SEEK_SET = 0;

    // <sys/file.h> flock
    static final int LOCK_EX = 2;
    static final int LOCK_NB = 4;

    // <linux/fs.h> inode attributes (chattr)
    /** _IOR('f', 1, long); the kernel reads and writes an int. */
    static final long FS_IOC_GETFLAGS = 0x80086601L;
    static final int FS_IMMUTABLE_FL = 0x10;
    static final int FS_APPEND_FL = 0x20;

    // <linux/falloc.h>
    static final int FALLOC_FL_KEEP_SIZE = 0x01;
    static final int FALLOC_FL_PUNCH_HOLE = 0x02;
    static final int FALLOC_FL_ZERO_RANGE = 0x10;

    // <fcntl.h> posix_fadvise
    static final int POSIX_FADV_DONTNEED = 4;

    // <fcntl.h> / <linux/stat.h> for statx
    static final int AT_FDCWD = -100;
    static final int AT_EMPTY_PATH = 0x1000;
    static final int STATX_TYPE = 0x1;
    static final int STATX_MODE = 0x2;
    static final int STATX_INO = 0x100;
    static final int STATX_SIZE = 0x200;
    static final int STATX_DIOALIGN = 0x2000;

    // <sys/stat.h> file types
    static final int S_IFMT = 0xF000;
    static final int S_IFDIR = 0x4000;
    static final int S_IFCHR = 0x2000;
    static final int S_IFBLK = 0x6000;
    static final int S_IFREG = 0x8000;

    private Fcntl() {
    }

    private static boolean isAarch64() {
        return "aarch64".equals(System.getProperty("os.arch"));
    }

    /** {@code struct flock} from {@code <bits/fcntl.h>}; l_len 0 means "to the end of the file". */
    @FieldOrder({"l_type", "l_whence", "l_start", "l_len", "l_pid"})
    public static final class Flock extends Structure {
        public short l_type;
        public short l_whence;
        public long l_start;
        public long l_len;
        public int l_pid;
    }
}
