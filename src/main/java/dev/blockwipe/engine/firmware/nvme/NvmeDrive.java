package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import java.io.IOException;
import java.util.List;

/** An NVMe controller and namespace: Identify, the Sanitize Status log, Format NVM and Sanitize. */
public final class NvmeDrive {
    private NvmeDrive() {
    }

    public static DriveReport probe(DeviceCommands drive) throws IOException {
        return DriveReport.none("NVMe", "NVMe support is being built", List.of());
    }
}
