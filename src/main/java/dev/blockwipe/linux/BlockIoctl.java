package dev.blockwipe.linux;

/** Block device ioctl numbers from {@code <linux/fs.h>} (the _IO/_IOR encoding of x86_64 and aarch64). */
final class BlockIoctl {
    /** _IO(0x12, 94): int read-only flag. */
    static final long BLKROGET = 0x125e;
    /** _IO(0x12, 95): re-read the partition table (whole disks only). */
    static final long BLKRRPART = 0x125f;
    /** _IO(0x12, 97): flush buffer cache. */
    static final long BLKFLSBUF = 0x1261;
    /** _IO(0x12, 104): logical block size, int. */
    static final long BLKSSZGET = 0x1268;
    /** _IO(0x12, 119): uint64_t[2] {start, length}. */
    static final long BLKDISCARD = 0x1277;
    /** _IO(0x12, 123): physical block size, unsigned int. */
    static final long BLKPBSZGET = 0x127b;
    /** _IO(0x12, 125): uint64_t[2] {start, length}. */
    static final long BLKSECDISCARD = 0x127d;
    /** _IO(0x12, 127): uint64_t[2] {start, length}. */
    static final long BLKZEROOUT = 0x127f;
    /** _IOR(0x12, 128, __u64): the disk sequence number, new on every media change (Linux 5.15). */
    static final long BLKGETDISKSEQ = 0x80081280L;
    /** _IOR(0x12, 114, size_t): size in bytes, uint64_t. */
    static final long BLKGETSIZE64 = 0x80081272L;

    private BlockIoctl() {
    }
}
