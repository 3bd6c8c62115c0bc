package dev.blockwipe.report;

import java.io.IOException;

/**
 * A directory or file Blockwipe keeps its own files in cannot be used: the config directory, the
 * signing key, {@code blockwipe.properties}, the reports or the journal directory. Raised before
 * anything is written to a target; the message names the file and what is wrong with it.
 */
public final class StorageException extends IOException {
    public StorageException(String message) {
        super(message);
    }

    public StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
