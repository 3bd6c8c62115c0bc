package dev.blockwipe.engine;

import java.io.IOException;

/** Opens targets; implemented by the platform layer. */
public interface TargetOpener {

    /**
     * What a path is, from stat alone (no open): the device number of a block device (size 0:
     * unknown until opened), or the file system device, inode and size of an image file.
     *
     * @throws TargetRefusedException when it does not exist or is neither a block device nor a file
     */
    TargetIdentity identify(String path) throws TargetException;

    /** Reads a target's facts without writing and without holding it. */
    TargetInfo probe(String path) throws IOException;

    /**
     * Opens a target. With {@link Access#WRITE} the open is exclusive; when {@code expected} is not
     * null, the opened node must be the one the user confirmed.
     */
    BlockTarget open(String path, Access access, TargetIdentity expected) throws IOException;
}
