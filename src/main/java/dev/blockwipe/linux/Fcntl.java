package dev.blockwipe.linux;

/** Constants from {@code <fcntl.h>}, {@code <linux/falloc.h>} and {@code <linux/stat.h>} (x86_64 and aarch64 where they differ). */
final class Fcntl {
    static final int O_RDONLY = 0;
    static final int O_RDWR = 2;
    static final int O_EXCL = 0x80;
    static final int O_CLOEXEC = 0x80000;
    /** Differs between architectures: 0x4000 on x86_64, 0x10000 on aarch64. */
    static final int O_DIRECT = isAarch64() ? 0x10000 : 0x4000;

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
}
