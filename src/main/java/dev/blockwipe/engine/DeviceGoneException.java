package dev.blockwipe.engine;

/** The device went away while the job ran: unplugged, or dead. */
public class DeviceGoneException extends TargetException {
    public DeviceGoneException(String path, String message, Throwable cause) {
        super(path, message, cause);
    }
}
