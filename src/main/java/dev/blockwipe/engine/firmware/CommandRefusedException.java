package dev.blockwipe.engine.firmware;

import java.io.IOException;

/**
 * A command the path to the drive did not carry: the drive or a bridge in between rejected its
 * operation code (a USB bridge that does not pass ATA PASS-THROUGH on), or the kernel refused it.
 */
public class CommandRefusedException extends IOException {
    public CommandRefusedException(String message) {
        super(message);
    }
}
