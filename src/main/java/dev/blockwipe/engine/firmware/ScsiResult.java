package dev.blockwipe.engine.firmware;

import java.util.HexFormat;

/**
 * What a SCSI command ended with.
 *
 * @param status       the SAM status (0 GOOD, 2 CHECK CONDITION, 8 BUSY)
 * @param hostStatus   the host adapter's status (0 when the command reached the device)
 * @param driverStatus the kernel driver's status (sg's driver_status; 0 or DRIVER_SENSE alone is fine)
 * @param sense        the sense data the device returned (empty when none)
 * @param residual     bytes of data asked for that did not move
 */
public record ScsiResult(int status, int hostStatus, int driverStatus, byte[] sense, int residual) {
    public static final int GOOD = 0;
    public static final int CHECK_CONDITION = 2;
    /** sg's driver_status when sense data came back: not an error of the transport. */
    public static final int DRIVER_SENSE = 0x08;

    public ScsiResult {
        sense = sense.clone();
    }

    public static ScsiResult goodStatus() {
        return new ScsiResult(GOOD, 0, 0, new byte[0], 0);
    }

    public static ScsiResult checkCondition(byte[] sense) {
        return new ScsiResult(CHECK_CONDITION, 0, DRIVER_SENSE, sense, 0);
    }

    @Override
    public byte[] sense() {
        return sense.clone();
    }

    /** The command reached the device and came back: its status, not the transport's, says what happened. */
    public boolean delivered() {
        return hostStatus == 0 && (driverStatus & ~DRIVER_SENSE) == 0;
    }

    public boolean isGood() {
        return delivered() && status == GOOD;
    }

    /** The sense key of fixed (0x70/0x71) or descriptor (0x72/0x73) sense data, -1 when there is none. */
    public int senseKey() {
        if (sense.length < 3) {
            return -1;
        }
        int code = sense[0] & 0x7F;
        return switch (code) {
            case 0x70, 0x71 -> sense[2] & 0x0F;
            case 0x72, 0x73 -> sense[1] & 0x0F;
            default -> -1;
        };
    }

    /** The additional sense code and its qualifier as 0xASCQ (0x2000: invalid command operation code), -1 when none. */
    public int additionalSense() {
        int code = sense.length > 0 ? sense[0] & 0x7F : 0;
        if ((code == 0x70 || code == 0x71) && sense.length >= 14) {
            return (sense[12] & 0xFF) << 8 | sense[13] & 0xFF;
        }
        if ((code == 0x72 || code == 0x73) && sense.length >= 4) {
            return (sense[2] & 0xFF) << 8 | sense[3] & 0xFF;
        }
        return -1;
    }

    /** "status 0x02, sense key 0x5, ASC/ASCQ 0x2000" for messages. */
    public String describe() {
        if (!delivered()) {
            return "not delivered (host status 0x" + Integer.toHexString(hostStatus) + ", driver status 0x"
                    + Integer.toHexString(driverStatus) + ")";
        }
        StringBuilder s = new StringBuilder("status 0x").append(HexFormat.of().toHexDigits((byte) status));
        if (senseKey() >= 0) {
            s.append(", sense key 0x").append(Integer.toHexString(senseKey()))
                    .append(", ASC/ASCQ 0x").append(String.format("%04X", additionalSense()));
        }
        return s.toString();
    }
}
