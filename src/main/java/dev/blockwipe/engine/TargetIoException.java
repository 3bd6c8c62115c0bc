package dev.blockwipe.engine;

/** A system call on a target failed: "/dev/sdb: pwrite at 4096000 failed: EIO (Input/output error)". */
public class TargetIoException extends TargetException {
    private final String operation;
    private final long offset;
    private final int errno;
    private final String errnoName;

    /**
     * @param offset byte offset of the failed request, or -1 when the call has none
     */
    public TargetIoException(String path, String operation, long offset, int errno, String errnoName, String description) {
        super(path, operation + (offset >= 0 ? " at " + offset : "") + " failed: " + errnoName + " (" + description + ")");
        this.operation = operation;
        this.offset = offset;
        this.errno = errno;
        this.errnoName = errnoName;
    }

    public String operation() {
        return operation;
    }

    public long offset() {
        return offset;
    }

    public int errno() {
        return errno;
    }

    public String errnoName() {
        return errnoName;
    }
}
