package dev.blockwipe.engine.firmware;

/**
 * What an NVMe admin command completed with.
 *
 * @param status the completion's Status Field without the phase tag: Status Code Type in bits 10:8,
 *               Status Code in bits 7:0, Do Not Retry in bit 14; 0 is success
 * @param result completion queue entry dword 0 (command specific)
 */
public record NvmeCompletion(int status, int result) {
    public static final NvmeCompletion SUCCESS = new NvmeCompletion(0, 0);

    public boolean succeeded() {
        return (status & 0x7FF) == 0;
    }

    public int statusCodeType() {
        return (status >> 8) & 0x7;
    }

    public int statusCode() {
        return status & 0xFF;
    }
}
