package dev.blockwipe.engine;

/** The device or file system does not offer an operation ("/dev/loop0: BLKSECDISCARD: not supported by this device"). */
public class OperationNotSupportedException extends TargetException {
    public OperationNotSupportedException(String path, String operation, String why) {
        super(path, operation + ": not supported by this " + why);
    }
}
