package dev.blockwipe.linux;

import dev.blockwipe.devices.Claim;
import dev.blockwipe.devices.DeviceNumber;

/** Whether something holds a loop device exclusively. */
@FunctionalInterface
public interface LoopClaims {
    Claim of(String name, DeviceNumber number);
}
