package dev.blockwipe.engine.firmware.ata;

import dev.blockwipe.engine.firmware.ScsiResult;
import java.util.Optional;

/**
 * How one ATA command through ATA PASS-THROUGH (16) ended: the SCSI result and the ATA registers
 * the translator returned with it.
 *
 * @param command   the command sent
 * @param result    what SG_IO returned
 * @param registers the result registers, when the sense data held them
 */
public record AtaReply(AtaCommand command, ScsiResult result, Optional<AtaRegisters> registers) {
    private static final int ILLEGAL_REQUEST = 0x5;
    private static final int INVALID_COMMAND_OPERATION_CODE = 0x20;
    private static final int INVALID_FIELD_IN_CDB = 0x24;

    static AtaReply of(AtaCommand command, ScsiResult result) {
        return new AtaReply(command, result, AtaRegisters.from(result));
    }

    /**
     * The drive completed the command without error: GOOD, or CHECK CONDITION carrying registers
     * with neither ERR nor DF (the answer to CK_COND).
     */
    public boolean succeeded() {
        if (!result.delivered()) {
            return false;
        }
        if (result.status() == ScsiResult.GOOD) {
            return registers.map(r -> !r.failed()).orElse(true);
        }
        return result.status() == ScsiResult.CHECK_CONDITION && registers.map(r -> !r.failed()).orElse(false);
    }

    /** The drive aborted the command: ERR in STATUS, ABRT in ERROR. */
    public boolean aborted() {
        return registers.map(r -> r.failed() && (r.error() & AtaRegisters.ABRT) != 0).orElse(false);
    }

    /**
     * The path to the drive did not carry the command: not delivered, or the translator's own
     * ILLEGAL REQUEST for the operation code or a CDB field (a USB bridge without SAT).
     */
    public boolean refusedOnTheWay() {
        if (!result.delivered()) {
            return true;
        }
        int asc = result.additionalSense() >> 8;
        return registers.isEmpty() && result.status() == ScsiResult.CHECK_CONDITION
                && result.senseKey() == ILLEGAL_REQUEST && (asc == INVALID_COMMAND_OPERATION_CODE
                || asc == INVALID_FIELD_IN_CDB);
    }

    /** "good", "aborted by the drive (status 0x51, error 0x04)", or the SCSI result. */
    public String describe() {
        if (succeeded()) {
            return "good";
        }
        if (registers.isPresent()) {
            return (aborted() ? "aborted by the drive (" : "failed (") + registers.get().describe() + ")";
        }
        return "failed (" + result.describe() + ")";
    }

    /** "SECURITY ERASE PREPARE: good" as a step of an outcome. */
    public String step() {
        return command.name() + ": " + describe();
    }
}
