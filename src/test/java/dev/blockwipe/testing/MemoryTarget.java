package dev.blockwipe.testing;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.TargetIoException;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.io.Thermometer;
import dev.blockwipe.engine.method.RangeOperation;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** An in-memory target for engine tests: records every request, can fail or cancel on cue. */
public final class MemoryTarget implements BlockTarget {
    private TargetInfo info;
    private final byte[] data;
    private final List<long[]> writes = new ArrayList<>();
    private final List<Integer> allocations = new ArrayList<>();
    private final Set<RangeOperation> supported = EnumSet.noneOf(RangeOperation.class);
    private long failWriteAt = -1;
    private long failReadAt = -1;
    private CancelToken cancelToken;
    private int cancelAfterWrites = -1;
    private int syncs;
    private int repeatingWrites;
    private boolean refusingReread;
    private int rereads;
    private int syncsAtReread = -1;
    private Thermometer thermometer = Thermometer.NONE;
    private Runnable onSync = () -> { };
    private DeviceCommands commands = DeviceCommands.NONE;

    public MemoryTarget(int size) {
        this(size, 512, 4096, 0, false);
    }

    public MemoryTarget(int size, int logical, int physical, long diskOffset, boolean rotational) {
        this.info = new TargetInfo("/dev/mem0", "mem0", "/dev/mem0", TargetIdentity.device(250, 0, size, 0, "", "", null), size, logical, physical,
                diskOffset, rotational, IoMode.DIRECT, rotational ? 1 : 4, OldData.NONE);
        this.data = new byte[size];
    }

    /** Writes through it may leave the old data on a medium underneath (a copy-on-write file system). */
    public MemoryTarget keepingOldData(OldData oldData) {
        info = new TargetInfo(info.path(), info.name(), info.realPath(), info.identity(), info.size(), info.logicalBlockSize(),
                info.physicalBlockSize(), info.diskOffset(), info.rotational(), info.ioMode(), info.deviceQueueDepth(), oldData);
        return this;
    }

    public MemoryTarget supporting(RangeOperation... ops) {
        supported.addAll(List.of(ops));
        return this;
    }

    /** The write that covers {@code offset} fails with EIO. */
    public MemoryTarget failingWriteAt(long offset) {
        this.failWriteAt = offset;
        return this;
    }

    /** The read that covers {@code offset} fails with EIO. */
    public MemoryTarget failingReadAt(long offset) {
        this.failReadAt = offset;
        return this;
    }

    /** Cancels {@code token} once {@code n} writes have completed. */
    public MemoryTarget cancellingAfterWrites(int n, CancelToken token) {
        this.cancelAfterWrites = n;
        this.cancelToken = token;
        return this;
    }

    /** The drive reports its temperature through {@code sensor}. */
    public MemoryTarget withThermometer(Thermometer sensor) {
        this.thermometer = sensor;
        return this;
    }

    @Override
    public Thermometer thermometer() {
        return thermometer;
    }

    /** The drive takes commands through {@code drive} (a simulated drive over {@link #data()}). */
    public MemoryTarget withCommands(DeviceCommands drive) {
        this.commands = drive;
        return this;
    }

    @Override
    public DeviceCommands commands() {
        return commands;
    }

    /** Runs {@code action} in every sync, as a device that flushes a cache takes its time there. */
    public MemoryTarget onSync(Runnable action) {
        this.onSync = action;
        return this;
    }

    /** Re-reading the partition table fails with EBUSY, as when a partition is still open. */
    public MemoryTarget refusingReread() {
        this.refusingReread = true;
        return this;
    }

    public byte[] data() {
        return data;
    }

    public synchronized List<long[]> writes() {
        return List.copyOf(writes);
    }

    public synchronized int syncs() {
        return syncs;
    }

    @Override
    public TargetInfo info() {
        return info;
    }

    /** The sizes of the buffers the engine had this target make, in order. */
    public synchronized List<Integer> allocations() {
        return List.copyOf(allocations);
    }

    @Override
    public ByteBuffer allocate(int size) {
        synchronized (this) {
            allocations.add(size);
        }
        return BlockTarget.super.allocate(size);
    }

    @Override
    public void write(long offset, ByteBuffer src) throws IOException {
        int n = src.remaining();
        check(offset, n, failWriteAt, "pwrite");
        src.duplicate().get(data, (int) offset, n);
        synchronized (this) {
            writes.add(new long[] {offset, n});
            if (cancelToken != null && writes.size() >= cancelAfterWrites) {
                cancelToken.cancel();
            }
        }
    }

    /** Writes the template over and over, as a pwritev of repeated iovecs would; counted apart. */
    @Override
    public boolean writeRepeating(long offset, ByteBuffer template, int length) throws IOException {
        check(offset, length, failWriteAt, "pwritev");
        int size = template.remaining();
        for (int done = 0; done < length; done += size) {
            template.duplicate().limit(template.position() + Math.min(size, length - done)).get(data, (int) offset + done,
                    Math.min(size, length - done));
        }
        synchronized (this) {
            writes.add(new long[] {offset, length});
            repeatingWrites++;
            if (cancelToken != null && writes.size() >= cancelAfterWrites) {
                cancelToken.cancel();
            }
        }
        return true;
    }

    /** How many writes came from a template rather than a filled buffer. */
    public synchronized int repeatingWrites() {
        return repeatingWrites;
    }

    @Override
    public void read(long offset, ByteBuffer dst) throws IOException {
        int n = dst.remaining();
        check(offset, n, failReadAt, "pread");
        dst.duplicate().put(data, (int) offset, n);
    }

    private void check(long offset, int n, long failAt, String op) throws TargetIoException {
        if (offset % info.logicalBlockSize() != 0 || offset + n > data.length) {
            throw new TargetIoException(info.path(), op, offset, 22, "EINVAL", "Invalid argument");
        }
        if (failAt >= offset && failAt < offset + n) {
            throw new TargetIoException(info.path(), op, offset, 5, "EIO", "Input/output error");
        }
    }

    @Override
    public synchronized void sync() {
        syncs++;
        onSync.run();
    }

    /** How often the partition table was re-read. */
    public synchronized int rereads() {
        return rereads;
    }

    /** The syncs before the last re-read of the partition table, -1 when there was none. */
    public synchronized int syncsAtReread() {
        return syncsAtReread;
    }

    @Override
    public synchronized void rereadPartitionTable() throws TargetIoException {
        rereads++;
        syncsAtReread = syncs;
        if (refusingReread) {
            throw new TargetIoException(info.path(), "BLKRRPART", -1, 16, "EBUSY", "Device or resource busy");
        }
    }

    @Override
    public void dropCache() {
    }

    @Override
    public void requireSupport(RangeOperation op) throws OperationNotSupportedException {
        if (!supported.contains(op)) {
            throw new OperationNotSupportedException(info.path(), op.deviceCall(), "device");
        }
    }

    @Override
    public void rangeOperation(RangeOperation op, long offset, long length) {
        java.util.Arrays.fill(data, (int) offset, (int) (offset + length), (byte) 0);
    }

    @Override
    public void close() {
    }
}
