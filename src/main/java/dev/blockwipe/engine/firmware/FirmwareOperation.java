package dev.blockwipe.engine.firmware;

import dev.blockwipe.engine.method.FirmwareMethod;
import java.io.IOException;

/**
 * One firmware erase a drive offered, ready to send: built by the drive's probe from its identify
 * data, so it sends only what the drive said it supports.
 */
public interface FirmwareOperation {
    /** The method it carries out. */
    FirmwareMethod method();

    /** The command as the certificate lists it: "Format NVM (opcode 0x80), NSID 1, SES 1, LBAF 0". */
    String command();

    /**
     * Sends the command and follows the drive until it reports the end, polling about once a
     * second. Cannot be cancelled once the drive has taken it.
     *
     * @throws IOException when a command could not be sent or the drive could not be followed; an
     *                     erase the drive reports as failed is an outcome, not an exception
     */
    FirmwareOutcome run(DeviceCommands drive, FirmwareProgress progress) throws IOException;
}
