package dev.blockwipe.engine.io;

import dev.blockwipe.engine.Units;

/**
 * The requests a pass or a read-back really made, as the result and the certificate report them.
 *
 * @param bytes    bytes per request (a misaligned partition's first request, and the last one,
 *                 may be shorter; a range operation's requests are its steps)
 * @param inFlight requests in flight at once: one worker thread and buffer each
 */
public record RequestShape(int bytes, int inFlight) {
    /** "2 MiB x 2". */
    public String describe() {
        return bytesText() + " x " + inFlight;
    }

    /** "2 MiB", "1.5 KiB" (exact where a size is not a round number of KiB). */
    public String bytesText() {
        return bytes % 1024 == 0 ? Units.bytes(bytes) : bytes + " bytes";
    }
}
