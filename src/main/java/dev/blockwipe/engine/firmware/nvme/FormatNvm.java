package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.NvmeCommand;
import java.time.Duration;

/**
 * One Format NVM command (NVMe Base Specification 2.0): CDW10 holds the LBA format (LBAFL in
 * bits 3:0, LBAFU in bits 13:12), MSET in bit 4, PI in bits 7:5, PIL in bit 8 and SES in bits 11:9.
 *
 * @param nsid             the namespace to format
 * @param lbaFormat        the LBA format index, 0 to 63
 * @param extendedMetadata MSET: metadata travels at the end of each block rather than in a separate buffer
 * @param protectionType   PI: the protection information type, 0 to 3
 * @param protectionFirst  PIL: protection information in the first bytes of the metadata
 * @param secureErase      SES: what the format erases
 */
public record FormatNvm(int nsid, int lbaFormat, boolean extendedMetadata, int protectionType,
                        boolean protectionFirst, SecureErase secureErase) {

    /** A format can erase every block of a large namespace before it completes. */
    static final Duration TIMEOUT = Duration.ofHours(1);

    /** Format NVM's Secure Erase Settings. */
    public enum SecureErase {
        USER_DATA(1, "user data erase"),
        CRYPTO(2, "crypto erase");

        private final int code;
        private final String label;

        SecureErase(int code, String label) {
            this.code = code;
            this.label = label;
        }

        public int code() {
            return code;
        }

        public String label() {
            return label;
        }
    }

    public FormatNvm {
        if (lbaFormat < 0 || lbaFormat > 63) {
            throw new IllegalArgumentException("an LBA format index is 0 to 63, not " + lbaFormat);
        }
        if (protectionType < 0 || protectionType > 3) {
            throw new IllegalArgumentException("a protection information type is 0 to 3, not " + protectionType);
        }
    }

    /** A format of {@code namespace} that keeps its LBA format, metadata and protection settings. */
    public static FormatNvm keeping(int nsid, IdentifyNamespace namespace, SecureErase secureErase) {
        return new FormatNvm(nsid, namespace.formatIndex(), namespace.extendedMetadata(),
                namespace.protectionType(), namespace.protectionFirst(), secureErase);
    }

    public int cdw10() {
        return lbaFormat & 0xF
                | bit(extendedMetadata) << 4
                | protectionType << 5
                | bit(protectionFirst) << 8
                | secureErase.code() << 9
                | (lbaFormat >> 4) << 12;
    }

    public NvmeCommand command() {
        return new NvmeCommand(NvmeCommands.FORMAT_NVM, nsid, cdw10(), 0, 0, 0, 0, 0, 0, DataDirection.NONE, TIMEOUT);
    }

    /** "Format NVM (opcode 0x80), NSID 1, SES 1 user data erase, LBAF 0, MSET 0, PI 0, PIL 0". */
    public String describe() {
        return String.format("Format NVM (opcode 0x80), NSID %d, SES %d %s, LBAF %d, MSET %d, PI %d, PIL %d",
                Integer.toUnsignedLong(nsid), secureErase.code(), secureErase.label(), lbaFormat,
                bit(extendedMetadata), protectionType, bit(protectionFirst));
    }

    private static int bit(boolean set) {
        return set ? 1 : 0;
    }
}
