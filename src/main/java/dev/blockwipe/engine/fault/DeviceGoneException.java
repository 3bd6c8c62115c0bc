package dev.blockwipe.engine.fault;

import dev.blockwipe.engine.TargetException;

/** The device went away while the job ran: unplugged, or dead. */
public class DeviceGoneException extends TargetException {
    public DeviceGoneException(String path, String message, Throwable cause) {
        super(path, message, cause);
    }
}
