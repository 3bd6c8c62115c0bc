package dev.blockwipe.engine;

import java.io.IOException;

/** A failure on a target. The message starts with the target's path and the operation. */
public class TargetException extends IOException {
    private final String path;
    private final String detail;

    public TargetException(String path, String message) {
        super(Units.printable(path) + ": " + message);
        this.path = path;
        this.detail = message;
    }

    public TargetException(String path, String message, Throwable cause) {
        super(Units.printable(path) + ": " + message, cause);
        this.path = path;
        this.detail = message;
    }

    public String path() {
        return path;
    }

    /** The message without the path in front: "BLKRRPART failed: EBUSY (Device or resource busy)". */
    public String detail() {
        return detail;
    }
}
