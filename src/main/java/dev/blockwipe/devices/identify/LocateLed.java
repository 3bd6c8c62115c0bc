package dev.blockwipe.devices.identify;

import java.io.IOException;

/**
 * A drive's locate LED, where the machine has one that software can set: an enclosure slot's
 * (SES) or one that {@code ledctl} drives. Implemented by the platform layer.
 */
public interface LocateLed {

    /** What lights up, for people: "locate LED of enclosure slot 5", "locate LED through ledctl". */
    String describe();

    void on() throws IOException;

    /** Turns it off; also called after an {@link #on} that failed, so it must not mind being off. */
    void off() throws IOException;
}
