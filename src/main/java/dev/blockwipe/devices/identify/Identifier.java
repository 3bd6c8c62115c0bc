package dev.blockwipe.devices.identify;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.engine.TargetException;
import java.time.Duration;

/** Makes a drive show itself in its chassis; implemented by the platform layer. */
public interface Identifier {

    /**
     * Opens the device at {@code path} read-only, once, checks that it is the one the inventory
     * listed ({@code number}, and {@code diskseq} where both sides know one), and chooses how to
     * show it: its locate LED where one can be set, else bursts of reads through that descriptor.
     *
     * @param diskseq  the disk sequence number the inventory read, 0 when it has none
     * @param duration how long it shows itself
     * @throws TargetException when it cannot be opened, is an image file, or is another device now
     */
    Identification open(String path, DeviceNumber number, long diskseq, Duration duration) throws TargetException;
}
