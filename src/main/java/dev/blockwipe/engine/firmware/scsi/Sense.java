package dev.blockwipe.engine.firmware.scsi;

import dev.blockwipe.engine.firmware.ScsiResult;
import java.util.HexFormat;
import java.util.OptionalInt;

/**
 * Sense data, fixed (response code 70h/71h) or descriptor format (72h/73h), as SPC-5 lays
 * it out: the sense key, the additional sense code and qualifier and, where the drive gives one,
 * the progress indication of the sense-key-specific field.
 *
 * @param key      the sense key (0 NO SENSE, 2 NOT READY, 3 MEDIUM ERROR, 5 ILLEGAL REQUEST, 6 UNIT ATTENTION)
 * @param asc      the additional sense code
 * @param ascq     the additional sense code qualifier
 * @param progress the PROGRESS INDICATION, a numerator over 65536, where SKSV is set
 */
public record Sense(int key, int asc, int ascq, OptionalInt progress) {
    public static final int NO_SENSE = 0x0;
    public static final int NOT_READY = 0x2;
    public static final int MEDIUM_ERROR = 0x3;
    public static final int ILLEGAL_REQUEST = 0x5;
    public static final int UNIT_ATTENTION = 0x6;

    /** No sense data: what a command that ended GOOD leaves. */
    public static final Sense NONE = new Sense(NO_SENSE, 0, 0, OptionalInt.empty());

    private static final String[] KEYS = {"NO SENSE", "RECOVERED ERROR", "NOT READY", "MEDIUM ERROR",
        "HARDWARE ERROR", "ILLEGAL REQUEST", "UNIT ATTENTION", "DATA PROTECT", "BLANK CHECK", "VENDOR SPECIFIC",
        "COPY ABORTED", "ABORTED COMMAND", "RESERVED", "VOLUME OVERFLOW", "MISCOMPARE", "COMPLETED"};
    private static final int SKSV = 0x80;
    private static final int SENSE_KEY_SPECIFIC_DESCRIPTOR = 0x02;

    /** Reads the first {@code length} bytes of {@code data}; anything that is not sense data reads as {@link #NONE}. */
    public static Sense parse(byte[] data, int length) {
        int n = Math.min(length, data.length);
        if (n < 8) {
            return NONE;
        }
        n = Math.min(n, 8 + u8(data, 7));
        return switch (data[0] & 0x7F) {
            case 0x70, 0x71 -> fixed(data, n);
            case 0x72, 0x73 -> descriptor(data, n);
            default -> NONE;
        };
    }

    /** Reads all of {@code data}. */
    public static Sense parse(byte[] data) {
        return parse(data, data.length);
    }

    private static Sense fixed(byte[] d, int n) {
        int key = d[2] & 0x0F;
        if (n < 14) {
            return new Sense(key, 0, 0, OptionalInt.empty());
        }
        boolean sksv = n >= 18 && (d[15] & SKSV) != 0;
        return withProgress(key, u8(d, 12), u8(d, 13), sksv ? OptionalInt.of(u16(d, 16)) : OptionalInt.empty());
    }

    private static Sense descriptor(byte[] d, int n) {
        OptionalInt progress = OptionalInt.empty();
        for (int at = 8; at + 1 < n; at += 2 + u8(d, at + 1)) {
            boolean senseKeySpecific = u8(d, at) == SENSE_KEY_SPECIFIC_DESCRIPTOR && at + 7 <= n;
            if (senseKeySpecific && (d[at + 4] & SKSV) != 0) {
                progress = OptionalInt.of(u16(d, at + 5));
            }
        }
        return withProgress(d[1] & 0x0F, u8(d, 2), u8(d, 3), progress);
    }

    /** The sense-key-specific field holds a progress indication only under NO SENSE and NOT READY (SPC-5). */
    private static Sense withProgress(int key, int asc, int ascq, OptionalInt sks) {
        return new Sense(key, asc, ascq, key == NO_SENSE || key == NOT_READY ? sks : OptionalInt.empty());
    }

    /** NOT READY, LOGICAL UNIT NOT READY, SANITIZE IN PROGRESS (04h/1Bh). */
    public boolean sanitizeInProgress() {
        return key == NOT_READY && asc == 0x04 && ascq == 0x1B;
    }

    /** MEDIUM ERROR, SANITIZE COMMAND FAILED (31h/03h): the drive is in sanitize failure mode. */
    public boolean sanitizeFailed() {
        return key == MEDIUM_ERROR && asc == 0x31 && ascq == 0x03;
    }

    /** The progress indication as a fraction from 0 to 1, or -1 when the drive gives none. */
    public double fraction() {
        return progress.isPresent() ? progress.getAsInt() / 65536.0 : -1;
    }

    /** "NOT READY, ASC/ASCQ 04h/1Bh, sanitize in progress" for steps and messages. */
    public String describe() {
        String codes = KEYS[key] + ", ASC/ASCQ " + HexFormat.of().withUpperCase().toHexDigits((byte) asc) + "h/"
                + HexFormat.of().withUpperCase().toHexDigits((byte) ascq) + "h";
        String meaning = meaning();
        return meaning.isEmpty() ? codes : codes + ", " + meaning;
    }

    /**
     * How a command ended, for steps and reasons: "good", "check condition, ILLEGAL REQUEST, ASC/ASCQ
     * 20h/00h, invalid command operation code", or the transport's words.
     */
    public static String status(ScsiResult r) {
        if (r.isGood()) {
            return "good";
        }
        return r.status() == ScsiResult.CHECK_CONDITION && r.senseKey() >= 0
                ? "check condition, " + parse(r.sense()).describe() : r.describe();
    }

    private String meaning() {
        return switch (asc << 8 | ascq) {
            case 0x0000 -> "no additional sense information";
            case 0x041B -> "sanitize in progress";
            case 0x2000 -> "invalid command operation code";
            case 0x2400 -> "invalid field in CDB";
            case 0x2600 -> "invalid field in parameter list";
            case 0x2900 -> "power on, reset or bus device reset occurred";
            case 0x3103 -> "sanitize command failed";
            default -> "";
        };
    }

    private static int u8(byte[] b, int at) {
        return b[at] & 0xFF;
    }

    private static int u16(byte[] b, int at) {
        return u8(b, at) << 8 | u8(b, at + 1);
    }
}
