package dev.blockwipe.engine.firmware;

/** Which way a command's data moves. */
public enum DataDirection {
    NONE,
    /** The drive sends data (IDENTIFY, a log page, REQUEST SENSE). */
    FROM_DEVICE,
    /** The host sends data (SECURITY SET PASSWORD, SECURITY ERASE UNIT). */
    TO_DEVICE
}
