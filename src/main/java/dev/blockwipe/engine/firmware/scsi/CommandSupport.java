package dev.blockwipe.engine.firmware.scsi;

/** The SUPPORT field of one-command REPORT SUPPORTED OPERATION CODES data (SPC-5: byte 1, bits 2:0). */
public enum CommandSupport {
    /** 000b: the drive has no data about the command now. */
    NOT_AVAILABLE,
    /** 001b: the drive does not support the command. */
    NOT_SUPPORTED,
    /** 011b: supported as the standard defines it. */
    STANDARD,
    /** 101b: supported in a vendor-specific manner. */
    VENDOR_SPECIFIC,
    /** 010b, 100b, 110b, 111b: values the standard reserves. */
    RESERVED;

    /** Reads the SUPPORT field; data too short to hold it reads as {@link #NOT_AVAILABLE}. */
    public static CommandSupport parse(byte[] data) {
        if (data.length < 2) {
            return NOT_AVAILABLE;
        }
        return switch (data[1] & 0x07) {
            case 0b000 -> NOT_AVAILABLE;
            case 0b001 -> NOT_SUPPORTED;
            case 0b011 -> STANDARD;
            case 0b101 -> VENDOR_SPECIFIC;
            default -> RESERVED;
        };
    }

    /** The drive said it takes the command. */
    public boolean supported() {
        return this == STANDARD || this == VENDOR_SPECIFIC;
    }
}
