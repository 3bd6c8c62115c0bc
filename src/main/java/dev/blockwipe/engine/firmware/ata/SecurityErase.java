package dev.blockwipe.engine.firmware.ata;

import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.FirmwareOperation;
import dev.blockwipe.engine.firmware.FirmwareOutcome;
import dev.blockwipe.engine.firmware.FirmwareProgress;
import dev.blockwipe.engine.method.FirmwareMethod;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SECURITY ERASE UNIT, normal or enhanced, with a temporary user password: SECURITY SET PASSWORD,
 * SECURITY ERASE PREPARE, SECURITY ERASE UNIT (ACS-3 7.38, 7.39, 7.41). The drive clears the password
 * itself when the erase succeeds; Blockwipe checks that with IDENTIFY DEVICE and, after any failure
 * once the password may have been set, sends SECURITY DISABLE PASSWORD.
 *
 * <p>The password is always {@value #TEMPORARY_PASSWORD}, so that whoever finds a drive locked after
 * a power loss during the erase can unlock it: {@code hdparm --security-unlock blockwipe} and
 * {@code hdparm --security-disable blockwipe}.
 */
public final class SecurityErase implements FirmwareOperation {
    /** The user password set for the erase, documented so a drive left locked can be unlocked. */
    public static final String TEMPORARY_PASSWORD = "blockwipe";
    /** How long to wait for SECURITY ERASE UNIT when the drive gives no estimate. */
    static final Duration NO_ESTIMATE_TIMEOUT = Duration.ofHours(12);
    /** SG_IO's timeout is 32-bit milliseconds (about 49 days); stay below it. */
    private static final Duration LONGEST_TIMEOUT = Duration.ofDays(30);
    private static final String NOT_CLEARED = "the temporary password '" + TEMPORARY_PASSWORD
            + "' could not be cleared: unlock with hdparm --security-disable " + TEMPORARY_PASSWORD;

    private final boolean enhanced;
    private final Duration timeout;

    /**
     * @param enhanced the enhanced erase (ENHANCED bit): the drive's own pattern on every block,
     *                 reallocated ones included
     * @param estimate the drive's estimate (IDENTIFY word 89 or 90)
     */
    public SecurityErase(boolean enhanced, IdentifyData.EraseTime estimate) {
        this.enhanced = enhanced;
        this.timeout = timeoutFor(estimate);
    }

    /** Twice the drive's estimate and ten minutes, or 12 hours when it gives none. */
    static Duration timeoutFor(IdentifyData.EraseTime estimate) {
        Duration timeout = estimate.estimate().map(e -> e.multipliedBy(2).plusMinutes(10)).orElse(NO_ESTIMATE_TIMEOUT);
        return timeout.compareTo(LONGEST_TIMEOUT) > 0 ? LONGEST_TIMEOUT : timeout;
    }

    /** Why the drive cannot take this erase now by its IDENTIFY data, empty when it can. */
    static Optional<String> refusal(boolean enhanced, IdentifyData.Security security) {
        if (!security.supported()) {
            return Optional.of("the drive does not support the Security feature set (IDENTIFY word 82 bit 1 clear)");
        }
        if (enhanced && !security.enhancedErase()) {
            return Optional.of("the drive does not support enhanced security erase (IDENTIFY word 128 bit 5 clear)");
        }
        if (security.countExpired()) {
            return Optional.of("the drive refused too many wrong passwords: power-cycle it");
        }
        if (security.locked()) {
            return Optional.of("the drive is locked with a password someone set: unlock it first");
        }
        if (security.frozen()) {
            return Optional.of("the drive's security is frozen (the BIOS froze it at boot): suspend the machine to RAM"
                    + " and wake it (systemctl suspend), or unplug and replug the drive's power, then look again");
        }
        if (security.enabled()) {
            return Optional.of("the drive has a user password someone set: disable it first"
                    + " (hdparm --security-disable PASSWORD)");
        }
        return Optional.empty();
    }

    @Override
    public FirmwareMethod method() {
        return enhanced ? FirmwareMethod.ATA_SECURE_ERASE_ENHANCED : FirmwareMethod.ATA_SECURE_ERASE;
    }

    /** The timeout SECURITY ERASE UNIT is sent with. */
    public Duration timeout() {
        return timeout;
    }

    @Override
    public String command() {
        return "SECURITY ERASE UNIT (ATA 0xF4), " + (enhanced ? "enhanced" : "normal") + ", after SECURITY SET PASSWORD"
                + " (ATA 0xF1, user password '" + TEMPORARY_PASSWORD + "') and SECURITY ERASE PREPARE (ATA 0xF3),"
                + " through ATA PASS-THROUGH (16)";
    }

    @Override
    public FirmwareOutcome run(DeviceCommands drive, FirmwareProgress progress) throws IOException {
        List<String> steps = new ArrayList<>();
        IdentifyData.Security security = identify(drive, steps);
        Optional<String> refused = refusal(enhanced, security);
        if (refused.isPresent()) {
            return new FirmwareOutcome(false, "not started: " + refused.get(), steps);
        }
        progress.progress(-1, "Security erase: the drive does not report progress");
        Ended ended;
        try {
            ended = erase(drive, steps);
        } catch (IOException e) {
            throw new IOException(e.getMessage() + "; " + clearPassword(drive, steps), e);
        }
        return new FirmwareOutcome(ended.succeeded(), ended.status() + "; " + clearPassword(drive, steps), steps);
    }

    private record Ended(boolean succeeded, String status) {
    }

    private Ended erase(DeviceCommands drive, List<String> steps) throws IOException {
        AtaReply set = send(drive, AtaCommand.securitySetPassword(), PasswordBlock.setPassword(TEMPORARY_PASSWORD),
                steps);
        if (!set.succeeded()) {
            return new Ended(false, "SECURITY SET PASSWORD " + set.describe() + ", nothing erased");
        }
        AtaReply prepare = send(drive, AtaCommand.securityErasePrepare(), new byte[0], steps);
        if (!prepare.succeeded()) {
            return new Ended(false, "SECURITY ERASE PREPARE " + prepare.describe() + ", nothing erased");
        }
        AtaReply erase = send(drive, AtaCommand.securityEraseUnit(timeout),
                PasswordBlock.eraseUnit(TEMPORARY_PASSWORD, enhanced), steps);
        return erase.succeeded() ? new Ended(true, "SECURITY ERASE UNIT completed without error")
                : new Ended(false, "SECURITY ERASE UNIT " + erase.describe());
    }

    private static AtaReply send(DeviceCommands drive, AtaCommand command, byte[] data, List<String> steps)
            throws IOException {
        try {
            AtaReply reply = command.sendTo(drive, data);
            steps.add(reply.step());
            return reply;
        } catch (IOException e) {
            steps.add(command.name() + ": not sent (" + e.getMessage() + ")");
            throw e;
        }
    }

    /**
     * Leaves the drive without the temporary password, and says whether it did; never throws, as it
     * runs on the failure paths too.
     */
    private static String clearPassword(DeviceCommands drive, List<String> steps) {
        try {
            IdentifyData.Security security = identify(drive, steps);
            if (!security.enabled()) {
                return "no password left set (IDENTIFY word 128 bit 1 clear)";
            }
            if (security.locked()) {
                send(drive, AtaCommand.securityUnlock(), PasswordBlock.user(TEMPORARY_PASSWORD), steps);
            }
            send(drive, AtaCommand.securityDisablePassword(), PasswordBlock.user(TEMPORARY_PASSWORD), steps);
            return identify(drive, steps).enabled() ? NOT_CLEARED
                    : "the temporary password '" + TEMPORARY_PASSWORD + "' was cleared with SECURITY DISABLE PASSWORD";
        } catch (IOException e) {
            steps.add("clearing the temporary password failed: " + e.getMessage());
            return NOT_CLEARED;
        }
    }

    private static IdentifyData.Security identify(DeviceCommands drive, List<String> steps) throws IOException {
        byte[] data = new byte[AtaCommand.BLOCK];
        AtaReply reply = send(drive, AtaCommand.identifyDevice(), data, steps);
        if (!reply.succeeded()) {
            throw new IOException("IDENTIFY DEVICE " + reply.describe());
        }
        IdentifyData.Security security = IdentifyData.parse(data).security();
        steps.add("IDENTIFY DEVICE word 128: " + describe(security));
        return security;
    }

    /** "supported, enabled, not locked, not frozen" for steps and facts. */
    static String describe(IdentifyData.Security s) {
        if (!s.supported()) {
            return "not supported";
        }
        return "supported, " + (s.enabled() ? "enabled" : "not enabled") + ", " + (s.locked() ? "locked" : "not locked")
                + ", " + (s.frozen() ? "frozen" : "not frozen") + (s.countExpired() ? ", password count expired" : "");
    }
}
