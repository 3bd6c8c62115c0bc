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
 * A SANITIZE DEVICE erase (block erase, crypto scramble, or one overwrite pass of zeroes), followed
 * with SANITIZE STATUS EXT once a second until the drive reports it ended. A sanitize already in
 * progress (one that resumed after a power loss) is followed rather than started again. SANITIZE
 * FREEZE LOCK is never sent.
 */
public final class AtaSanitize implements FirmwareOperation {
    private static final Duration POLL = Duration.ofSeconds(1);
    /** Polls before giving up: 24 hours, longer than any drive's sanitize. */
    private static final long MAX_POLLS = Duration.ofHours(24).dividedBy(POLL);

    private final FirmwareMethod method;
    private final AtaCommand command;

    private AtaSanitize(FirmwareMethod method, AtaCommand command) {
        this.method = method;
        this.command = command;
    }

    /** BLOCK ERASE EXT. */
    public static AtaSanitize blockErase() {
        return new AtaSanitize(FirmwareMethod.ATA_SANITIZE_BLOCK, AtaCommand.blockErase());
    }

    /** CRYPTO SCRAMBLE EXT. */
    public static AtaSanitize cryptoScramble() {
        return new AtaSanitize(FirmwareMethod.ATA_SANITIZE_CRYPTO, AtaCommand.cryptoScramble());
    }

    /** OVERWRITE EXT with pattern 0x00000000, one pass, not inverted: every block reads as zeroes. */
    public static AtaSanitize overwriteWithZeroes() {
        return new AtaSanitize(FirmwareMethod.ATA_SANITIZE_OVERWRITE, AtaCommand.overwrite(0, 1, false));
    }

    /** Why the drive cannot take {@code method} by its IDENTIFY word 59, empty when it can. */
    static Optional<String> refusal(FirmwareMethod method, IdentifyData.Sanitize sanitize) {
        if (!sanitize.supported()) {
            return Optional.of("the drive does not support the SANITIZE feature set (IDENTIFY word 59 bit 12 clear)");
        }
        return switch (method) {
            case ATA_SANITIZE_CRYPTO -> unsupported(sanitize.cryptoScramble(), "CRYPTO SCRAMBLE EXT", 13);
            case ATA_SANITIZE_OVERWRITE -> unsupported(sanitize.overwrite(), "OVERWRITE EXT", 14);
            case ATA_SANITIZE_BLOCK -> unsupported(sanitize.blockErase(), "BLOCK ERASE EXT", 15);
            default -> throw new IllegalArgumentException(method + " is not an ATA sanitize");
        };
    }

    private static Optional<String> unsupported(boolean supported, String name, int bit) {
        return supported ? Optional.empty()
                : Optional.of("the drive does not support " + name + " (IDENTIFY word 59 bit " + bit + " clear)");
    }

    /** Why no sanitize can start now, from SANITIZE STATUS EXT, empty when one can. */
    static Optional<String> refusal(SanitizeStatus status) {
        return status.frozen()
                ? Optional.of("the drive's sanitize commands are frozen until it is powered off (SANITIZE FREEZE"
                        + " LOCK since power-on): power-cycle the drive, then look again")
                : Optional.empty();
    }

    @Override
    public FirmwareMethod method() {
        return method;
    }

    @Override
    public String command() {
        return "SANITIZE DEVICE, " + command.describe();
    }

    @Override
    public FirmwareOutcome run(DeviceCommands drive, FirmwareProgress progress) throws IOException {
        List<String> steps = new ArrayList<>();
        SanitizeStatus before = SanitizeStatus.query(drive);
        steps.add("SANITIZE STATUS EXT: " + before.describe());
        Optional<String> refused = refusal(before);
        if (refused.isPresent()) {
            return new FirmwareOutcome(false, "not started: " + refused.get(), steps);
        }
        if (before.inProgress()) {
            steps.add("a sanitize was already in progress: followed it instead of starting another");
        } else {
            AtaReply reply = command.sendTo(drive);
            steps.add(reply.step());
            if (!reply.succeeded()) {
                return new FirmwareOutcome(false, command.name() + " " + reply.describe(), steps);
            }
        }
        return follow(drive, progress, steps);
    }

    private FirmwareOutcome follow(DeviceCommands drive, FirmwareProgress progress, List<String> steps)
            throws IOException {
        for (long poll = 1; poll <= MAX_POLLS; poll++) {
            progress.pause(POLL);
            SanitizeStatus status = SanitizeStatus.query(drive);
            if (status.inProgress()) {
                progress.progress(status.progress(), "Sanitize " + status.describe());
                continue;
            }
            steps.add("SANITIZE STATUS EXT, poll " + poll + ": " + status.describe());
            return new FirmwareOutcome(status.completedWithoutError(), "SANITIZE STATUS EXT: " + status.describe(),
                    steps);
        }
        throw new IOException("the drive still reported its sanitize in progress after 24 hours of polling:"
                + " it was left running");
    }
}
