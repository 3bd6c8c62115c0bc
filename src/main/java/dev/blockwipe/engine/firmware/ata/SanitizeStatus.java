package dev.blockwipe.engine.firmware.ata;

import dev.blockwipe.engine.firmware.DeviceCommands;
import java.io.IOException;
import java.util.Locale;

/**
 * What SANITIZE STATUS EXT returned (ACS-3 7.33.5): the flags in COUNT(15:12), the progress in
 * LBA(15:0) as a fraction of 65,536, and when the drive aborted it, the reason in LBA(7:0).
 *
 * @param aborted the drive aborted the command: its most recent sanitize failed, or it takes no sanitize now
 * @param count   the COUNT field
 * @param lba     the LBA field
 */
public record SanitizeStatus(boolean aborted, int count, long lba) {
    private static final int COMPLETED_WITHOUT_ERROR = 1 << 15;
    private static final int IN_PROGRESS = 1 << 14;
    private static final int FROZEN = 1 << 13;
    private static final int ANTIFREEZE = 1 << 12;
    private static final String[] ABORT_REASONS = {"no reason given", "the sanitize operation failed",
        "unsupported sanitize subcommand", "sanitize is frozen", "the antifreeze lock is on"};

    /**
     * Asks the drive.
     *
     * @throws IOException when the command was not carried or the registers did not come back whole
     */
    public static SanitizeStatus query(DeviceCommands drive) throws IOException {
        AtaReply reply = AtaCommand.sanitizeStatus().sendTo(drive);
        if (reply.registers().isEmpty()) {
            throw new IOException(reply.succeeded()
                    ? "SANITIZE STATUS EXT returned no ATA registers: the connection ignores CK_COND"
                    : "SANITIZE STATUS EXT " + reply.describe());
        }
        AtaRegisters r = reply.registers().get();
        if (r.upperMissing()) {
            throw new IOException("SANITIZE STATUS EXT came back in fixed-format sense, which leaves out the"
                    + " sanitize flags in COUNT(15:8)");
        }
        return new SanitizeStatus(reply.aborted(), r.count(), r.lba());
    }

    public boolean completedWithoutError() {
        return !aborted && (count & COMPLETED_WITHOUT_ERROR) != 0;
    }

    public boolean inProgress() {
        return !aborted && (count & IN_PROGRESS) != 0;
    }

    public boolean frozen() {
        return !aborted && (count & FROZEN) != 0;
    }

    public boolean antifreeze() {
        return !aborted && (count & ANTIFREEZE) != 0;
    }

    /** The fraction done while in progress. */
    public double progress() {
        return (lba & 0xFFFF) / 65536.0;
    }

    /** "in progress, 45% done", "most recent sanitize completed without error", "aborted: the sanitize operation failed". */
    public String describe() {
        if (aborted) {
            int reason = (int) (lba & 0xFF);
            return "aborted: " + (reason < ABORT_REASONS.length ? ABORT_REASONS[reason] : "reason " + reason);
        }
        if (inProgress()) {
            return String.format(Locale.ROOT, "in progress, %.0f%% done", progress() * 100);
        }
        if (frozen()) {
            return "frozen (SANITIZE FREEZE LOCK since power-on)";
        }
        return completedWithoutError() ? "most recent sanitize completed without error" : "idle";
    }
}
