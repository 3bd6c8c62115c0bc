package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.NvmeCommand;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * One Sanitize command (NVMe Base Specification 2.0): CDW10 holds SANACT in bits 2:0, AUSE in
 * bit 3, OWPASS in bits 7:4, OIPBP in bit 8 and NDAS in bit 9; CDW11 the overwrite pattern. The
 * namespace ID is not used (the sanitize reaches the whole NVM subsystem) and is sent as 0.
 *
 * @param action           SANACT
 * @param unrestrictedExit AUSE: a failed sanitize may be left with Exit Failure Mode instead of a new sanitize
 * @param overwritePasses  OWPASS, 1 to 16 (16 is encoded as 0)
 * @param invertPattern    OIPBP: invert the pattern between passes
 * @param noDeallocate     NDAS: leave the blocks allocated afterwards, so they read as what was written
 * @param pattern          OVRPAT, the 32-bit overwrite pattern
 */
public record Sanitize(Action action, boolean unrestrictedExit, int overwritePasses, boolean invertPattern,
                       boolean noDeallocate, int pattern) {

    /** The command only starts the sanitize, which runs in the background. */
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** SANACT: what the sanitize does. */
    public enum Action {
        EXIT_FAILURE_MODE(1, "exit failure mode"),
        BLOCK_ERASE(2, "block erase"),
        OVERWRITE(3, "overwrite"),
        CRYPTO_ERASE(4, "crypto erase");

        private final int code;
        private final String label;

        Action(int code, String label) {
            this.code = code;
            this.label = label;
        }

        public int code() {
            return code;
        }

        public String label() {
            return label;
        }

        public static Optional<Action> of(int code) {
            return Arrays.stream(values()).filter(a -> a.code == code).findFirst();
        }
    }

    public Sanitize {
        if (overwritePasses < 1 || overwritePasses > 16) {
            throw new IllegalArgumentException("a sanitize overwrites 1 to 16 times, not " + overwritePasses);
        }
    }

    /** A sanitize with no overwrite fields: block erase, crypto erase. */
    public static Sanitize erase(Action action) {
        return new Sanitize(action, false, 1, false, false, 0);
    }

    /** One overwrite pass of {@code pattern}, not inverted. */
    public static Sanitize overwrite(int pattern, boolean noDeallocate) {
        return new Sanitize(Action.OVERWRITE, false, 1, false, noDeallocate, pattern);
    }

    /** CDW10; the overwrite fields (OWPASS, OIPBP) are sent only with an overwrite, as the other actions ignore them. */
    public int cdw10() {
        boolean overwrite = action == Action.OVERWRITE;
        return action.code()
                | bit(unrestrictedExit) << 3
                | (overwrite ? (overwritePasses & 0xF) << 4 | bit(invertPattern) << 8 : 0)
                | bit(noDeallocate) << 9;
    }

    public NvmeCommand command() {
        int cdw11 = action == Action.OVERWRITE ? pattern : 0;
        return new NvmeCommand(NvmeCommands.SANITIZE, 0, cdw10(), cdw11, 0, 0, 0, 0, 0, DataDirection.NONE,
                TIMEOUT);
    }

    /** "Sanitize (opcode 0x84), SANACT 2 block erase, AUSE 0, NDAS 0, NSID 0", with the overwrite fields for an overwrite. */
    public String describe() {
        StringBuilder s = new StringBuilder(String.format("Sanitize (opcode 0x84), SANACT %d %s, AUSE %d, NDAS %d",
                action.code(), action.label(), bit(unrestrictedExit), bit(noDeallocate)));
        if (action == Action.OVERWRITE) {
            s.append(String.format(", OWPASS %d, OIPBP %d, OVRPAT 0x%08X", overwritePasses & 0xF, bit(invertPattern),
                    pattern));
        }
        return s.append(", NSID 0").toString();
    }

    private static int bit(boolean set) {
        return set ? 1 : 0;
    }
}
