package dev.blockwipe.linux;

import com.sun.jna.Pointer;
import dev.blockwipe.engine.DaemonThreads;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicLong;

/**
 * I/O buffers in transparent huge pages, for sizes that are whole huge pages. The kernel pins a
 * buffer's pages for every O_DIRECT request and releases them when it completes, page by page:
 * in 2 MiB pages that part of the work is a 512th of what it is in 4 KiB pages, which shows on
 * memory-speed devices (src/docs/speed.md, "Buffers in huge pages"). Writes from a small template
 * gain nothing (its few pages are pinned over and over from the CPU cache).
 *
 * <p>Each buffer is an anonymous mapping of its own, advised {@code MADV_HUGEPAGE} (transparent
 * huge pages are "madvise" on Debian) and faulted in at once, and unmapped when the buffer
 * becomes unreachable. The advice is a request for speed, not a safety check: where the kernel
 * has no huge pages to give (THP "never", memory too fragmented) the buffer is in ordinary pages
 * and works the same.
 *
 * <p>The mappings of one instance are limited as the JDK limits direct buffers: the process's
 * ({@link #PROCESS}) to the heap's maximum, the JDK's default for direct memory. The memory of a
 * buffer nobody holds any more is only unmapped once the collector has found it unreachable, and
 * a few small objects on the heap do not make the collector hurry; so where a new buffer would
 * pass the limit, this asks for a collection and waits for the unmapping, as the JDK does before
 * it refuses a direct buffer.
 *
 * <p>Thread-safe.
 */
final class HugePageBuffers {
    static final int HUGE_PAGE = 2 << 20;
    static final HugePageBuffers PROCESS = new HugePageBuffers(Runtime.getRuntime().maxMemory());
    /** How often a buffer that does not fit asks for a collection and waits: 1 + 2 + ... + 1024 ms, about 2 s. */
    private static final int WAITS = 11;
    private static final System.Logger LOG = System.getLogger(HugePageBuffers.class.getName());
    private static final Cleaner UNMAPPER = Cleaner.create(DaemonThreads.named("blockwipe-unmap"));

    private final long limit;
    private final AtomicLong mapped = new AtomicLong();

    HugePageBuffers(long limitBytes) {
        this.limit = limitBytes;
    }

    /** Whether a buffer of {@code size} bytes is whole huge pages. */
    static boolean fits(int size) {
        return size > 0 && size % HUGE_PAGE == 0;
    }

    /** The bytes of this instance's buffers still mapped. */
    long mapped() {
        return mapped.get();
    }

    /**
     * A zeroed buffer of {@code size} bytes starting on a huge page.
     *
     * @throws OutOfMemoryError when it would pass the limit even after the collector has run, or
     *                          the kernel cannot map or fault in its memory, as for a direct buffer
     */
    ByteBuffer allocate(int size) {
        if (!fits(size)) {
            throw new IllegalArgumentException(size + " bytes are not whole huge pages of " + HUGE_PAGE);
        }
        reserve(size);
        long address;
        try {
            address = map(size);
        } catch (OutOfMemoryError e) {
            mapped.addAndGet(-size);
            throw e;
        }
        ByteBuffer buffer = new Pointer(address).getByteBuffer(0, size).order(ByteOrder.BIG_ENDIAN);
        UNMAPPER.register(buffer, new Unmap(address, size, mapped));
        return buffer;
    }

    private void reserve(int size) {
        if (tryReserve(size)) {
            return;
        }
        for (int wait = 0; wait < WAITS; wait++) {
            System.gc(); // finds the buffers nobody holds; the cleaner then unmaps them
            try {
                Thread.sleep(1L << wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            if (tryReserve(size)) {
                return;
            }
        }
        throw new OutOfMemoryError("I/O buffers in huge pages: " + size + " bytes more would pass the limit of "
                + limit + " (" + mapped.get() + " mapped)");
    }

    private boolean tryReserve(int size) {
        long now;
        do {
            now = mapped.get();
            if (now + size > limit) {
                return false;
            }
        } while (!mapped.compareAndSet(now, now + size));
        return true;
    }

    /** Maps {@code size} bytes on a huge page and faults them in; unmaps all it mapped when it fails. */
    private static long map(int size) {
        long span = (long) size + HUGE_PAGE; // room to start on a huge page wherever the mapping lands
        Pointer mapping = LibC.mmap(null, span, Mman.PROT_READ | Mman.PROT_WRITE, Mman.MAP_PRIVATE | Mman.MAP_ANONYMOUS, -1, 0);
        long start = Pointer.nativeValue(mapping);
        if (start == Mman.MAP_FAILED) {
            throw failed("mmap of " + span + " bytes");
        }
        long aligned = (start + HUGE_PAGE - 1) & -HUGE_PAGE;
        Pointer memory = new Pointer(aligned);
        if (!trim(start, aligned - start) || !trim(aligned + size, start + span - aligned - size)) {
            OutOfMemoryError e = failed("munmap to align " + span + " bytes on a huge page");
            LibC.munmap(mapping, span); // whatever of it is still mapped
            throw e;
        }
        LibC.madvise(memory, size, Mman.MADV_HUGEPAGE); // refused (THP "never"): ordinary pages, as good otherwise
        if (LibC.madvise(memory, size, Mman.MADV_POPULATE_WRITE) != 0 && Errno.last() != Errno.EINVAL) {
            OutOfMemoryError e = failed("faulting in " + size + " bytes"); // EINVAL: before Linux 5.14, faulted in at first use
            LibC.munmap(memory, size);
            throw e;
        }
        return aligned;
    }

    /** Unmaps [address, address + length): whether it could (nothing to do for an empty range). */
    private static boolean trim(long address, long length) {
        return length == 0 || LibC.munmap(new Pointer(address), length) == 0;
    }

    private static OutOfMemoryError failed(String what) {
        return new OutOfMemoryError(what + " for an I/O buffer failed: " + Errno.describe(Errno.last()));
    }

    /** The cleaning action: holds the address, never the buffer (which would then stay reachable). */
    private record Unmap(long address, long length, AtomicLong mapped) implements Runnable {
        @Override
        public void run() {
            if (LibC.munmap(new Pointer(address), length) == 0) {
                mapped.addAndGet(-length);
            } else {
                LOG.log(System.Logger.Level.WARNING, "munmap of an I/O buffer ({0} bytes at 0x{1}) failed: {2}",
                        String.valueOf(length), Long.toHexString(address), Errno.describe(Errno.last()));
            }
        }
    }
}
