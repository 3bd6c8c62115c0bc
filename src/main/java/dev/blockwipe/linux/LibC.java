package dev.blockwipe.linux;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The C library calls Blockwipe makes, direct-mapped. Parameter names follow the man pages; off_t,
 * size_t and ssize_t are {@code long} (64-bit on every platform this runs on). A call that fails
 * returns -1 (posix_fadvise: the error number) and leaves errno for {@link Native#getLastError()}:
 * check the return value first, errno only after a failure.
 */
final class LibC {
    static {
        Native.register(NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
    }

    private LibC() {
    }

    static native int open(String pathname, int flags, int mode);

    static native int close(int fd);

    static native long pread(int fd, Pointer buf, long count, long offset);

    static native long pwrite(int fd, Pointer buf, long count, long offset);

    /** {@code iov} points to {@code iovcnt} struct iovec: a pointer and a size_t each (16 bytes on 64-bit). */
    static native long pwritev(int fd, Pointer iov, int iovcnt, long offset);

    /** Most struct iovec one call takes (IOV_MAX, {@code <limits.h>}). */
    static final int IOV_MAX = 1024;

    static native int fdatasync(int fd);

    /** Returns {@link Mman#MAP_FAILED} as its address when it fails. */
    static native Pointer mmap(Pointer addr, long length, int prot, int flags, int fd, long offset);

    static native int munmap(Pointer addr, long length);

    static native int madvise(Pointer addr, long length, int advice);

    static native int fallocate(int fd, int mode, long offset, long len);

    /** Returns 0 or an error number; does not set errno. */
    static native int posix_fadvise(int fd, long offset, long len, int advice);

    /** ioctl with a pointer to a 64-bit value or an array of them (BLKGETSIZE64, BLKZEROOUT's range). */
    static native int ioctl(int fd, long request, long[] argp);

    /** ioctl with a pointer to an int (BLKSSZGET, BLKPBSZGET, BLKROGET). */
    static native int ioctl(int fd, long request, int[] argp);

    /** ioctl without an argument (BLKFLSBUF). */
    static native int ioctl(int fd, long request, long arg);

    /** ioctl with a struct loop_info64 (LOOP_GET_STATUS64). */
    static native int ioctl(int fd, long request, Loop.Info64 argp);

    /** ioctl with a struct nvme_passthru_cmd (NVME_IOCTL_ADMIN_CMD). */
    static native int ioctl(int fd, long request, NvmeIoctl.PassthruCmd argp);

    /** ioctl with a struct sg_io_hdr (SG_IO). */
    static native int ioctl(int fd, long request, ScsiGeneric.SgIoHdr argp);

    /** ioctl with a struct winsize (TIOCGWINSZ). */
    static native int ioctl(int fd, long request, Tty.Winsize argp);

    /** fcntl with an int argument or none (F_GETFL, F_SETFL). */
    static native int fcntl(int fd, int cmd, long arg);

    /** fcntl with a struct flock (F_OFD_SETLK). */
    static native int fcntl(int fd, int cmd, Fcntl.Flock lock);

    static native int flock(int fd, int operation);

    /** Fills a struct statfs; its first field is f_type (a long on x86_64 and aarch64). */
    static native int fstatfs(int fd, Pointer buf);

    static native int statfs(String path, Pointer buf);

    static native int statx(int dirfd, String pathname, int flags, int mask, Pointer statxbuf);

    static native int isatty(int fd);

    /** {@code tp} is a struct timespec: tv_sec and tv_nsec, two longs on 64-bit Linux. */
    static native int clock_gettime(int clockid, long[] tp);

    static native int geteuid();

    /** With {@code which} PRIO_PROCESS and {@code who} 0: the calling thread's nice value (Linux). */
    static native int setpriority(int which, int who, int prio);

    static native String strerror(int errnum);

    static native int socket(int domain, int type, int protocol);

    static native int bind(int sockfd, Pointer addr, int addrlen);

    static native int setsockopt(int sockfd, int level, int optname, Pointer optval, int optlen);

    static native long recvfrom(int sockfd, Pointer buf, long len, int flags, Pointer srcAddr, int[] addrlen);
}
