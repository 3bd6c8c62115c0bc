package dev.blockwipe.engine.firmware;

import dev.blockwipe.engine.firmware.ata.AtaDrive;
import dev.blockwipe.engine.firmware.nvme.NvmeDrive;
import dev.blockwipe.engine.firmware.scsi.ScsiDrive;
import java.io.IOException;
import java.util.List;

/** Asks a drive what it is and which firmware erases it offers, through the command set its descriptor carries. */
public final class Drives {
    private Drives() {
    }

    /**
     * The drive's report. Never fails: a drive that does not answer offers nothing, with the reason.
     * A SCSI descriptor is asked for ATA IDENTIFY DEVICE first (SATA drives behind libata, SAS HBAs
     * and bridges that pass ATA through), then, when that is refused, as a SCSI drive.
     */
    public static DriveReport probe(DeviceCommands drive) {
        try {
            return switch (drive.commandSet()) {
                case NVME -> NvmeDrive.probe(drive);
                case SCSI -> probeScsi(drive);
                case NONE -> DriveReport.none("none", "the device takes no drive commands (loop, virtio, device-mapper,"
                        + " md or an image file): there is no drive to send a firmware erase to", List.of());
            };
        } catch (IOException e) {
            return DriveReport.none(drive.commandSet().name(), "the drive did not answer: " + e.getMessage(), List.of());
        }
    }

    private static DriveReport probeScsi(DeviceCommands drive) throws IOException {
        try {
            return AtaDrive.probe(drive);
        } catch (CommandRefusedException ataRefused) {
            return ScsiDrive.probe(drive, ataRefused.getMessage());
        }
    }
}
