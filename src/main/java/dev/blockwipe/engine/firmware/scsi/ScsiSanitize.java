package dev.blockwipe.engine.firmware.scsi;

import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.FirmwareOperation;
import dev.blockwipe.engine.firmware.FirmwareOutcome;
import dev.blockwipe.engine.firmware.FirmwareProgress;
import dev.blockwipe.engine.firmware.ScsiCommand;
import dev.blockwipe.engine.firmware.ScsiResult;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Pattern;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * One SCSI SANITIZE service action, sent with IMMED 1 and followed with REQUEST SENSE until the
 * drive reports the end (SBC-4, sanitize operations). A sanitize already running when it starts (one a power loss
 * interrupted: the drive resumes it at power on) is followed to its end instead, since the drive
 * takes no other SANITIZE until then.
 */
public final class ScsiSanitize implements FirmwareOperation {
    /** The byte an OVERWRITE writes: a four-byte pattern of it, one pass, not inverted. */
    static final int OVERWRITE_BYTE = 0x00;
    private static final byte[] OVERWRITE_PATTERN = {OVERWRITE_BYTE, OVERWRITE_BYTE, OVERWRITE_BYTE, OVERWRITE_BYTE};
    /** Polls a second apart for 24 hours: far beyond any sanitize the drive makers quote. */
    static final int MAX_POLLS = 24 * 60 * 60;

    private static final Duration POLL = Duration.ofSeconds(1);

    private final SanitizeAction action;
    private final byte[] parameters;

    /** The service action with the parameters Blockwipe sends with it. */
    public ScsiSanitize(SanitizeAction action) {
        this.action = action;
        this.parameters = action == SanitizeAction.OVERWRITE
                ? ScsiCommands.overwriteParameters(1, false, OVERWRITE_PATTERN) : new byte[0];
    }

    @Override
    public FirmwareMethod method() {
        return action.method();
    }

    @Override
    public String command() {
        String sanitize = "SANITIZE (opcode 0x48), service action " + hex(action.code()) + "h " + action.specName()
                + ", IMMED 1, AUSE 0";
        return action == SanitizeAction.OVERWRITE
                ? sanitize + ", OVERWRITE COUNT 1, INVERT 0, initialization pattern "
                        + HexFormat.of().withUpperCase().formatHex(OVERWRITE_PATTERN) + "h"
                : sanitize;
    }

    /** What every block reads as afterwards: the overwrite's pattern; undefined after an erase. */
    Optional<Pattern> readsAs() {
        return action == SanitizeAction.OVERWRITE
                ? Optional.of(Pattern.Repeating.of(OVERWRITE_BYTE)) : Optional.empty();
    }

    @Override
    public FirmwareOutcome run(DeviceCommands drive, FirmwareProgress progress) throws IOException {
        Steps steps = new Steps();
        Optional<Sense> before = testUnitReady(drive, steps).filter(Sense::sanitizeInProgress);
        boolean running = before.isPresent();
        if (running) {
            progress.progress(before.get().fraction(), "the drive is already sanitizing; following it to its end");
        } else {
            ScsiResult started = UnitAttention.send(drive, ScsiCommands.sanitize(action, parameters.length),
                    parameters.clone(), answer -> steps.add("SANITIZE " + action.specName(), Sense.status(answer)));
            requireDelivered("SANITIZE", started);
            if (!started.isGood()) {
                return new FirmwareOutcome(false, "The drive refused SANITIZE " + action.specName() + " ("
                        + Sense.status(started) + ").", steps.list());
            }
        }
        return follow(drive, progress, steps, running);
    }

