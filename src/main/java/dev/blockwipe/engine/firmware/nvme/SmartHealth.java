package dev.blockwipe.engine.firmware.nvme;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The drive's wear and health from the SMART / Health Information log page (log page 02h, NVMe Base
 * Specification 2.0). The 128-bit counters are read by their low 64 bits.
 *
 * @param criticalWarning byte 0: spare below threshold, temperature, reliability degraded, read only, backup failed
 * @param percentageUsed  byte 5: the vendor's estimate of the life used, may exceed 100
 * @param powerOnHours    bytes 143:128
 * @param mediaErrors     bytes 175:160: unrecovered data integrity errors
 */
public record SmartHealth(int criticalWarning, int percentageUsed, long powerOnHours, long mediaErrors) {

    /** Parses the 512-byte log page. */
    public static SmartHealth parse(byte[] data) {
        if (data.length < NvmeCommands.LOG_PAGE_BYTES) {
            throw new IllegalArgumentException("the SMART / Health log is 512 bytes, not " + data.length);
        }
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        return new SmartHealth(data[0] & 0xFF, data[5] & 0xFF, b.getLong(128), b.getLong(160));
    }

    /** "SMART/health: critical warning 0x00, 3% used, 0 media errors, 1234 power-on hours". */
    public String describe() {
        return String.format("SMART/health: critical warning 0x%02X, %d%% used, %s media errors, %s power-on hours",
                criticalWarning, percentageUsed, Long.toUnsignedString(mediaErrors), Long.toUnsignedString(powerOnHours));
    }
}
