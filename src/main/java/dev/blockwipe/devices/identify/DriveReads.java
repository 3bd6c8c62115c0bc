package dev.blockwipe.devices.identify;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Positional reads of a device opened read-only, and nothing else: what an identification may do
 * to a drive. Being a type of its own (not the engine's target, which can write) keeps a write out
 * of the blinking by construction, not only by the open's flags.
 */
@FunctionalInterface
public interface DriveReads {

    /** Reads exactly {@code dst.remaining()} bytes at {@code offset}; both aligned as O_DIRECT needs. */
    void read(long offset, ByteBuffer dst) throws IOException;
}
