package dev.blockwipe.engine.fault;

import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.TargetIoException;

/** Why a job failed, for exit codes and for what the GUI says. */
public enum FailureCause {
    NONE,
    /** The device returned an error (EIO and the like). */
    IO_ERROR,
    /** The device or file system does not offer the operation the method needs. */
    NOT_SUPPORTED,
    /** The device went away while the job ran ({@code ErrnoKind.GONE}, or EIO from a device no longer there). */
    DEVICE_GONE,
    /** Stopped at the first bad sector (--on-error stop), or gave up after more bad ranges than the limit. */
    BAD_SECTORS,
    /**
     * Gave the disk up: it no longer takes writes (or reads) anywhere that was tried, or more than
     * half of it failed. Not resumable: going on would only fail again.
     */
    DISK_FAILING,
    /** Anything else: a bug, out of memory. */
    INTERNAL;

    public static FailureCause of(Throwable t) {
        if (t instanceof OperationNotSupportedException) {
            return NOT_SUPPORTED;
        }
        if (t instanceof DeviceGoneException) {
            return DEVICE_GONE;
        }
        if (t instanceof DiskFailingException) {
            return DISK_FAILING;
        }
        if (t instanceof BadSectorsException) {
            return BAD_SECTORS;
        }
        if (t instanceof TargetIoException io) {
            return ErrnoKind.of(io.errnoName()) == ErrnoKind.GONE ? DEVICE_GONE : IO_ERROR;
        }
        return t instanceof java.io.IOException ? IO_ERROR : INTERNAL;
    }
}
