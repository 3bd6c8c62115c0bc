package dev.blockwipe.engine.firmware.ata;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.ScsiCommand;
import java.io.IOException;
import java.time.Duration;

/**
 * One ATA command as its taskfile (ACS-3), and its ATA PASS-THROUGH (16) CDB (SAT-4, operation code
 * 0x85). Data-moving commands move one 512-byte block, its length given in the COUNT field
 * (T_LENGTH 2, BYT_BLOK 1, T_TYPE 0).
 *
 * @param name           the command's name in ACS-3, for steps and messages ("SECURITY ERASE UNIT")
 * @param command        the COMMAND field
 * @param features       the FEATURES field (16 bits for a 48-bit command)
 * @param count          the COUNT field (16 bits for a 48-bit command)
 * @param lba            the LBA field (48 bits for a 48-bit command; 24 otherwise, as no 28-bit command of
 *                       this module addresses a block and bits 27:24 would go in DEVICE)
 * @param device         the DEVICE field (bit 6 set for commands that carry an LBA)
 * @param protocol       how the translator moves the command's data
 * @param extend         a 48-bit command: the EXTEND bit
 * @param checkCondition the CK_COND bit: the translator returns the result registers even when the command succeeds
 * @param timeout        how long the kernel waits for the command
 */
public record AtaCommand(String name, int command, int features, int count, long lba, int device, Protocol protocol,
                         boolean extend, boolean checkCondition, Duration timeout) {

    /** SAT-4 ATA PASS-THROUGH (16). */
    public static final int ATA_PASS_THROUGH_16 = 0x85;
    /** Bytes every data-moving command of this module moves. */
    public static final int BLOCK = 512;
    /** The LBA signature SANITIZE CRYPTO SCRAMBLE EXT requires: "Cryp". */
    public static final long CRYPTO_SCRAMBLE_KEY = 0x4372_7970L;
    /** The LBA signature SANITIZE BLOCK ERASE EXT requires: "BkEr". */
    public static final long BLOCK_ERASE_KEY = 0x426B_4572L;
    /** The signature SANITIZE OVERWRITE EXT requires in LBA(47:32): "OW". */
    public static final long OVERWRITE_KEY = 0x4F57L;

    static final int IDENTIFY_DEVICE = 0xEC;
    static final int SECURITY_SET_PASSWORD = 0xF1;
    static final int SECURITY_UNLOCK = 0xF2;
    static final int SECURITY_ERASE_PREPARE = 0xF3;
    static final int SECURITY_ERASE_UNIT = 0xF4;
    static final int SECURITY_DISABLE_PASSWORD = 0xF6;
    static final int SANITIZE_DEVICE = 0xB4;
    static final int READ_NATIVE_MAX_ADDRESS_EXT = 0x27;
    static final int DEVICE_CONFIGURATION = 0xB1;

    static final int SANITIZE_STATUS_EXT = 0x0000;
    static final int CRYPTO_SCRAMBLE_EXT = 0x0011;
    static final int BLOCK_ERASE_EXT = 0x0012;
    static final int OVERWRITE_EXT = 0x0014;
    static final int DEVICE_CONFIGURATION_IDENTIFY = 0xC2;

    /** DEVICE bit 6: the LBA field holds a logical block address. */
    private static final int LBA_MODE = 0x40;
    private static final Duration SHORT = Duration.ofSeconds(30);

    /** SAT-4's PROTOCOL field values this module uses. */
    public enum Protocol {
        NON_DATA(3, DataDirection.NONE),
        PIO_DATA_IN(4, DataDirection.FROM_DEVICE),
        PIO_DATA_OUT(5, DataDirection.TO_DEVICE);

        private final int code;
        private final DataDirection direction;

        Protocol(int code, DataDirection direction) {
            this.code = code;
            this.direction = direction;
        }

        public int code() {
            return code;
        }

        public DataDirection direction() {
            return direction;
        }
    }

    public AtaCommand {
        int width = extend ? 16 : 8;
        if (command >>> 8 != 0 || features >>> width != 0 || count >>> width != 0
                || lba >>> (extend ? 48 : 24) != 0 || device >>> 8 != 0) {
            throw new IllegalArgumentException(name + ": a field does not fit its register");
        }
    }

    /** IDENTIFY DEVICE: 512 bytes of identify data. */
    public static AtaCommand identifyDevice() {
        return dataIn("IDENTIFY DEVICE", IDENTIFY_DEVICE, 0);
    }

    /** DEVICE CONFIGURATION IDENTIFY: 512 bytes, words 3 to 6 the factory maximum LBA. */
    public static AtaCommand deviceConfigurationIdentify() {
        return dataIn("DEVICE CONFIGURATION IDENTIFY", DEVICE_CONFIGURATION, DEVICE_CONFIGURATION_IDENTIFY);
    }

    /** SECURITY SET PASSWORD, its data a {@link PasswordBlock#setPassword} block. */
    public static AtaCommand securitySetPassword() {
        return dataOut("SECURITY SET PASSWORD", SECURITY_SET_PASSWORD, SHORT);
    }

    /** SECURITY UNLOCK, its data a {@link PasswordBlock#user} block. */
    public static AtaCommand securityUnlock() {
        return dataOut("SECURITY UNLOCK", SECURITY_UNLOCK, SHORT);
    }

    /** SECURITY ERASE PREPARE: the drive takes SECURITY ERASE UNIT only right after it. */
    public static AtaCommand securityErasePrepare() {
        return nonData("SECURITY ERASE PREPARE", SECURITY_ERASE_PREPARE, 0, 0, 0, false, false, SHORT);
    }

    /** SECURITY ERASE UNIT, its data a {@link PasswordBlock#eraseUnit} block; it returns when the erase ends. */
    public static AtaCommand securityEraseUnit(Duration timeout) {
        return dataOut("SECURITY ERASE UNIT", SECURITY_ERASE_UNIT, timeout);
    }

    /** SECURITY DISABLE PASSWORD, its data a {@link PasswordBlock#user} block. */
    public static AtaCommand securityDisablePassword() {
        return dataOut("SECURITY DISABLE PASSWORD", SECURITY_DISABLE_PASSWORD, SHORT);
    }

    /** SANITIZE STATUS EXT, result registers asked for; never clears a failed sanitize's state. */
    public static AtaCommand sanitizeStatus() {
        return nonData("SANITIZE STATUS EXT", SANITIZE_DEVICE, SANITIZE_STATUS_EXT, 0, 0, true, true, SHORT);
    }

    /**
     * CRYPTO SCRAMBLE EXT. COUNT bit 4 (FAILURE MODE) stays clear: a sanitize that fails leaves the
     * drive refusing reads until one completes, rather than letting it return data.
     */
    public static AtaCommand cryptoScramble() {
        return sanitize("CRYPTO SCRAMBLE EXT", CRYPTO_SCRAMBLE_EXT, 0, CRYPTO_SCRAMBLE_KEY);
    }

    /** BLOCK ERASE EXT, FAILURE MODE clear as for {@link #cryptoScramble}. */
    public static AtaCommand blockErase() {
        return sanitize("BLOCK ERASE EXT", BLOCK_ERASE_EXT, 0, BLOCK_ERASE_KEY);
    }

    /**
     * OVERWRITE EXT: {@code pattern} in LBA(31:0), the "OW" signature in LBA(47:32), COUNT bits 3:0
     * the pass count (1 to 15; the drive reads 0 as 16), bit 7 INVERT PATTERN BETWEEN OVERWRITE PASSES.
     */
    public static AtaCommand overwrite(int pattern, int passes, boolean invert) {
        if (passes < 1 || passes > 15) {
            throw new IllegalArgumentException("OVERWRITE EXT takes 1 to 15 passes, not " + passes);
        }
        return sanitize("OVERWRITE EXT", OVERWRITE_EXT, passes | (invert ? 0x80 : 0),
                OVERWRITE_KEY << 32 | Integer.toUnsignedLong(pattern));
    }

    /** READ NATIVE MAX ADDRESS EXT: the native max LBA in the result registers. */
    public static AtaCommand readNativeMaxAddress() {
        return nonData("READ NATIVE MAX ADDRESS EXT", READ_NATIVE_MAX_ADDRESS_EXT, 0, 0, 0, true, true, SHORT);
    }

    private static AtaCommand sanitize(String name, int subcommand, int count, long lba) {
        return nonData(name, SANITIZE_DEVICE, subcommand, count, lba, true, false, Duration.ofSeconds(60));
    }

    private static AtaCommand nonData(String name, int command, int features, int count, long lba, boolean extend,
                                      boolean checkCondition, Duration timeout) {
        return new AtaCommand(name, command, features, count, lba, extend ? LBA_MODE : 0, Protocol.NON_DATA, extend,
                checkCondition, timeout);
    }

    private static AtaCommand dataIn(String name, int command, int features) {
        return new AtaCommand(name, command, features, 1, 0, 0, Protocol.PIO_DATA_IN, false, false, SHORT);
    }

    private static AtaCommand dataOut(String name, int command, Duration timeout) {
        return new AtaCommand(name, command, 0, 1, 0, 0, Protocol.PIO_DATA_OUT, false, false, timeout);
    }

    /** Bytes of data the command moves. */
    public int dataLength() {
        return protocol == Protocol.NON_DATA ? 0 : BLOCK;
    }

    /** The ATA PASS-THROUGH (16) CDB, SAT-4 table "ATA PASS-THROUGH (16) command". */
    public byte[] cdb() {
        byte[] cdb = new byte[16];
        cdb[0] = (byte) ATA_PASS_THROUGH_16;
        cdb[1] = (byte) (protocol.code() << 1 | (extend ? 1 : 0));
        cdb[2] = (byte) ((checkCondition ? 0x20 : 0) | transferBits());
        cdb[3] = (byte) (features >> 8);
        cdb[4] = (byte) features;
        cdb[5] = (byte) (count >> 8);
        cdb[6] = (byte) count;
        cdb[7] = (byte) (lba >> 24);
        cdb[8] = (byte) lba;
        cdb[9] = (byte) (lba >> 32);
        cdb[10] = (byte) (lba >> 8);
        cdb[11] = (byte) (lba >> 40);
        cdb[12] = (byte) (lba >> 16);
        cdb[13] = (byte) device;
        cdb[14] = (byte) command;
        return cdb;
    }

    /** T_DIR (bit 3), BYT_BLOK (bit 2) and T_LENGTH (bits 1:0, 2 = the COUNT field) for the protocol. */
    private int transferBits() {
        return switch (protocol) {
            case NON_DATA -> 0;
            case PIO_DATA_IN -> 0x08 | 0x04 | 0x02;
            case PIO_DATA_OUT -> 0x04 | 0x02;
        };
    }

    /** The command as SG_IO sends it. */
    public ScsiCommand toScsi() {
        return new ScsiCommand(cdb(), protocol.direction(), dataLength(), timeout);
    }

    /**
     * Sends the command and returns how it ended.
     *
     * @param data {@link #dataLength()} bytes: filled by a data-in command, sent by a data-out one
     * @throws IOException when SG_IO could not send it
     */
    public AtaReply sendTo(DeviceCommands drive, byte[] data) throws IOException {
        return AtaReply.of(this, drive.scsi(toScsi(), data));
    }

    /** Sends a non-data command. */
    public AtaReply sendTo(DeviceCommands drive) throws IOException {
        return sendTo(drive, new byte[0]);
    }

    /** "SANITIZE DEVICE (0xB4), FEATURES 0x0012, LBA 0x0000426B4572" for steps and certificates. */
    public String describe() {
        StringBuilder s = new StringBuilder(name).append(String.format(" (ATA 0x%02X", command));
        if (features != 0) {
            s.append(String.format(", FEATURES 0x%04X", features));
        }
        if (count != 0 && protocol == Protocol.NON_DATA) {
            s.append(String.format(", COUNT 0x%04X", count));
        }
        if (lba != 0) {
            s.append(String.format(", LBA 0x%012X", lba));
        }
        return s.append(") through ATA PASS-THROUGH (16)").toString();
    }
}
