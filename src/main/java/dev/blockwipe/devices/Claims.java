package dev.blockwipe.devices;

import java.util.Map;
import java.util.Optional;

/**
 * What trying each block device with an exclusive open said when the inventory was read. The
 * kernel refuses that open (EBUSY) exactly while something holds the device: a mounted file
 * system, swap, device mapper or RAID, a btrfs file system's other devices, an ext4 external
 * journal, a mount in another mount namespace, a program's own exclusive open. It is the open a
 * wipe makes, so the verdict and the wipe answer from the same fact.
 *
 * @param states  by device number
 * @param untried what a device that is not in {@code states} counts as
 * @param holders who holds a claimed device, where the kernel tells; asked only about claims that
 *                no table explains, so the looking costs nothing on most scans
 */
public record Claims(Map<DeviceNumber, Claim> states, Claim untried, Holders holders) {
    /** Nothing is claimed: facts from the tables alone (fake sysfs trees). */
    public static final Claims NONE = new Claims(Map.of(), Claim.FREE, (name, number) -> Optional.empty());

    /** Who holds a device exclusively, for people ("the btrfs file system ... also on sdc"), where it can be told. */
    @FunctionalInterface
    public interface Holders {
        Optional<String> of(String name, DeviceNumber number);
    }

    public Claims {
        states = Map.copyOf(states);
    }

    /** Devices that were tried; any other device counts as {@link Claim#UNKNOWN}. */
    public static Claims tried(Map<DeviceNumber, Claim> states, Holders holders) {
        return new Claims(states, Claim.UNKNOWN, holders);
    }

    public Claim of(DeviceNumber device) {
        return device == null ? Claim.UNKNOWN : states.getOrDefault(device, untried);
    }

    public Optional<String> holder(String name, DeviceNumber device) {
        return holders.of(name, device);
    }
}
