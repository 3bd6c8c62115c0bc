package dev.blockwipe.devices;

import java.io.IOException;
import java.util.function.Predicate;

/** Something that can read the machine's devices afresh. */
@FunctionalInterface
public interface InventorySource {
    DeviceInventory scan() throws IOException;

    /**
     * Starts loading, in the background, what the first scan will need, and returns at once;
     * a command calls it when it begins, so that the loading overlaps its other start-up work.
     */
    default void prepare() {
    }

    /**
     * Reads the devices afresh, looking for signatures (libblkid) only on the devices {@code probed}
     * accepts and on the partitions of such disks, and at the file system under a loop device's
     * backing file only for such loop devices: what a command that writes needs to judge its
     * targets, without opening every other disk of the machine (a sleeping disk would spin up) or
     * stat-ing files on every network or FUSE file system. The others' contents are "not probed",
     * their old data "not looked at"; nothing else is left out.
     */
    default DeviceInventory scan(Predicate<DeviceNumber> probed) throws IOException {
        return scan();
    }
}
