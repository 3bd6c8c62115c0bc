package dev.blockwipe.devices;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The machine a wipe ran on. Values that cannot be read (DMI serials need root) are empty. A fact
 * of the machine the devices are in, like the devices themselves: {@code linux} reads it and
 * {@code report} writes it onto certificates, and neither of those two depends on the other.
 *
 * @param hostname      the host name
 * @param machineId     /etc/machine-id
 * @param systemVendor  DMI sys_vendor
 * @param systemProduct DMI product_name
 * @param systemSerial  DMI product_serial
 * @param boardSerial   DMI board_serial: names the machine where a vendor left the system serial
 *                      blank, and tells apart servers of one model wiped with one boot stick, whose
 *                      host names are all the same
 * @param bootId        the kernel's id of this boot (/proc/sys/kernel/random/boot_id): device numbers
 *                      and disk sequence numbers mean the same device only within one boot
 * @param systemUnread  why DMI facts are missing ("no DMI on this machine (/sys/class/dmi/id is
 *                      missing)", "/sys/class/dmi/id/product_serial needs root"), or empty
 */
public record HostInfo(String hostname, String machineId, String systemVendor, String systemProduct, String systemSerial,
                       String boardSerial, String bootId, String systemUnread) {
    /** What firmware vendors leave in DMI serials they did not fill in. */
    private static final Set<String> PLACEHOLDERS = Set.of("to be filled by o.e.m.", "default string",
            "system serial number", "not specified", "not applicable", "none", "n/a", "0123456789", "123456789",
            "base board serial number", "chassis serial number", "serial");

    public HostInfo {
        hostname = hostname == null ? "" : hostname;
        machineId = machineId == null ? "" : machineId;
        systemVendor = systemVendor == null ? "" : systemVendor;
        systemProduct = systemProduct == null ? "" : systemProduct;
        systemSerial = systemSerial == null ? "" : systemSerial;
        boardSerial = boardSerial == null ? "" : boardSerial;
        bootId = bootId == null ? "" : bootId;
        systemUnread = systemUnread == null ? "" : systemUnread;
    }

    /** A machine whose DMI facts could all be read (or that were recorded without a reason). */
    public HostInfo(String hostname, String machineId, String systemVendor, String systemProduct, String systemSerial,
                    String boardSerial, String bootId) {
        this(hostname, machineId, systemVendor, systemProduct, systemSerial, boardSerial, bootId, "");
    }

    /** "Dell Inc. PowerEdge R730, serial 7XYZ123, board serial CN7016…": the DMI facts there are, empty when none. */
    public String system() {
        String name = String.join(" ", Stream.of(systemVendor, systemProduct).filter(s -> !s.isEmpty()).toList());
        return String.join(", ", Stream.of(name, systemSerial.isEmpty() ? "" : "serial " + systemSerial,
                boardSerial.isEmpty() ? "" : "board serial " + boardSerial).filter(s -> !s.isEmpty()).toList());
    }

    /**
     * The system for people, with why what is missing is missing: "Dell Inc. PowerEdge R730, serial
     * 7XYZ123", "QEMU Standard PC (/sys/class/dmi/id/product_serial needs root)", "not readable: no
     * DMI on this machine (/sys/class/dmi/id is missing)"; "not recorded" when there is nothing and
     * no reason (a certificate older than the reasons).
     */
    public String describeSystem() {
        String system = system();
        if (systemUnread.isEmpty()) {
            return system.isEmpty() ? "not recorded" : system;
        }
        return system.isEmpty() ? "not readable: " + systemUnread : system + " (" + systemUnread + ")";
    }

    /**
     * The machine in a certificate's file name: the host name, and its DMI serial (the system's, else
     * the board's) when it has a real one. Every server booted from one Blockwipe stick has the same
     * host name; the serial tells their certificates apart in one folder.
     */
    public String fileLabel() {
        String serial = real(systemSerial) ? systemSerial : real(boardSerial) ? boardSerial : "";
        return serial.isEmpty() || hostname.contains(serial) ? hostname : hostname + "-" + serial;
    }

    /** Not empty and not one of the placeholders firmware vendors leave in DMI serials. */
    private static boolean real(String serial) {
        String s = serial.strip().toLowerCase(Locale.ROOT);
        return !s.isEmpty() && !PLACEHOLDERS.contains(s) && !s.chars().allMatch(c -> c == '0' || c == ' ' || c == '.');
    }
}
