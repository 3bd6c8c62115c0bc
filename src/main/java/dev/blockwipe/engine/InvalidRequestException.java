package dev.blockwipe.engine;

/** The options do not fit the target (a block size that is not a multiple of its logical block size). */
public class InvalidRequestException extends TargetException {
    public InvalidRequestException(String path, String message) {
        super(path, message);
    }
}
