package dev.blockwipe.testing;

import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetIoException;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.method.RangeOperation;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link BlockTarget} in front of another that misbehaves as failing disks do: chosen ranges fail
 * with a chosen errno (always, or only the first few times), one request stalls until released,
 * the device vanishes (leaves sysfs), is removed as the kernel removes a pulled disk, or dies (still
 * there, answers nothing) after so many bytes. A failing request transfers nothing.
 */
public final class FaultyTarget implements BlockTarget {
    private record Errno(int number, String description) {
    }

    /** One request as the device saw it: when it came and when it was answered (nanoTime), and whether it failed. */
    public record Request(boolean write, long offset, long length, long started, long ended, boolean failed) {
    }

    private static final Map<String, Errno> ERRNO = Map.of("EIO", new Errno(5, "Input/output error"),
            "ENXIO", new Errno(6, "No such device or address"), "ENODEV", new Errno(19, "No such device"),
            "ENOMEDIUM", new Errno(123, "No medium found"), "ENOSPC", new Errno(28, "No space left on device"));

    private final BlockTarget inner;
    private final List<Fault> faults = new CopyOnWriteArrayList<>();
    private final AtomicLong written = new AtomicLong();
    private final AtomicInteger requests = new AtomicInteger();
    private final List<Request> log = new CopyOnWriteArrayList<>();
    private volatile long vanishAfter = Long.MAX_VALUE;
    private volatile long removeAfter = Long.MAX_VALUE;
    private volatile long dieAfter = Long.MAX_VALUE;
    private volatile long leaveNanos = Long.MAX_VALUE;
    private final AtomicLong firstDeathFailure = new AtomicLong();
    private volatile long writesFailAfter = Long.MAX_VALUE;
    private volatile long stallAt = -1;
    private volatile long delayMillis;
    private volatile CountDownLatch stallRelease;
    private volatile Runnable hold = () -> { };

    /** Requests of one kind touching [offset, offset + length) fail with {@code errno}, {@code times} times (-1: always). */
    private static final class Fault {
        final boolean write;
        final long offset;
        final long length;
        final String errno;
        final AtomicInteger timesLeft;

        Fault(boolean write, long offset, long length, String errno, int times) {
            this.write = write;
            this.offset = offset;
            this.length = length;
            this.errno = errno;
            this.timesLeft = new AtomicInteger(times);
        }

        boolean hits(boolean isWrite, long off, long n) {
            return isWrite == write && off < offset + length && offset < off + n
                    && (timesLeft.get() < 0 || timesLeft.getAndDecrement() > 0);
        }
    }

    public FaultyTarget(BlockTarget inner) {
        this.inner = inner;
    }

    public FaultyTarget failingWrites(long offset, long length, String errno) {
        faults.add(new Fault(true, offset, length, errno, -1));
        return this;
    }

    public FaultyTarget failingReads(long offset, long length, String errno) {
        faults.add(new Fault(false, offset, length, errno, -1));
        return this;
    }

    /** Writes touching the range fail {@code times} times, then work (a flaky cable, a sector remapped). */
    public FaultyTarget failingWritesOnly(int times, long offset, long length, String errno) {
        faults.add(new Fault(true, offset, length, errno, times));
        return this;
    }

    /** The request touching {@code offset} waits until {@code release} counts down. */
    public FaultyTarget stallingAt(long offset, CountDownLatch release) {
        this.stallAt = offset;
        this.stallRelease = release;
        return this;
    }

    /** After {@code bytes} were written, every request fails with EIO and the device is no longer there. */
    public FaultyTarget vanishingAfter(long bytes) {
        this.vanishAfter = bytes;
        return this;
    }

    /**
     * After {@code bytes} were written, the device is removed as the kernel removes a pulled disk
     * ({@code echo 1 > /sys/block/sdX/device/delete}): its capacity is 0, so a write fails with
     * ENOSPC, a read transfers nothing, a sync fails with EIO, and it is no longer there.
     */
    public FaultyTarget removedAfter(long bytes) {
        this.removeAfter = bytes;
        return this;
    }

    /** After {@code bytes} were written, every request fails with EIO, though the device is still there. */
    public FaultyTarget dyingAfter(long bytes) {
        this.dieAfter = bytes;
        return this;
    }

