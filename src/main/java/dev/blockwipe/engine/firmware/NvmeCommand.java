package dev.blockwipe.engine.firmware;

import java.time.Duration;

/**
 * One NVMe admin command as the NVMe Base Specification lays out its submission queue entry: the
 * opcode, the namespace, command dwords 10 to 15, and the data it moves (the driver builds the PRPs).
 *
 * @param opcode     the admin opcode (0x06 Identify, 0x02 Get Log Page, 0x80 Format NVM, 0x84 Sanitize)
 * @param nsid       the namespace ID (0 for none, 0xFFFFFFFF for all)
 * @param cdw10      command dword 10, and so on to 15
 * @param dataLength bytes of data
 * @param direction  which way they move
 * @param timeout    how long the kernel waits for the completion
 */
public record NvmeCommand(int opcode, int nsid, int cdw10, int cdw11, int cdw12, int cdw13, int cdw14, int cdw15,
                          int dataLength, DataDirection direction, Duration timeout) {
    public NvmeCommand {
        if (opcode < 0 || opcode > 0xFF) {
            throw new IllegalArgumentException("an NVMe opcode is one byte: " + opcode);
        }
        if (dataLength < 0 || (dataLength == 0) != (direction == DataDirection.NONE)) {
            throw new IllegalArgumentException("data length " + dataLength + " does not fit direction " + direction);
        }
    }
}
