package dev.blockwipe.devices;

import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetKind;
import java.util.List;

/**
 * What the drive of one device says through its commands, asked the one way {@code blockwipe show}
 * and the window's Details ask it: the device's path located once, and its drive asked through what
 * was located only while that is still the device (same device number), so that a name that now
 * leads to another device never answers for this one.
 *
 * @param drive its identity and the firmware erases it offers, each with the reason
 * @param smart its SMART figures, or why none were read
 */
public record DriveFacts(DriveReport drive, Smart smart) {

    /**
     * Locates {@code device}'s path and asks its drive (slow: opens the device and sends commands).
     *
     * @throws TargetException when the path cannot be located (the device is gone)
     */
    public static DriveFacts ask(TargetOpener opener, Device device) throws TargetException {
        try (TargetOpener.Located located = opener.locate(device.path())) {
            return ask(located, device);
        }
    }

    /** Asks the drive behind {@code located} if it is still {@code device}; otherwise says that it was not asked. */
    public static DriveFacts ask(TargetOpener.Located located, Device device) {
        return stillThe(located, device) ? new DriveFacts(located.drive(), located.smart()) : notAsked(moved(device));
    }

    /**
     * The drive's report alone, without SMART (which takes a program run per drive): what {@code
     * blockwipe list --json} gives for every disk.
     *
     * @throws TargetException when the path cannot be located (the device is gone)
     */
    public static DriveReport report(TargetOpener opener, Device device) throws TargetException {
        try (TargetOpener.Located located = opener.locate(device.path())) {
            return stillThe(located, device) ? located.drive() : DriveReport.none("none", moved(device), List.of());
        }
    }

    private static boolean stillThe(TargetOpener.Located located, Device device) {
        TargetIdentity node = located.node();
        return node.kind() == TargetKind.BLOCK_DEVICE && new DeviceNumber(node.major(), node.minor()).equals(device.number());
    }

    private static String moved(Device device) {
        return device.path() + " is no longer " + device.number() + ": its drive was not asked";
    }

    /** A drive that was not asked, for this reason: it offers nothing and has no SMART figures. */
    public static DriveFacts notAsked(String why) {
        return new DriveFacts(DriveReport.none("none", why, List.of()), Smart.unavailable(why));
    }

    /** The lines Details and {@code blockwipe show} print ({@link FactSheet#drive}). */
    public List<FactSheet.Fact> facts() {
        return FactSheet.drive(drive, smart);
    }
}
