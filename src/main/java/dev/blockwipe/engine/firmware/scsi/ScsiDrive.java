package dev.blockwipe.engine.firmware.scsi;

import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import java.io.IOException;
import java.util.List;

/** A SCSI drive: REPORT SUPPORTED OPERATION CODES, SANITIZE and its progress. */
public final class ScsiDrive {
    private ScsiDrive() {
    }

    public static DriveReport probe(DeviceCommands drive, String ataRefused) throws IOException {
        return DriveReport.none("SCSI", "SCSI support is being built", List.of());
    }
}
