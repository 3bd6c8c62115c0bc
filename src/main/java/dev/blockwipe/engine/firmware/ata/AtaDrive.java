package dev.blockwipe.engine.firmware.ata;

import dev.blockwipe.engine.firmware.CommandRefusedException;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import java.io.IOException;

/** An ATA drive behind SCSI/ATA Translation: IDENTIFY DEVICE, security, sanitize and hidden areas. */
public final class AtaDrive {
    private AtaDrive() {
    }

    public static DriveReport probe(DeviceCommands drive) throws IOException {
        throw new CommandRefusedException("ATA support is being built");
    }
}
