package dev.blockwipe.engine.firmware.scsi;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The standard INQUIRY data Blockwipe reads (SPC-5).
 *
 * @param version  the VERSION field: 04h SPC-2, 05h SPC-3, 06h SPC-4, 07h SPC-5; 0 claims no standard
 * @param vendor   T10 VENDOR IDENTIFICATION, bytes 8-15, trimmed
 * @param product  PRODUCT IDENTIFICATION, bytes 16-31, trimmed
 * @param revision PRODUCT REVISION LEVEL, bytes 32-35, trimmed
 */
public record Inquiry(int version, String vendor, String product, String revision) {
    private static final int SPC_2 = 0x04;

    /** Reads standard INQUIRY data; bytes the drive did not return read as empty fields. */
    public static Inquiry parse(byte[] data) {
        return new Inquiry(data.length > 2 ? data[2] & 0xFF : 0, ascii(data, 8, 8), ascii(data, 16, 16),
                ascii(data, 32, 4));
    }

    /** "VENDOR PRODUCT", as lsscsi and the kernel's sysfs show a SCSI disk. */
    public String model() {
        return (vendor + " " + product).trim();
    }

    /**
     * Whether the drive claims SPC-2 or later, the test the Linux kernel makes before it asks for
     * VPD pages (scsi_device_supports_vpd): older devices, many USB bridges among them, can hang on one.
     */
    public boolean answersVpd() {
        return version >= SPC_2;
    }

    /** The serial number of a Unit Serial Number VPD page, empty when {@code page} is not one. */
    public static Optional<String> serialNumber(byte[] page) {
        if (page.length < 4 || (page[1] & 0xFF) != ScsiCommands.UNIT_SERIAL_NUMBER_PAGE) {
            return Optional.empty();
        }
        int length = (page[2] & 0xFF) << 8 | page[3] & 0xFF;
        return Optional.of(ascii(page, 4, length)).filter(s -> !s.isEmpty());
    }

    private static String ascii(byte[] data, int from, int length) {
        int end = Math.min(data.length, from + length);
        return from >= end ? "" : new String(data, from, end - from, StandardCharsets.US_ASCII).trim();
    }
}
