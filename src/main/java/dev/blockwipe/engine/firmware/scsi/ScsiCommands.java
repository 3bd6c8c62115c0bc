package dev.blockwipe.engine.firmware.scsi;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.ScsiCommand;
import java.time.Duration;

/**
 * The CDBs and the parameter list of the SCSI commands Blockwipe sends a SCSI drive, laid out as
 * SPC-5 (INQUIRY, REPORT SUPPORTED OPERATION CODES, REQUEST SENSE, TEST UNIT READY) and SBC-4
 * (SANITIZE) define them.
 */
public final class ScsiCommands {
    /** Bytes of standard INQUIRY data asked for: enough for vendor, product and revision (bytes 8-35). */
    public static final int INQUIRY_LENGTH = 96;
    /** Bytes of a VPD page asked for: a serial number page fits with room to spare. */
    public static final int VPD_LENGTH = 252;
    /** The Unit Serial Number VPD page (SPC-5). */
    public static final int UNIT_SERIAL_NUMBER_PAGE = 0x80;
    /** Bytes of one-command RSOC data asked for: header, a CDB usage map of up to 32 bytes, no timeouts. */
    public static final int RSOC_LENGTH = 64;
    /** Bytes of sense data asked of REQUEST SENSE: the most SPC-5 allows, as sg_requests asks. */
    public static final int SENSE_LENGTH = 252;
    /** The SANITIZE operation code (SBC-4). */
    public static final int SANITIZE = 0x48;

    private static final int INQUIRY = 0x12;
    private static final int MAINTENANCE_IN = 0xA3;
    private static final int REPORT_SUPPORTED_OPERATION_CODES = 0x0C;
    /** REPORTING OPTIONS 010b: one command, with service action (SPC-4 and later all have it). */
    private static final int ONE_COMMAND_WITH_SERVICE_ACTION = 0b010;
    private static final int REQUEST_SENSE = 0x03;
    private static final int TEST_UNIT_READY = 0x00;
    private static final int IMMED = 0x80;
    private static final int INVERT = 0x80;
    private static final int MAX_OVERWRITE_COUNT = 0x1F;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private ScsiCommands() {
    }

    /** INQUIRY (6-byte CDB), standard data. */
    public static ScsiCommand inquiry() {
        return new ScsiCommand(new byte[] {INQUIRY, 0, 0, 0, INQUIRY_LENGTH, 0},
                DataDirection.FROM_DEVICE, INQUIRY_LENGTH, TIMEOUT);
    }

    /** INQUIRY with EVPD 1 for the Unit Serial Number page. */
    public static ScsiCommand unitSerialNumber() {
        return new ScsiCommand(new byte[] {INQUIRY, 0x01, (byte) UNIT_SERIAL_NUMBER_PAGE, 0, (byte) VPD_LENGTH, 0},
                DataDirection.FROM_DEVICE, VPD_LENGTH, TIMEOUT);
    }

    /**
     * REPORT SUPPORTED OPERATION CODES (MAINTENANCE IN, 12-byte CDB) about one command and one of
     * its service actions, answered in the one-command format.
     */
    public static ScsiCommand reportSupport(int opcode, int serviceAction) {
        byte[] cdb = new byte[12];
        cdb[0] = (byte) MAINTENANCE_IN;
        cdb[1] = REPORT_SUPPORTED_OPERATION_CODES;
        cdb[2] = ONE_COMMAND_WITH_SERVICE_ACTION;
        cdb[3] = (byte) opcode;
        putShort(cdb, 4, serviceAction);
        putInt(cdb, 6, RSOC_LENGTH);
        return new ScsiCommand(cdb, DataDirection.FROM_DEVICE, RSOC_LENGTH, TIMEOUT);
    }

    /**
     * SANITIZE (10-byte CDB) with IMMED 1, so that the drive answers once it has started and the
     * progress is polled with REQUEST SENSE, and AUSE 0, so that a failed sanitize leaves the drive
     * in failure mode until a sanitize completes (SBC-4, sanitize operations).
     *
     * @param parameterListLength bytes of parameter list sent: {@link #overwriteParameters} for
     *                            OVERWRITE, 0 for the erases
     */
    public static ScsiCommand sanitize(SanitizeAction action, int parameterListLength) {
        byte[] cdb = new byte[10];
        cdb[0] = SANITIZE;
        cdb[1] = (byte) (IMMED | action.code());
        putShort(cdb, 7, parameterListLength);
        return new ScsiCommand(cdb, parameterListLength == 0 ? DataDirection.NONE : DataDirection.TO_DEVICE,
                parameterListLength, TIMEOUT);
    }

    /**
     * The OVERWRITE parameter list (SBC-4). TEST stays 0: its other values are for the
     * drive maker's own testing.
     *
     * @param passes  the OVERWRITE COUNT, 1 to 31
     * @param invert  whether the drive inverts the pattern between consecutive passes
     * @param pattern the initialization pattern, no longer than a logical block
     */
    public static byte[] overwriteParameters(int passes, boolean invert, byte[] pattern) {
        if (passes < 1 || passes > MAX_OVERWRITE_COUNT) {
            throw new IllegalArgumentException("an overwrite makes 1 to 31 passes, not " + passes);
        }
        if (pattern.length == 0 || pattern.length > 0xFFFF) {
            throw new IllegalArgumentException("an initialization pattern is 1 to 65535 bytes, not " + pattern.length);
        }
        byte[] list = new byte[4 + pattern.length];
        list[0] = (byte) ((invert ? INVERT : 0) | passes);
        putShort(list, 2, pattern.length);
        System.arraycopy(pattern, 0, list, 4, pattern.length);
        return list;
    }

    /** REQUEST SENSE (6-byte CDB) in fixed format (DESC 0), which every drive returns. */
    public static ScsiCommand requestSense() {
        return new ScsiCommand(new byte[] {REQUEST_SENSE, 0, 0, 0, (byte) SENSE_LENGTH, 0},
                DataDirection.FROM_DEVICE, SENSE_LENGTH, TIMEOUT);
    }

    /** TEST UNIT READY (6-byte CDB). */
    public static ScsiCommand testUnitReady() {
        return new ScsiCommand(new byte[] {TEST_UNIT_READY, 0, 0, 0, 0, 0}, DataDirection.NONE, 0, TIMEOUT);
    }

    private static void putShort(byte[] b, int at, int value) {
        b[at] = (byte) (value >>> 8);
        b[at + 1] = (byte) value;
    }

    private static void putInt(byte[] b, int at, int value) {
        putShort(b, at, value >>> 16);
        putShort(b, at + 2, value);
    }
}
