package dev.blockwipe.linux;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetIoException;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.io.TargetKind;
import dev.blockwipe.engine.io.Thermometer;
import dev.blockwipe.engine.method.RangeOperation;
import java.io.IOException;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A block device or image file opened for the engine through one descriptor: O_DIRECT, exclusive
 * for writing, every call's return checked. Made by {@link LinuxTargets}.
 *
 * <p>The last partial block of an odd-sized image file cannot be written with O_DIRECT, and the
 * file must not grow: it is written through the same descriptor with O_DIRECT switched off for
 * that one request (F_SETFL), never through a second open. The flag is shared by every request
 * on the descriptor, so requests hold a read lock and the switch a write lock; libblkid's probe
 * (which reads unaligned buffers) switches it the same way.
 *
 * <p>The checks on the descriptor (identity, read-only flag, signatures, aliases) may be left
 * waiting in the kernel on a device that does not answer, after the caller gave up on them and
 * closed the target ({@link dev.blockwipe.devices.Preflight#beforeFirstWrite}): the descriptor is
 * then closed when the last call on it returns, not under it, so that its number is never reused
 * while a check still reads or switches O_DIRECT through it. Every call made after the close is
 * refused with a {@link TargetException}: the kernel hands a closed descriptor's number to the next
 * file opened, and a write through it would land in that file.
 */
final class DirectBlockTarget implements OpenedTarget {
    private final TargetInfo info;
    private final Access access;
    private final int fd;
    private final boolean unalignedTail;
    private final SysfsBlock sysfs;
    private final Path sysfsRoot;
    private final DeviceCommands commands;
    private static final Path PROC = Path.of("/proc");

    private final ReadWriteLock directFlag = new ReentrantReadWriteLock();
    private boolean closed;
    /** Something may have been written since the last fdatasync was asked for (whatever it returned: its caller reported that). */
    private volatile boolean unsynced;
    /** Calls on the descriptor in progress, and whether a close waits for them (guarded by this). */
    private int inFlight;
    private boolean closeWhenIdle;

    /**
     * @param unalignedTail the file's size is not a multiple of the logical block size (O_DIRECT mode)
     * @param sysfs         the device's sysfs directory, null for files
     */
    DirectBlockTarget(TargetInfo info, Access access, int fd, boolean unalignedTail, SysfsBlock sysfs, Path sysfsRoot) {
        this.info = info;
        this.access = access;
        this.fd = fd;
        this.unalignedTail = unalignedTail;
        this.sysfs = sysfs;
        this.sysfsRoot = sysfsRoot;
        this.commands = sysfs == null ? DeviceCommands.NONE
                : new DriveIoctls(info.path(), fd, sysfs.commandSet(), new DriveIoctls.Guard() {
                    @Override
                    public void enter(String call) throws TargetException {
                        DirectBlockTarget.this.enter(call);
                    }

                    @Override
                    public void leave() {
                        DirectBlockTarget.this.leave();
                    }
                });
    }

    @Override
    public TargetInfo info() {
        return info;
    }

    /** In huge pages where the size is whole ones (see {@link HugePageBuffers}): the kernel pins them for every request. */
    @Override
    public ByteBuffer allocate(int size) {
        return HugePageBuffers.fits(size) ? HugePageBuffers.PROCESS.allocate(size) : OpenedTarget.super.allocate(size);
    }

    @Override
    public TargetIdentity identityNow() throws TargetException {
        enter("the identity check");
        try {
            return DescriptorFacts.identity(info.path(), fd, sysfsRoot);
        } finally {
            leave();
        }
    }

    /**
     * A block device is still there while its descriptor still has the size it had when it was
     * opened and sysfs still has a device under its number with the disk sequence number it had
     * then: the kernel sets a disk's capacity to 0 as soon as it starts removing it (before it
     * leaves sysfs), a replaced one (or a loop device attached again) gets a new sequence number.
     * An image file is always there.
     */
    @Override
    public boolean stillThere() {
        if (info.kind() != TargetKind.BLOCK_DEVICE) {
            return true;
        }
        try {
            enter("the look whether it is still there");
        } catch (TargetException closedAlready) {
            return false;
        }
        try {
            if (DescriptorFacts.size(info.path(), fd) != info.size()) {
                return false;
            }
        } catch (TargetIoException e) {
            return false;
        } finally {
            leave();
        }
        TargetIdentity id = info.identity();
        SysfsBlock now = SysfsBlock.of(sysfsRoot, id.major(), id.minor());
        return now != null && (id.diskseq() == 0 || now.diskseq().orElse(id.diskseq()) == id.diskseq());
    }

    /**
     * NVMe admin commands or SG_IO through this target's own descriptor, as its device's sysfs node
     * says it takes them ({@link SysfsBlock#commandSet()}); none for image files. Refused, like
     * every other call, once the target is closed.
     */
    @Override
    public DeviceCommands commands() {
        return commands;
    }

    /** smartctl on this descriptor (through /proc/PID/fd), for the command set its device takes. */
    @Override
    public Smart smart() {
        return new Smartctl().read(fd, commands.commandSet());
    }

    /** The disk's hwmon sensor (a partition's disk's); none for image files and loop devices. */
    @Override
    public Thermometer thermometer() {
        return sysfs == null ? Thermometer.NONE : HwmonThermometer.of(sysfs.diskDir());
    }

    @Override
    public String readOnlyNow() throws TargetException {
        enter("the read-only check");
        try {
            return readOnly();
        } finally {
            leave();
        }
    }

    private String readOnly() throws TargetException {
        if (info.kind() == TargetKind.BLOCK_DEVICE) {
            return DescriptorFacts.intIoctl(info.path(), fd, BlockIoctl.BLKROGET, "BLKROGET") != 0
                    ? "read-only (BLKROGET)" : null;
        }
        int[] flags = new int[1];
        if (LibC.ioctl(fd, Fcntl.FS_IOC_GETFLAGS, flags) != 0) {
            int errno = Errno.last();
            if (errno == Errno.ENOTTY || errno == Errno.EOPNOTSUPP || errno == Errno.EINVAL) {
                return null; // a file system without these attributes (ramfs)
            }
            throw Errno.exception(info.path(), "FS_IOC_GETFLAGS", -1, errno);
        }
        return (flags[0] & Fcntl.FS_IMMUTABLE_FL) != 0 ? "immutable (chattr +i): it cannot be written, not even by root"
                : (flags[0] & Fcntl.FS_APPEND_FL) != 0 ? "append-only (chattr +a): it cannot be overwritten, not even by root"
                : null;
    }

    @Override
    public List<FileKey> aliases() throws TargetException {
        if (info.kind() != TargetKind.REGULAR_FILE) {
            return List.of();
        }
        enter("the look for overlay layers");
        try {
            return layerFiles();
        } finally {
            leave();
        }
    }

    private List<FileKey> layerFiles() throws TargetException {
        String path = DescriptorFacts.realPath(info.path(), fd);
        boolean onOverlay = Statfs.magic(fd) == Overlays.OVERLAYFS_SUPER_MAGIC;
        return Overlays.read(PROC).aliases(onOverlay, path)
                .orElseThrow(() -> new TargetRefusedException(info.path(), TargetRefusedException.Reason.BLOCKED,
                        "is on an overlay file system whose layer files cannot be told (not mounted here, layers"
                                + " named by relative paths, redirect_dir or metacopy), so what else may use its data"
                                + " cannot be told"));
    }

    @Override
    public Signatures signatures() {
        try {
            enter("the signature probe");
        } catch (TargetException closedAlready) {
            return Signatures.unknown(closedAlready.getMessage());
        }
        try {
            return probe();
        } finally {
            leave();
        }
    }

    private Signatures probe() {
        directFlag.writeLock().lock();
        try {
            boolean direct = info.ioMode() == IoMode.DIRECT;
            if (direct) {
                setDirect(false);
            }
            try {
                return Blkid.probeDescriptor(fd, info.path());
            } finally {
                if (direct) {
                    setDirect(true);
                }
            }
        } catch (TargetIoException e) {
            return Signatures.unknown(e.getMessage());
        } finally {
            directFlag.writeLock().unlock();
        }
    }

    @Override
    public void write(long offset, ByteBuffer src) throws IOException {
        unsynced = true;
        transfer(true, offset, src);
    }

    @Override
    public void read(long offset, ByteBuffer dst) throws IOException {
        transfer(false, offset, dst);
    }

    /** The native calls take the buffer's address, not the buffer: it is kept reachable until they are done. */
    private void transfer(boolean write, long offset, ByteBuffer buffer) throws IOException {
        enter((write ? "pwrite" : "pread") + " at " + offset);
        try {
            transferAt(write, offset, buffer);
        } finally {
            leave();
            Reference.reachabilityFence(buffer);
        }
    }

    private void transferAt(boolean write, long offset, ByteBuffer buffer) throws IOException {
        int length = buffer.remaining();
        Pointer base = Native.getDirectBufferPointer(buffer).share(buffer.position());
        int aligned = length;
        if (unalignedTail) {
            int unit = info.logicalBlockSize();
            aligned = (offset % unit == 0) ? length / unit * unit : 0;
        }
        if (aligned > 0) {
            directFlag.readLock().lock();
            try {
                transferFully(write, base, aligned, offset);
            } finally {
                directFlag.readLock().unlock();
            }
        }
        if (aligned < length) {
            directFlag.writeLock().lock();
            try {
                setDirect(false);
                try {
                    transferFully(write, base.share(aligned), length - aligned, offset + aligned);
                } finally {
                    setDirect(true);
                }
            } finally {
                directFlag.writeLock().unlock();
            }
        }
    }

    /**
     * One pwritev whose iovecs all point into {@code template}: the device gets the same request as
     * a write of a filled buffer, but the data the kernel copies (a loop device, a file) or the
     * device reads stays in the CPU cache, which is faster wherever the copy is the cost
     * (src/docs/speed.md). Not through the unaligned tail
     * of an image file, which needs O_DIRECT off for its last request.
     */
    @Override
    public boolean writeRepeating(long offset, ByteBuffer template, int length) throws IOException {
        if (unalignedTail && offset + length > info.size() / info.logicalBlockSize() * info.logicalBlockSize()) {
            return false;
        }
        int size = template.remaining();
        Pointer base = Native.getDirectBufferPointer(template).share(template.position());
        enter("pwritev at " + offset);
        unsynced = true;
        directFlag.readLock().lock();
        try {
            fully("pwritev", length, offset, done -> {
                int phase = (int) (done % size);
                int entries = (int) Math.min(LibC.IOV_MAX, (phase + length - done + size - 1) / size);
                Memory iov = new Memory(16L * entries);
                long covered = 0;
                for (int i = 0; i < entries; i++) {
                    int from = i == 0 ? phase : 0;
                    long n = Math.min(size - from, length - done - covered);
                    iov.setPointer(16L * i, base.share(from));
                    iov.setLong(16L * i + 8, n);
                    covered += n;
                }
                return LibC.pwritev(fd, iov, entries, offset + done);
            });
        } finally {
            directFlag.readLock().unlock();
            leave();
            Reference.reachabilityFence(template);
        }
        return true;
    }

    private void setDirect(boolean on) throws TargetIoException {
        int flags = LibC.fcntl(fd, Fcntl.F_GETFL, 0);
        if (flags < 0) {
            throw Errno.exception(info.path(), "fcntl(F_GETFL)", -1, Errno.last());
        }
        int wanted = on ? flags | Fcntl.O_DIRECT : flags & ~Fcntl.O_DIRECT;
        if (LibC.fcntl(fd, Fcntl.F_SETFL, wanted) != 0) {
            throw Errno.exception(info.path(), "fcntl(F_SETFL, " + (on ? "" : "no ") + "O_DIRECT)", -1, Errno.last());
        }
    }

    private void transferFully(boolean write, Pointer buf, long count, long offset) throws IOException {
        fully(write ? "pwrite" : "pread", count, offset, done -> write
                ? LibC.pwrite(fd, buf.share(done), count - done, offset + done)
                : LibC.pread(fd, buf.share(done), count - done, offset + done));
    }

    /** One system call that moves the bytes from {@code done} on and returns how many it moved, or -1. */
    @FunctionalInterface
    private interface Transfer {
        long from(long done);
    }

    /** Repeats {@code call} until {@code count} bytes at {@code offset} have moved; every failure but EINTR is thrown. */
    private void fully(String op, long count, long offset, Transfer call) throws IOException {
        long done = 0;
        while (done < count) {
            long n = call.from(done);
            if (n < 0) {
                int errno = Errno.last();
                if (errno == Errno.EINTR) { // nothing was transferred, the request is repeated
                    continue;
                }
                throw Errno.exception(info.path(), op, offset + done, errno);
            }
            if (n == 0) {
                throw new TargetException(info.path(), op + " at " + (offset + done)
                        + " transferred nothing: the target ended early (" + info.size() + " bytes expected)");
            }
            done += n;
        }
    }

    @Override
    public void sync() throws IOException {
        enter("fdatasync");
        try {
            syncNow();
        } finally {
            leave();
        }
    }

    private void syncNow() throws TargetIoException {
        unsynced = false;
        if (access == Access.WRITE && LibC.fdatasync(fd) != 0) {
            throw Errno.exception(info.path(), "fdatasync", -1, Errno.last());
        }
    }

    @Override
    public void dropCache() throws IOException {
        enter("dropping the cache");
        try {
            dropCacheNow();
        } finally {
            leave();
        }
    }

    private void dropCacheNow() throws IOException {
        if (info.kind() == TargetKind.BLOCK_DEVICE
                && LibC.ioctl(fd, BlockIoctl.BLKFLSBUF, 0L) != 0) {
            int errno = Errno.last();
            // Without CAP_SYS_ADMIN the kernel refuses BLKFLSBUF; the reads are O_DIRECT and
            // DONTNEED below still drops this descriptor's cached pages.
            if (errno != Errno.EACCES && errno != Errno.EPERM) {
                throw Errno.exception(info.path(), "BLKFLSBUF", -1, errno);
            }
        }
        int err = LibC.posix_fadvise(fd, 0, 0, Fcntl.POSIX_FADV_DONTNEED);
        if (err != 0) {
            throw Errno.exception(info.path(), "posix_fadvise(DONTNEED)", -1, err);
        }
    }

    @Override
    public void requireSupport(RangeOperation op) throws OperationNotSupportedException {
        if (info.kind() != TargetKind.BLOCK_DEVICE) {
            if (op.fileCall() == null) {
                throw new OperationNotSupportedException(info.path(), op.deviceCall(), "image file (files have no equivalent)");
            }
            return;
        }
        String limit = op == RangeOperation.ZERO_OUT ? "write_zeroes_max_bytes" : "discard_max_bytes";
        OptionalLong value = sysfs.queue(limit);
        if (value.isEmpty()) {
            throw new OperationNotSupportedException(info.path(), op.deviceCall(),
                    "device as far as Blockwipe can tell (queue/" + limit + " cannot be read)");
        }
        if (value.getAsLong() == 0) {
            throw new OperationNotSupportedException(info.path(), op.deviceCall(), "device (queue/" + limit + " is 0)");
        }
    }

    @Override
    public void rangeOperation(RangeOperation op, long offset, long length) throws IOException {
        enter(op.deviceCall() + " at " + offset);
        try {
            rangeOperationNow(op, offset, length);
        } finally {
            leave();
        }
    }

    private void rangeOperationNow(RangeOperation op, long offset, long length) throws IOException {
        unsynced = true;
        boolean device = info.kind() == TargetKind.BLOCK_DEVICE;
        String call = device ? op.deviceCall() : op.fileCall();
        int rc;
        if (device) {
            long request = switch (op) {
                case ZERO_OUT -> BlockIoctl.BLKZEROOUT;
                case DISCARD -> BlockIoctl.BLKDISCARD;
                case SECURE_DISCARD -> BlockIoctl.BLKSECDISCARD;
            };
            rc = LibC.ioctl(fd, request, new long[] {offset, length});
        } else if (call != null) {
            int mode = Fcntl.FALLOC_FL_KEEP_SIZE
                    | (op == RangeOperation.ZERO_OUT ? Fcntl.FALLOC_FL_ZERO_RANGE : Fcntl.FALLOC_FL_PUNCH_HOLE);
            rc = LibC.fallocate(fd, mode, offset, length);
        } else {
            throw new OperationNotSupportedException(info.path(), op.deviceCall(), "image file (files have no equivalent)");
        }
        if (rc != 0) {
            int errno = Errno.last();
            if (errno == Errno.EOPNOTSUPP) {
                throw new OperationNotSupportedException(info.path(), call, device ? "device" : "file system");
            }
            throw Errno.exception(info.path(), call, offset, errno);
        }
    }

    /**
     * BLKRRPART through the descriptor that wrote: the kernel lets the holder of the exclusive open
     * re-read the table without claiming the disk again. EINVAL is a disk the kernel does not scan
     * (a loop device attached without -P, zram): nothing is stale there unless it lists partitions
     * anyway (added by hand with partx), which then stay.
     */
    @Override
    public void rereadPartitionTable() throws TargetException {
        if (access != Access.WRITE || info.kind() != TargetKind.BLOCK_DEVICE || sysfs.isPartition()) {
            return;
        }
        enter("BLKRRPART");
        try {
            if (LibC.ioctl(fd, BlockIoctl.BLKRRPART, 0L) != 0) {
                int errno = Errno.last();
                if (errno != Errno.EINVAL || sysfs.listsPartitions()) {
                    throw Errno.exception(info.path(), "BLKRRPART", -1, errno);
                }
            }
        } finally {
            leave();
        }
    }

    /**
     * A call on the descriptor starts; refused once the target is closed, whose descriptor number
     * the kernel may have given to another file by now.
     */
    private synchronized void enter(String call) throws TargetException {
        if (closed) {
            throw new TargetException(info.path(), call + " refused: the target is closed");
        }
        inFlight++;
    }

    /** A call on the descriptor ended; the last to end after a close closes the descriptor. */
    private void leave() {
        boolean last;
        synchronized (this) {
            inFlight--;
            last = inFlight == 0 && closeWhenIdle;
        }
        if (last) {
            LibC.close(fd);
        }
    }

    /**
     * Syncs what was written since the last sync was asked for, then closes the one descriptor,
     * which also releases the file locks. A job syncs at the end of every pass, also of one that
     * failed, and reports how that went; a device that failed it is not asked again here, so the
     * last word on a dead disk is the job's cause, not a second fdatasync error.
     * While a call (a check, a request) still runs on the descriptor, the last of them closes it
     * when it returns.
     */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        IOException failure = null;
        try {
            if (unsynced) {
                syncNow();
            }
        } catch (IOException e) {
            failure = e;
        }
        if (inFlight > 0) {
            closeWhenIdle = true;
        } else if (LibC.close(fd) != 0) {
            TargetIoException e = Errno.exception(info.path(), "close", -1, Errno.last());
            if (failure == null) {
                failure = e;
            } else {
                failure.addSuppressed(e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
