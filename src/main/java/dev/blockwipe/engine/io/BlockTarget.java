package dev.blockwipe.engine.io;

import dev.blockwipe.engine.DirectBuffers;
import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.method.RangeOperation;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * An opened device or image file, the only way the engine touches storage. Implementations check
 * every native return and throw {@link TargetException}s whose messages start with the path and the
 * operation. Reads and writes are positional and may run concurrently from several threads.
 */
public interface BlockTarget extends AutoCloseable {

    TargetInfo info();

    /**
     * A new zeroed, page-aligned direct buffer of {@code size} bytes for this target's requests
     * and for the data its read-backs expect. A target may make it in memory that suits its I/O
     * better (the Linux targets: huge pages, which the kernel pins for a request 2 MiB at a time
     * instead of 4 KiB), but that is for speed only: the jobs' pool hands kept buffers to the next
     * job whichever target made them, so every target must take any page-aligned direct buffer.
     */
    default ByteBuffer allocate(int size) {
        return DirectBuffers.aligned(size);
    }

    /**
     * Writes all of {@code src} (position to limit) at {@code offset}. The buffer must be
     * page-aligned; the offset and length multiples of the logical block size, except for the
     * unaligned tail of an image file.
     */
    void write(long offset, ByteBuffer src) throws IOException;

    /**
     * Writes {@code length} bytes at {@code offset} that are {@code template} (position to limit)
     * over and over, the last copy cut short: one request whose data comes from a few
     * cache-resident kilobytes instead of a buffer of the whole request. The same alignment rules
     * as {@link #write}; the template is page-aligned and a multiple of the logical block size long.
     *
     * @return false when the target cannot write this request that way (nothing was written then:
     *         the caller writes the same bytes from a filled buffer)
     */
    default boolean writeRepeating(long offset, ByteBuffer template, int length) throws IOException {
        return false;
    }

    /** Reads exactly {@code dst.remaining()} bytes at {@code offset}, with the same alignment rules. */
    void read(long offset, ByteBuffer dst) throws IOException;

    /** fdatasync: returns when the device has acknowledged everything written before. */
    void sync() throws IOException;

    /** Drops cached pages so that following reads come from the device. */
    void dropCache() throws IOException;

    /**
     * Fails when the target is known not to support {@code op}; returns when it does or when only
     * trying will tell (files: it depends on the file system).
     */
    void requireSupport(RangeOperation op) throws OperationNotSupportedException;

    /** Has the device (or file system) carry out {@code op} on [offset, offset + length). */
    void rangeOperation(RangeOperation op, long offset, long length) throws IOException;

    /**
     * Whether the target is still the device that was opened: false once it was unplugged or
     * replaced (a failing request is then not a bad sector but the end of the job).
     */
    default boolean stillThere() {
        return true;
    }

    /**
     * The drive commands this target's descriptor carries (NVMe admin commands, SG_IO), for the
     * firmware erases: sent through the descriptor that was opened, so they reach the same device.
     * None for image files, loop, virtio, device-mapper and md devices.
     */
    default DeviceCommands commands() {
        return DeviceCommands.NONE;
    }

    /**
     * The drive's SMART figures, read through this target's descriptor; never fails: a target
     * without a drive of its own, or a drive that cannot be read, gives the reason.
     */
    default Smart smart() {
        return Smart.unavailable("the target has no drive of its own to read SMART from");
    }

    /** The drive's own temperature sensor; none for image files, loop devices and drives without one. */
    default Thermometer thermometer() {
        return Thermometer.NONE;
    }

    /**
     * Has the kernel read the partition table of a whole disk again, so that partitions a wipe
     * erased leave its list (and the device tree); does nothing for partitions and image files.
     * Called through the descriptor that wrote, before it is closed.
     *
     * @throws TargetException when the kernel refused (a partition still open, partitions listed
     *                         on a disk it does not scan), so it may still list the old ones
     */
    default void rereadPartitionTable() throws TargetException {
    }

    /** Syncs (for writable targets) and closes; a failed close is reported, never ignored. */
    @Override
    void close() throws IOException;
}
