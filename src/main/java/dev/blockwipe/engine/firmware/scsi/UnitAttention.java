package dev.blockwipe.engine.firmware.scsi;

import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.ScsiCommand;
import dev.blockwipe.engine.firmware.ScsiResult;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * Sends a command again when it comes back with UNIT ATTENTION: the drive did not carry it out but
 * told of an event first (a reset, a power loss, changed parameters), once per event (SAM-5).
 */
final class UnitAttention {
    /** Unit attentions taken in a row before the last answer is kept, whatever it says. */
    static final int TRIES = 3;

    private UnitAttention() {
    }

    /**
     * The drive's answer to {@code command} past its unit attentions.
     *
     * @param each told of every answer, unit attentions included, in order
     */
    static ScsiResult send(DeviceCommands drive, ScsiCommand command, byte[] data, Consumer<ScsiResult> each)
            throws IOException {
        ScsiResult r = drive.scsi(command, data);
        each.accept(r);
        for (int attempt = 1; attempt < TRIES && r.senseKey() == Sense.UNIT_ATTENTION; attempt++) {
            r = drive.scsi(command, data);
            each.accept(r);
        }
        return r;
    }
}
