package dev.blockwipe.engine.io;

public enum Access {
    /** Exclusive read-write: what a wipe needs. Fails when the device is mounted or held. */
    WRITE,
    /** Read-only, not exclusive: what a verification of existing content needs. */
    READ
}
