package dev.blockwipe.engine.firmware;

import java.time.Duration;

/**
 * One SCSI command: its CDB, the data it moves and how long the kernel waits for it.
 *
 * @param cdb        the command descriptor block (6 to 16 bytes)
 * @param direction  which way the data moves
 * @param dataLength bytes of data
 * @param timeout    how long the kernel waits for the status
 */
public record ScsiCommand(byte[] cdb, DataDirection direction, int dataLength, Duration timeout) {
    public ScsiCommand {
        if (cdb.length < 6 || cdb.length > 16) {
            throw new IllegalArgumentException("a CDB is 6 to 16 bytes, not " + cdb.length);
        }
        if (dataLength < 0 || (dataLength == 0) != (direction == DataDirection.NONE)) {
            throw new IllegalArgumentException("data length " + dataLength + " does not fit direction " + direction);
        }
        cdb = cdb.clone();
    }

    @Override
    public byte[] cdb() {
        return cdb.clone();
    }

    /** The operation code: the CDB's first byte. */
    public int opcode() {
        return cdb[0] & 0xFF;
    }
}
