package dev.blockwipe.linux;

import com.sun.jna.Pointer;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * I/O buffers in transparent huge pages, for sizes that are whole huge pages. The kernel pins a
 * buffer's pages for every O_DIRECT request and releases them when it completes, page by page:
 * in 2 MiB pages that is a 512th of the work of 4 KiB pages, and the CPU's page walks shrink
 * alike. Measured by a C program on an 8 GiB loop device over tmpfs (AMD EPYC with AVX-512, 2
 * vCPUs, 2026-12-03): four writers with 4 MiB buffers made 3.6 to 3.9 GB/s in 4 KiB pages and
 * 4.6 to 4.9 in huge pages; two readers with 8 MiB buffers 4.2 against 6.2 to 6.5. Writes from a
 * small template gain nothing (its few pages are pinned over and over from the CPU cache).
 *
 * <p>The memory is an anonymous mapping of its own, advised {@code MADV_HUGEPAGE} (transparent
 * huge pages are "madvise" on Debian) and faulted in at once, then unmapped when the buffer
 * becomes unreachable, as a direct buffer's memory is freed. The advice is a request for speed,
 * not a safety check: where the kernel has no huge pages to give (THP "never", memory too
 * fragmented) the buffer is in ordinary pages and works the same.
 *
 * <p>Thread-safe.
 */
final class HugePageBuffers {
    static final int HUGE_PAGE = 2 << 20;
    private static final Cleaner UNMAPPER = Cleaner.create(r -> {
        Thread t = new Thread(r, "blockwipe-unmap");
        t.setDaemon(true);
        return t;
    });

    private HugePageBuffers() {
    }

    /** Whether a buffer of {@code size} bytes is whole huge pages. */
    static boolean fits(int size) {
        return size > 0 && size % HUGE_PAGE == 0;
    }

    /**
     * A zeroed buffer of {@code size} bytes starting on a huge page.
     *
     * @throws OutOfMemoryError when the mapping cannot be made, as a direct buffer would
     */
    static ByteBuffer allocate(int size) {
        if (!fits(size)) {
            throw new IllegalArgumentException(size + " bytes are not whole huge pages of " + HUGE_PAGE);
        }
        long span = (long) size + HUGE_PAGE; // room to start on a huge page wherever the mapping lands
        Pointer mapped = LibC.mmap(null, span, Mman.PROT_READ | Mman.PROT_WRITE, Mman.MAP_PRIVATE | Mman.MAP_ANONYMOUS, -1, 0);
        long start = Pointer.nativeValue(mapped);
        if (start == Mman.MAP_FAILED) {
            int errno = Errno.last();
            throw new OutOfMemoryError("mmap of " + span + " bytes for an I/O buffer failed: " + Errno.describe(errno));
        }
        long aligned = (start + HUGE_PAGE - 1) & -HUGE_PAGE;
        unmap(start, aligned - start);
        unmap(aligned + size, start + span - aligned - size);
        Pointer memory = new Pointer(aligned);
        LibC.madvise(memory, size, Mman.MADV_HUGEPAGE);
        LibC.madvise(memory, size, Mman.MADV_POPULATE_WRITE);
        ByteBuffer buffer = memory.getByteBuffer(0, size).order(ByteOrder.BIG_ENDIAN);
        UNMAPPER.register(buffer, new Unmap(aligned, size));
        return buffer;
    }

    /** Unmaps [address, address + length); nothing for an empty range. */
    private static void unmap(long address, long length) {
        if (length > 0 && LibC.munmap(new Pointer(address), length) != 0) {
            throw new IllegalStateException("munmap of " + length + " bytes at 0x" + Long.toHexString(address)
                    + " failed: " + Errno.describe(Errno.last()));
        }
    }

    /** The cleaning action: holds the address, never the buffer (which would then stay reachable). */
    private record Unmap(long address, long length) implements Runnable {
        @Override
        public void run() {
            unmap(address, length);
        }
    }
}
