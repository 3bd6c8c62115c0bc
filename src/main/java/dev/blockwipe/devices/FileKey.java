package dev.blockwipe.devices;

import dev.blockwipe.engine.io.LoopBacking;
import dev.blockwipe.engine.io.TargetIdentity;

/**
 * A file by what it is, not by what names it: the device of its file system and its inode. Hard
 * links, bind mounts, symlinks and {@code ..} all lead to the same key.
 */
public record FileKey(DeviceNumber device, long inode) {

    public static FileKey of(TargetIdentity file) {
        return new FileKey(new DeviceNumber(file.major(), file.minor()), file.inode());
    }

    /** The file a loop device is attached to. */
    public static FileKey of(LoopBacking backing) {
        return new FileKey(new DeviceNumber(backing.fsMajor(), backing.fsMinor()), backing.inode());
    }

    @Override
    public String toString() {
        return device + " inode " + inode;
    }
}
