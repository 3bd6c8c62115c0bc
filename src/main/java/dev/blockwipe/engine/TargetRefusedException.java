package dev.blockwipe.engine;

/** A target that must not or cannot be wiped, found before anything was written. */
public class TargetRefusedException extends TargetException {

    public enum Reason {
        /** The path does not exist. */
        NOT_FOUND,
        /** The path exists but may not be opened (not root). */
        NO_PERMISSION,
        /** A directory, character device, FIFO or socket. */
        WRONG_KIND,
        /** Zero bytes long: nothing to wipe, and likely not what the user meant. */
        EMPTY,
        /** Mounted, or held by another user of the device (EBUSY from the exclusive open). */
        BUSY,
        READ_ONLY,
        /** The node at the path is not the one the user confirmed. */
        IDENTITY_CHANGED,
        /** The safety rules forbid it (system disk, member of an array, ...). */
        BLOCKED,
        /** The user did not confirm, or confirmed another name. */
        NOT_CONFIRMED,
        /** The checks right before the first write did not end in time: a device or file system does not answer. */
        NOT_ANSWERING
    }

    private final Reason reason;

    public TargetRefusedException(String path, Reason reason, String message) {
        super(path, message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
