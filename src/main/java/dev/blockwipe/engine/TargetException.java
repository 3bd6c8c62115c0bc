package dev.blockwipe.engine;

import java.io.IOException;

/** A failure on a target. The message starts with the target's path and the operation. */
public class TargetException extends IOException {
    private final String path;

    public TargetException(String path, String message) {
        super(Units.printable(path) + ": " + message);
        this.path = path;
    }

    public TargetException(String path, String message, Throwable cause) {
        super(Units.printable(path) + ": " + message, cause);
        this.path = path;
    }

    public String path() {
        return path;
    }
}
