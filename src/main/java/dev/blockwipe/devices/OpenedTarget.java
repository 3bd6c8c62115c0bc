package dev.blockwipe.devices;

import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.TargetIdentity;
import java.util.List;

/**
 * A target opened once, by the path the user gave, and from then on the only source of facts
 * about it: its identity and its contents are read from the open descriptor, never from a path.
 * Opened for writing it is held exclusively (O_EXCL on devices, a lock on files) until closed.
 */
public interface OpenedTarget extends BlockTarget {

    /**
     * The identity as the descriptor shows it now (number, size, disk sequence number, serial and
     * WWN of the disk it belongs to, loop backing). {@link #info()} holds the identity at open.
     *
     * @throws TargetException when the descriptor's device no longer matches what sysfs describes
     *                         under its number (the disk was removed and another took its place)
     */
    TargetIdentity identityNow() throws TargetException;

    /**
     * Why it cannot be written now, or null: a device's read-only flag (BLKROGET), a file's
     * immutable or append-only attribute; read from the descriptor, so a change made while the
     * user confirmed is seen.
     */
    String readOnlyNow() throws TargetException;

    /** What libblkid finds through the descriptor now; "unknown" when it cannot look. */
    Signatures signatures();

    /**
     * Other identities of an image file's data: for a file on an overlay file system, the files
     * in its layers that hold it (by device and inode); empty for other files and for devices.
     *
     * @throws TargetException when the file is on an overlay whose layers cannot be told
     */
    List<FileKey> aliases() throws TargetException;
}
