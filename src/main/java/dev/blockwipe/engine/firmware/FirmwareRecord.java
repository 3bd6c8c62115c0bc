package dev.blockwipe.engine.firmware;

import java.util.List;

/**
 * What a firmware erase did, for the certificate: the drive, the command sent, the drive's final
 * word, and the canaries that judge it.
 *
 * @param method   the method's CLI name ("nvme-format-user-data")
 * @param drive    the drive as it identified itself ("QEMU NVMe Ctrl, serial NVME0001, firmware 8.0.0")
 * @param command  the command as sent ("Format NVM (opcode 0x80), NSID 1, SES 1 user data erase, LBAF 0")
 * @param estimate the drive's own estimate of its time ("about 2 minutes"), empty when it gives none
 * @param readsAs  what the drive defines its blocks to read as afterwards ("0x00"), or why that is not
 *                 defined, in which case nothing but the canaries is read back
 * @param outcome  the drive's final status and every command sent
 * @param canaries the canaries written before and read back after
 */
public record FirmwareRecord(String method, String drive, String command, String estimate, String readsAs,
                             FirmwareOutcome outcome, Canaries canaries) {

    /**
     * Random blocks written at stratified pseudorandom positions (the first and last block
     * included) before the erase, each recorded by its SHA-256, and read back after it: a drive
     * that erased them has changed every one.
     *
     * @param blockBytes the bytes of each canary
     * @param planted    the canaries, by offset
     */
    public record Canaries(int blockBytes, List<Canary> planted) {
        public Canaries {
            planted = List.copyOf(planted);
        }

        public long changed() {
            return planted.stream().filter(Canary::changed).count();
        }

        /** Every canary changed, and there was at least one. */
        public boolean allChanged() {
            return !planted.isEmpty() && changed() == planted.size();
        }

        /** "64 of 64 changed" for summaries. */
        public String summary() {
            return changed() + " of " + planted.size() + " changed";
        }
    }

    /**
     * @param offset   byte offset on the target
     * @param sha256   the hash of the random bytes written there (hex)
     * @param changed  whether the bytes read back after the erase differ from them (false until read back)
     */
    public record Canary(long offset, String sha256, boolean changed) {
    }
}
