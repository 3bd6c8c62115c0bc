package dev.blockwipe.engine;

/** The job stopped because of bad sectors: at the first (--on-error stop), or after too many. */
public class BadSectorsException extends TargetException {
    public BadSectorsException(String path, String message) {
        super(path, message);
    }
}