    /**
     * Once the device is dying ({@link #dyingAfter}), it leaves sysfs {@code later} after its first
     * failed request, as a pulled SCSI disk does: its requests fail with EIO a moment before it is
     * removed.
     */
    public FaultyTarget leavingAfterDying(java.time.Duration later) {
        this.leaveNanos = later.toNanos();
        return this;
    }

    /** After {@code bytes} were written, every write fails with EIO, though reads still work (an SSD gone read-only). */
    public FaultyTarget failingWritesAfter(long bytes) {
        this.writesFailAfter = bytes;
        return this;
    }

    /** Every request takes this long (a slow disk: several progress ticks per pass). */
    public FaultyTarget slowedBy(java.time.Duration each) {
        this.delayMillis = each.toMillis();
        return this;
    }

    /** Every request first runs {@code hold} in the requesting thread (which may wait there). */
    public FaultyTarget holdingEachRequest(Runnable hold) {
        this.hold = hold;
        return this;
    }

    public int requests() {
        return requests.get();
    }

    /** Every request so far, in the order they were answered. */
    public List<Request> log() {
        return List.copyOf(log);
    }

    @Override
    public TargetInfo info() {
        return inner.info();
    }

    @Override
    public ByteBuffer allocate(int size) {
        return inner.allocate(size);
    }

    @Override
    public void write(long offset, ByteBuffer src) throws IOException {
        behave(true, offset, src.remaining());
        inner.write(offset, src);
        written.addAndGet(src.remaining());
    }

    @Override
    public void read(long offset, ByteBuffer dst) throws IOException {
        behave(false, offset, dst.remaining());
        inner.read(offset, dst);
    }

    private void behave(boolean write, long offset, long n) throws IOException {
        long started = System.nanoTime();
        try {
            misbehave(write, offset, n);
        } catch (IOException e) {
            log.add(new Request(write, offset, n, started, System.nanoTime(), true));
            throw e;
        }
        log.add(new Request(write, offset, n, started, System.nanoTime(), false));
    }

    private void misbehave(boolean write, long offset, long n) throws IOException {
        requests.incrementAndGet();
        hold.run();
        if (delayMillis > 0) {
            pause(delayMillis);
        }
        if (removed()) {
            throw write ? error(true, offset, "ENOSPC")
                    : new TargetException(info().path(), "pread at " + offset + " transferred nothing: the target ended early");
        }
        if (written.get() >= Math.min(vanishAfter, dieAfter) || write && written.get() >= writesFailAfter) {
            firstDeathFailure.compareAndSet(0, System.nanoTime());
            throw error(write, offset, "EIO");
        }
        for (Fault f : faults) {
            if (f.hits(write, offset, n)) {
                throw error(write, offset, f.errno);
            }
        }
        if (stallAt >= offset && stallAt < offset + n) {
            try {
                stallRelease.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while stalled", e);
            }
        }
    }

    private static void pause(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private TargetIoException error(boolean write, long offset, String errno) {
        return error(write ? "pwrite" : "pread", offset, errno);
    }

    private TargetIoException error(String operation, long offset, String errno) {
        Errno e = ERRNO.get(errno);
        return new TargetIoException(info().path(), operation, offset, e.number(), errno, e.description());
    }

    private boolean removed() {
        return written.get() >= removeAfter;
    }

    @Override
    public boolean stillThere() {
        long died = firstDeathFailure.get();
        boolean left = died != 0 && System.nanoTime() - died >= leaveNanos;
        return written.get() < vanishAfter && !removed() && !left;
    }

    @Override
    public void sync() throws IOException {
        if (removed()) {
            throw error("fdatasync", -1, "EIO");
        }
        inner.sync();
    }

    @Override
    public void dropCache() throws IOException {
        inner.dropCache();
    }

    @Override
    public void requireSupport(RangeOperation op) throws OperationNotSupportedException {
        inner.requireSupport(op);
    }

    @Override
    public void rangeOperation(RangeOperation op, long offset, long length) throws IOException {
        inner.rangeOperation(op, offset, length);
    }

    @Override
    public void close() throws IOException {
        inner.close();
    }
}
