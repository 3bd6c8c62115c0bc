package dev.blockwipe.engine.firmware;

import java.util.List;

/**
 * How a firmware erase ended, in the drive's words.
 *
 * @param succeeded   the drive reported the erase completed without error
 * @param driveStatus the drive's final status as the certificate lists it ("Sanitize Status log: SSTAT 0x0101,
 *                    most recent sanitize completed successfully")
 * @param steps       every command sent, in order, with its status ("SECURITY SET PASSWORD: good")
 */
public record FirmwareOutcome(boolean succeeded, String driveStatus, List<String> steps) {
    public FirmwareOutcome {
        steps = List.copyOf(steps);
    }
}
