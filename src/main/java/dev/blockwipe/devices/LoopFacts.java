package dev.blockwipe.devices;

import dev.blockwipe.engine.io.LoopBacking;
import dev.blockwipe.engine.io.OldData;
import java.util.List;
import java.util.Objects;

/**
 * What a loop device is attached to, as the kernel says it.
 *
 * @param backingFile the backing file's path, for people (sysfs loop/backing_file): a path names
 *                    whatever is there now; empty when not a loop device or nothing attached
 * @param backing     the backing object by device and inode (or block device), or null when it
 *                    could not be told (then the disk's {@code unreadable} says why)
 * @param aliases     other identities of the backing file's data (its layer files when it is on an
 *                    overlay), or null when they could not be told
 * @param oldData     where writing it may leave old data: in its backing file's blocks on a copy-on-write
 *                    file system, or (zero-out and discard) in any backing file; the same facts its open
 *                    descriptor gives a wipe, so the window can say before a wipe what its result will be
 */
public record LoopFacts(String backingFile, LoopBacking backing, List<FileKey> aliases, OldData oldData) {
    /** Not a loop device, or one with nothing attached. */
    public static final LoopFacts NONE = new LoopFacts("", null, List.of(), OldData.NONE);

    public LoopFacts {
        backingFile = backingFile == null ? "" : backingFile;
        aliases = aliases == null ? null : List.copyOf(aliases);
        Objects.requireNonNull(oldData, "oldData");
    }

    /** Attached, and what to was told: its backing and, on an overlay, the layer files. */
    public boolean known() {
        return backing != null && aliases != null;
    }
}
