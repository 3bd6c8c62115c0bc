package dev.blockwipe.devices;

import java.io.IOException;

/** Something that can read the machine's devices afresh. */
@FunctionalInterface
public interface InventorySource {
    DeviceInventory scan() throws IOException;
}
