package dev.blockwipe.linux;

/** Constants from {@code <sys/mman.h>} and {@code <asm-generic/mman-common.h>} (the same on x86_64 and aarch64). */
final class Mman {
    static final int PROT_READ = 0x1;
    static final int PROT_WRITE = 0x2;
    static final int MAP_PRIVATE = 0x02;
    static final int MAP_ANONYMOUS = 0x20;
    /** What mmap returns when it fails: {@code (void *) -1}. */
    static final long MAP_FAILED = -1;

    // madvise advice
    static final int MADV_HUGEPAGE = 14;
    /** Fault the range in now, writable (Linux 5.14). */
    static final int MADV_POPULATE_WRITE = 23;

    private Mman() {
    }
}
