package dev.blockwipe.engine.firmware.ata;

import dev.blockwipe.engine.firmware.ScsiResult;
import java.util.Optional;

/**
 * The result registers of an ATA command, as the translator returns them in the sense data: the
 * ATA Status Return descriptor (SAT-4, descriptor code 0x09) of descriptor-format sense, or the
 * information and command-specific information fields of fixed-format sense, which hold only
 * COUNT(7:0) and LBA(23:0) and flag the upper bytes when they are not zero.
 *
 * @param error        the ERROR field (bit 2 ABRT)
 * @param count        the COUNT field
 * @param lba          the LBA field
 * @param device       the DEVICE field
 * @param status       the STATUS field (bit 0 ERR, bit 5 DF, bit 6 DRDY)
 * @param upperMissing fixed-format sense cut off COUNT(15:8) or LBA(47:24), and they were not zero
 */
public record AtaRegisters(int error, int count, long lba, int device, int status, boolean upperMissing) {
    /** STATUS bit 0: the command ended in error. */
    public static final int ERR = 0x01;
    /** STATUS bit 5: device fault. */
    public static final int DF = 0x20;
    /** ERROR bit 2: the command was aborted. */
    public static final int ABRT = 0x04;

    private static final int STATUS_RETURN_DESCRIPTOR = 0x09;
    /** ASC/ASCQ 0x00/0x1D: ATA PASS THROUGH INFORMATION AVAILABLE. */
    private static final int PASS_THROUGH_INFORMATION = 0x001D;
    private static final int ILLEGAL_REQUEST = 0x5;

    /** The registers a result carries, empty when its sense data holds none. */
    public static Optional<AtaRegisters> from(ScsiResult result) {
        byte[] sense = result.sense();
        if (sense.length == 0) {
            return Optional.empty();
        }
        return switch (sense[0] & 0x7F) {
            case 0x72 -> fromDescriptors(sense);
            case 0x70 -> fromFixed(sense, result);
            default -> Optional.empty();
        };
    }

    /** The command ended in error (ERR or DF in STATUS). */
    public boolean failed() {
        return (status & (ERR | DF)) != 0;
    }

    /** "status 0x51, error 0x04". */
    public String describe() {
        return String.format("status 0x%02X, error 0x%02X", status, error);
    }

    private static Optional<AtaRegisters> fromDescriptors(byte[] sense) {
        if (sense.length < 8) {
            return Optional.empty();
        }
        int end = Math.min(sense.length, 8 + (sense[7] & 0xFF));
        for (int at = 8; at + 1 < end; at += 2 + (sense[at + 1] & 0xFF)) {
            if ((sense[at] & 0xFF) == STATUS_RETURN_DESCRIPTOR && at + 14 <= end) {
                return Optional.of(fromStatusReturn(sense, at));
            }
        }
        return Optional.empty();
    }

    /** SAT-4 "ATA Status Return sense data descriptor": the fields in the CDB's byte order. */
    private static AtaRegisters fromStatusReturn(byte[] d, int at) {
        int count = u(d[at + 4]) << 8 | u(d[at + 5]);
        long lba = (long) u(d[at + 10]) << 40 | (long) u(d[at + 8]) << 32 | (long) u(d[at + 6]) << 24
                | u(d[at + 11]) << 16 | u(d[at + 9]) << 8 | u(d[at + 7]);
        return new AtaRegisters(u(d[at + 3]), count, lba, u(d[at + 12]), u(d[at + 13]), false);
    }

    /**
     * Fixed format holds ATA registers only for ATA PASS THROUGH INFORMATION AVAILABLE or an ATA
     * error the translator passes on; a translator's own ILLEGAL REQUEST holds none.
     */
    private static Optional<AtaRegisters> fromFixed(byte[] s, ScsiResult result) {
        if (s.length < 14) {
            return Optional.empty();
        }
        boolean information = result.additionalSense() == PASS_THROUGH_INFORMATION;
        boolean ataError = result.senseKey() != ILLEGAL_REQUEST && (u(s[4]) & ERR) != 0;
        if (!information && !ataError) {
            return Optional.empty();
        }
        int flags = u(s[8]);
        boolean upperMissing = (flags & 0x60) != 0;
        long lba = u(s[11]) << 16 | u(s[10]) << 8 | u(s[9]);
        return Optional.of(new AtaRegisters(u(s[3]), u(s[6]), lba, u(s[5]), u(s[4]), upperMissing));
    }

    private static int u(byte b) {
        return b & 0xFF;
    }
}
