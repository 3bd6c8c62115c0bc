package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.FirmwareOperation;
import dev.blockwipe.engine.firmware.FirmwareOutcome;
import dev.blockwipe.engine.firmware.FirmwareProgress;
import dev.blockwipe.engine.firmware.NvmeCompletion;
import dev.blockwipe.engine.method.FirmwareMethod;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A sanitize, followed through the Sanitize Status log until the drive reports its end. The command
 * returns at once and the drive works in the background; it carries on after a power loss, so a
 * sanitize found in progress is followed rather than started again.
 *
 * @param method   the method it carries out
 * @param sanitize the command
 * @param estimate the drive's own estimate from the Sanitize Status log, where it gives one
 */
public record SanitizeOperation(FirmwareMethod method, Sanitize sanitize, Optional<Duration> estimate)
        implements FirmwareOperation {

    static final Duration POLL = Duration.ofSeconds(1);
    static final Duration LEAST_PATIENCE = Duration.ofMinutes(10);
    static final Duration PATIENCE_WITHOUT_ESTIMATE = Duration.ofHours(24);

    @Override
    public String command() {
        return sanitize.describe();
    }

    /**
     * How long the log may say "not finished" before Blockwipe stops following: three times the
     * drive's estimate, at least ten minutes, a day when the drive gives none.
     */
    public Duration patience() {
        return estimate.map(e -> e.multipliedBy(3)).map(p -> p.compareTo(LEAST_PATIENCE) < 0 ? LEAST_PATIENCE : p)
                .orElse(PATIENCE_WITHOUT_ESTIMATE);
    }

    @Override
    public FirmwareOutcome run(DeviceCommands drive, FirmwareProgress progress) throws IOException {
        List<String> steps = new ArrayList<>();
        SanitizeStatus before = readLog(drive);
        steps.add("Get Log Page, Sanitize Status (LID 0x81): " + before.describe());
        if (before.state() == SanitizeStatus.State.IN_PROGRESS) {
            progress.progress(before.fraction(), "A sanitize was already in progress (a drive resumes an interrupted"
                    + " sanitize after power loss), so Blockwipe follows it before sending its own.");
            FirmwareOutcome earlier = follow(drive, progress, steps);
            if (earlier.succeeded() && sameErase(before)) {
                steps.add("Sanitize not sent: the " + sanitize.action().label() + " already in progress completed it");
                return new FirmwareOutcome(true, earlier.driveStatus(), steps);
            }
        } else if (before.state() == SanitizeStatus.State.FAILED) {
            progress.progress(0, "The last sanitize failed and left the drive in sanitize failure mode, which only"
                    + " a new sanitize ends.");
        }
        NvmeCompletion sent = drive.nvmeAdmin(sanitize.command(), new byte[0]);
        String status = NvmeStatus.describe(sent);
        steps.add(sanitize.describe() + ": " + status);
        if (!sent.succeeded()) {
            return new FirmwareOutcome(false, "Sanitize failed: status " + status, steps);
        }
        return follow(drive, progress, steps);
    }

    /** Polls the log once a second until it reports the end, or gives up after {@link #patience()}. */
    private FirmwareOutcome follow(DeviceCommands drive, FirmwareProgress progress, List<String> steps)
            throws IOException {
        Duration waited = Duration.ZERO;
        while (waited.compareTo(patience()) < 0) {
            progress.pause(POLL);
            waited = waited.plus(POLL);
            SanitizeStatus now = readLog(drive);
            if (now.state().completed() || now.state() == SanitizeStatus.State.FAILED) {
                String driveStatus = "Sanitize Status log: " + now.describe();
                steps.add(driveStatus);
                boolean succeeded = now.state().completed();
                progress.progress(succeeded ? 1 : now.fraction(), succeeded ? "The drive completed the sanitize."
                        : "The drive reports that the sanitize failed.");
                return new FirmwareOutcome(succeeded, driveStatus, steps);
            }
            progress.progress(now.fraction(), "The drive is sanitizing.");
        }
        throw new IOException("the drive still did not report the end of the sanitize after "
                + waited.toMinutes() + " minutes" + estimate.map(e -> " (its own estimate: " + e.toMinutes()
                + " minutes)").orElse(" (it gives no estimate)") + ", so Blockwipe stopped following it");
    }

    /** An overwrite's pattern is not in the log, so only an erase of the same action counts as this one. */
    private boolean sameErase(SanitizeStatus before) {
        return sanitize.action() != Sanitize.Action.OVERWRITE && before.lastAction().equals(Optional.of(sanitize.action()));
    }

    private static SanitizeStatus readLog(DeviceCommands drive) throws IOException {
        return SanitizeStatus.parse(Answer.ask(drive, NvmeCommands.sanitizeStatusLog())
                .orThrow("Get Log Page, Sanitize Status"));
    }
}
