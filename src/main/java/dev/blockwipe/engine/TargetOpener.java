package dev.blockwipe.engine;

import java.io.IOException;

/** Opens targets; implemented by the platform layer. */
public interface TargetOpener {

    /** Reads a target's facts without writing and without holding it. */
    TargetInfo probe(String path) throws IOException;

    /**
     * Opens a target. With {@link Access#WRITE} the open is exclusive; when {@code expected} is not
     * null, the opened node must be the one the user confirmed.
     */
    BlockTarget open(String path, Access access, TargetIdentity expected) throws IOException;
}
