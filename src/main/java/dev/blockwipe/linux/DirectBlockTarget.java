package dev.blockwipe.linux;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.BlockTarget;
import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.RangeOperation;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.TargetIoException;
import dev.blockwipe.engine.TargetKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.OptionalLong;

/**
 * A block device or image file opened for the engine: O_DIRECT, exclusive for writing, identity
 * checked after the open, every call's return checked. Made by {@link LinuxTargets}.
 *
 * <p>An image file whose size is not a multiple of the logical block size gets a second,
 * buffered descriptor for its last partial block: O_DIRECT cannot write it, and the file must not
 * grow.
 */
final class DirectBlockTarget implements BlockTarget {
    private final TargetInfo info;
    private final Access access;
    private final int fd;
    private final int tailFd;
    private final SysfsBlock sysfs;
    private boolean closed;

    DirectBlockTarget(TargetInfo info, Access access, int fd, int tailFd, SysfsBlock sysfs) {
        this.info = info;
        this.access = access;
        this.fd = fd;
        this.tailFd = tailFd;
        this.sysfs = sysfs;
    }

    @Override
    public TargetInfo info() {
        return info;
    }

    @Override
    public void write(long offset, ByteBuffer src) throws IOException {
        transfer(true, offset, src);
    }

    @Override
    public void read(long offset, ByteBuffer dst) throws IOException {
        transfer(false, offset, dst);
    }

    private void transfer(boolean write, long offset, ByteBuffer buffer) throws IOException {
        int length = buffer.remaining();
        Pointer base = Native.getDirectBufferPointer(buffer).share(buffer.position());
        int aligned = length;
        if (tailFd >= 0) {
            int unit = info.logicalBlockSize();
            aligned = (offset % unit == 0) ? length / unit * unit : 0;
        }
        if (aligned > 0) {
            transferFully(write, fd, base, aligned, offset);
        }
        if (aligned < length) {
            transferFully(write, tailFd, base.share(aligned), length - aligned, offset + aligned);
        }
    }

    private void transferFully(boolean write, int descriptor, Pointer buf, long count, long offset) throws IOException {
        String op = write ? "pwrite" : "pread";
        long done = 0;
        while (done < count) {
            long n = write
                    ? LibC.pwrite(descriptor, buf.share(done), count - done, offset + done)
                    : LibC.pread(descriptor, buf.share(done), count - done, offset + done);
            if (n < 0) {
                int errno = Errno.last();
                if (errno == 4) { // EINTR: nothing was transferred, the request is repeated
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
        if (access != Access.WRITE) {
            return;
        }
        syncFd(fd);
        if (tailFd >= 0) {
            syncFd(tailFd);
        }
    }

    private void syncFd(int descriptor) throws TargetIoException {
        if (LibC.fdatasync(descriptor) != 0) {
            throw Errno.exception(info.path(), "fdatasync", -1, Errno.last());
        }
    }

    @Override
    public void dropCache() throws IOException {
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
        OptionalLong value = sysfs == null ? OptionalLong.empty() : sysfs.queue(limit);
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

    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        IOException failure = null;
        try {
            sync();
        } catch (IOException e) {
            failure = e;
        }
        for (int descriptor : new int[] {tailFd, fd}) {
            if (descriptor >= 0 && LibC.close(descriptor) != 0) {
                TargetIoException e = Errno.exception(info.path(), "close", -1, Errno.last());
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
