package dev.blockwipe.engine.fault;

import dev.blockwipe.engine.TargetException;

/** The job stopped because of bad sectors: at the first (--on-error stop), after too many, or because the disk is failing ({@link DiskFailingException}). */
public class BadSectorsException extends TargetException {
    public BadSectorsException(String path, String message) {
        super(path, message);
    }
}
