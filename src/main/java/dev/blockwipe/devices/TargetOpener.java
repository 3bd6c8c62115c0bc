package dev.blockwipe.devices;

import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Drives;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.TargetIdentity;

/**
 * Opens targets; implemented by the platform layer. The path is resolved exactly once, by
 * {@link #locate}: everything after that (the real open, every fact) goes through what it found.
 */
public interface TargetOpener {

    /**
     * Resolves a path to the object it names without opening it for I/O (no driver is woken, no
     * FIFO blocks): a block device or a regular file on a real file system, or a refusal.
     */
    Located locate(String path) throws TargetException;

    /** Locates and opens in one step (the located handle is released once the target is open). */
    default OpenedTarget open(String path, Access access) throws TargetException {
        try (Located located = locate(path)) {
            return located.open(access);
        }
    }

    /** A path resolved to one object, held until closed. */
    interface Located extends AutoCloseable {
        /** The path as the user gave it. */
        String path();

        /** Kind and number (device) or file system device, inode and size (file); size 0 for devices. */
        TargetIdentity node();

        /**
         * Opens the located object itself, not the path again. With {@link Access#WRITE} the open is
         * exclusive: O_EXCL for block devices, a lock for files (another holder means "in use").
         */
        OpenedTarget open(Access access) throws TargetException;

        /**
         * What the drive behind the located device says about itself and the firmware erases it
         * offers, for Details and {@code blockwipe show}, without a wipe: asked through a descriptor
         * of the located object opened read-only and not exclusively (a mounted disk can be asked
         * too), closed again before this returns. Never fails: a drive that cannot be asked offers
         * nothing, with the reason. The default is the answer of a device that takes no commands.
         */
        default DriveReport drive() {
            return Drives.probe(DeviceCommands.NONE);
        }

        /**
         * The drive's SMART figures, read the same way as {@link #drive()}; never fails: when
         * nothing can be read, the reason ("smartmontools is not installed").
         */
        default Smart smart() {
            return Smart.unavailable("the device takes no drive commands: it has no SMART of its own");
        }

        @Override
        void close();
    }
}
