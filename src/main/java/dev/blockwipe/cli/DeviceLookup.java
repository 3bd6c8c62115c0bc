package dev.blockwipe.cli;

import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.DriveFacts;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetKind;
import java.io.IOException;

/**
 * One device as {@code show} and {@code methods} find it: the name or path located as a wipe
 * locates its target ({@link TargetOpener#locate}: a name as lsblk shows it stands for its node in
 * /dev) and the device found by its number, so a name, a node outside /dev, a symlink or a by-id
 * path leads to the device a wipe of the same words would judge; and its drive asked through what
 * was located ({@link DriveFacts}).
 *
 * @param inventory the inventory it was found in
 * @param device    the device
 * @param drive     what its drive says through its commands
 */
record DeviceLookup(DeviceInventory inventory, Device device, DriveFacts drive) {

    /** The name or path resolved once, as a wipe resolves it, and the device found by the number of what it led to. */
    static DeviceLookup find(String path, TargetOpener opener, InventorySource source) throws IOException {
        source.prepare();
        try (TargetOpener.Located located = opener.locate(path)) {
            TargetIdentity node = located.node();
            if (node.kind() != TargetKind.BLOCK_DEVICE) {
                throw new TargetRefusedException(path, Reason.WRONG_KIND, "is an image file, not a disk or partition"
                        + " (blockwipe wipe --no-act judges it as a target)");
            }
            DeviceNumber number = new DeviceNumber(node.major(), node.minor());
            DeviceInventory inventory = source.scan();
            Device d = inventory.byNumber(number).orElseThrow(() -> new TargetRefusedException(path,
                    Reason.NOT_FOUND, "is the node of device " + number + ", which the kernel does not list: no such"
                            + " disk or partition (see: blockwipe list --all)"));
            return new DeviceLookup(inventory, d, DriveFacts.ask(located, d));
        }
    }
}
