package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.FirmwareOperation;
import dev.blockwipe.engine.firmware.FirmwareOutcome;
import dev.blockwipe.engine.firmware.FirmwareProgress;
import dev.blockwipe.engine.firmware.NvmeCompletion;
import dev.blockwipe.engine.method.FirmwareMethod;
import java.io.IOException;
import java.util.List;

/**
 * Format NVM with a secure erase. The command completes when the format has: the drive has no
 * progress log for it, so the progress stays unknown until then.
 *
 * @param method the method it carries out (user data erase or crypto erase)
 * @param format the command, built from the namespace's identify data
 */
public record FormatOperation(FirmwareMethod method, FormatNvm format) implements FirmwareOperation {

    @Override
    public String command() {
        return format.describe();
    }

    @Override
    public FirmwareOutcome run(DeviceCommands drive, FirmwareProgress progress) throws IOException {
        progress.progress(-1, "The drive is formatting and reports no progress until it is done.");
        NvmeCompletion completion = drive.nvmeAdmin(format.command(), new byte[0]);
        String status = NvmeStatus.describe(completion);
        List<String> steps = List.of(format.describe() + ": " + status);
        if (!completion.succeeded()) {
            return new FirmwareOutcome(false, "Format NVM failed: status " + status, steps);
        }
        progress.progress(1, "The drive completed the format.");
        return new FirmwareOutcome(true, "Format NVM completed successfully", steps);
    }
}
