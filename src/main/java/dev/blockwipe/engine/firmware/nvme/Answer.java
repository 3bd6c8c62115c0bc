package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.NvmeCommand;
import dev.blockwipe.engine.firmware.NvmeCompletion;
import java.io.IOException;
import java.util.Optional;

/** A command that reads (Identify, Get Log Page) and what came back. */
record Answer(NvmeCompletion completion, byte[] data) {

    static Answer ask(DeviceCommands drive, NvmeCommand command) throws IOException {
        byte[] data = new byte[command.dataLength()];
        return new Answer(drive.nvmeAdmin(command, data), data);
    }

    /** The data, or an exception naming {@code what} and the status when the drive answered with an error. */
    byte[] orThrow(String what) throws IOException {
        if (!completion.succeeded()) {
            throw new IOException(what + " failed: status " + NvmeStatus.describe(completion));
        }
        return data;
    }

    Optional<byte[]> ifSucceeded() {
        return completion.succeeded() ? Optional.of(data) : Optional.empty();
    }
}