    private static FirmwareOutcome follow(DeviceCommands drive, FirmwareProgress progress, Steps steps, boolean running)
            throws IOException {
        for (int poll = 0; poll < MAX_POLLS; poll++) {
            progress.pause(POLL);
            Sense sense = requestSense(drive, steps);
            if (sense.sanitizeInProgress()) {
                progress.progress(sense.fraction(), "the drive reports the sanitize in progress");
            } else if (sense.key() == Sense.NO_SENSE) {
                Optional<Sense> after = testUnitReady(drive, steps);
                if (after.isEmpty()) {
                    return completed(steps, running);
                }
                if (!after.get().sanitizeInProgress()) {
                    return failed(after.get(), steps);
                }
            } else if (sense.key() != Sense.UNIT_ATTENTION) {
                return failed(sense, steps);
            }
        }
        throw new IOException("the drive still reported the sanitize in progress after " + MAX_POLLS
                + " polls a second apart (24 hours), so Blockwipe stopped following it.");
    }

    private static FirmwareOutcome completed(Steps steps, boolean running) {
        String which = running
                ? "the sanitize that was already in progress when Blockwipe started (SCSI does not say which"
                        + " service action it was) completed"
                : "the sanitize completed";
        return new FirmwareOutcome(true, "The drive reports " + which + ": REQUEST SENSE returns no sense and"
                + " TEST UNIT READY is good.", steps.list());
    }

    private static FirmwareOutcome failed(Sense sense, Steps steps) {
        if (sense.sanitizeFailed()) {
            return new FirmwareOutcome(false, "The drive reports the sanitize failed; the drive is in failure mode"
                    + " and takes no reads or writes until a sanitize completes (" + sense.describe() + ").",
                    steps.list());
        }
        return new FirmwareOutcome(false, "The drive ended the sanitize with " + sense.describe()
                + ", which does not say it completed.", steps.list());
    }

    /** TEST UNIT READY past the unit attentions a reset or a power loss leaves: empty when good, else its sense. */
    private static Optional<Sense> testUnitReady(DeviceCommands drive, Steps steps) throws IOException {
        ScsiResult r = UnitAttention.send(drive, ScsiCommands.testUnitReady(), new byte[0],
                answer -> steps.add("TEST UNIT READY", Sense.status(answer)));
        requireDelivered("TEST UNIT READY", r);
        if (!r.isGood() && (r.status() != ScsiResult.CHECK_CONDITION || r.senseKey() < 0)) {
            throw new IOException("the drive answered TEST UNIT READY with " + r.describe()
                    + ", so its state cannot be read.");
        }
        return r.isGood() ? Optional.empty() : Optional.of(Sense.parse(r.sense()));
    }

    private static Sense requestSense(DeviceCommands drive, Steps steps) throws IOException {
        ScsiCommand command = ScsiCommands.requestSense();
        byte[] data = new byte[command.dataLength()];
        ScsiResult r = drive.scsi(command, data);
        requireDelivered("REQUEST SENSE", r);
        if (!r.isGood()) {
            throw new IOException("the drive answered REQUEST SENSE with " + r.describe()
                    + ", so the sanitize cannot be followed.");
        }
        Sense sense = Sense.parse(data, data.length - r.residual());
        steps.add("REQUEST SENSE", sense.describe());
        return sense;
    }

    private static void requireDelivered(String command, ScsiResult r) throws IOException {
        if (!r.delivered()) {
            throw new IOException(command + " did not reach the drive: " + r.describe() + ".");
        }
    }

    private static String hex(int value) {
        return HexFormat.of().withUpperCase().toHexDigits((byte) value);
    }

    /** The commands sent and their statuses, a run of polls with the same answer as one step. */
    private static final class Steps {
        private final List<String> lines = new ArrayList<>();
        private String last = "";
        private int repeats;

        void add(String command, String status) {
            String line = command + ": " + status;
            if (line.equals(last)) {
                repeats++;
                lines.set(lines.size() - 1, line + " (" + (repeats + 1) + " times)");
                return;
            }
            last = line;
            repeats = 0;
            lines.add(line);
        }

        List<String> list() {
            return List.copyOf(lines);
        }
    }
}
