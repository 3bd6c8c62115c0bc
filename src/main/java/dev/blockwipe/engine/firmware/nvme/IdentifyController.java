package dev.blockwipe.engine.firmware.nvme;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The fields of the Identify Controller data structure (NVMe Base Specification 2.0)
 * the firmware erases depend on.
 *
 * @param vendorId PCI vendor ID, bytes 1:0
 * @param serial   SN, bytes 23:4, ASCII
 * @param model    MN, bytes 63:24, ASCII
 * @param firmware FR, bytes 71:64, ASCII
 * @param oacs     Optional Admin Command Support, bytes 257:256 (bit 1: Format NVM)
 * @param sanicap  Sanitize Capabilities, bytes 331:328 (bit 0 crypto erase, bit 1 block erase, bit 2
 *                 overwrite, bit 29 No-Deallocate Inhibited)
 * @param fna      Format NVM Attributes, byte 524 (bit 0 a format applies to all namespaces, bit 1 a
 *                 secure erase applies to all namespaces, bit 2 crypto erase supported)
 */
public record IdentifyController(int vendorId, String serial, String model, String firmware, int oacs, int sanicap,
                                 int fna) {

    /** Parses the 4096-byte data structure. */
    public static IdentifyController parse(byte[] data) {
        if (data.length < NvmeCommands.IDENTIFY_BYTES) {
            throw new IllegalArgumentException("Identify Controller data is 4096 bytes, not " + data.length);
        }
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        return new IdentifyController(Short.toUnsignedInt(b.getShort(0)), ascii(data, 4, 20), ascii(data, 24, 40),
                ascii(data, 64, 8), Short.toUnsignedInt(b.getShort(256)), b.getInt(328), data[524] & 0xFF);
    }

    public boolean formatNvm() {
        return (oacs & 1 << 1) != 0;
    }

    /** FNA bit 0 or 1: a format with a secure erase erases every namespace of the controller. */
    public boolean formatErasesAllNamespaces() {
        return (fna & 0b11) != 0;
    }

    public boolean formatCryptoErase() {
        return (fna & 1 << 2) != 0;
    }

    /** Whether SANICAP reports {@code action}; exit failure mode is not a capability and reports false. */
    public boolean sanitize(Sanitize.Action action) {
        return switch (action) {
            case CRYPTO_ERASE -> (sanicap & 1) != 0;
            case BLOCK_ERASE -> (sanicap & 1 << 1) != 0;
            case OVERWRITE -> (sanicap & 1 << 2) != 0;
            case EXIT_FAILURE_MODE -> false;
        };
    }

    public boolean anySanitize() {
        return (sanicap & 0b111) != 0;
    }

    /** SANICAP bit 29: the controller may deallocate blocks after a sanitize even when asked not to. */
    public boolean noDeallocateInhibited() {
        return (sanicap & 1 << 29) != 0;
    }

    private static String ascii(byte[] data, int offset, int length) {
        return new String(data, offset, length, StandardCharsets.US_ASCII).trim();
    }
}
