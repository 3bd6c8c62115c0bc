package dev.blockwipe.engine.fault;

import dev.blockwipe.engine.Stage;

/**
 * Sectors the device could not write or read back, isolated to the logical block.
 *
 * @param offset byte offset on the target
 * @param length bytes, a multiple of the logical block size
 * @param error  the errno name ("EIO")
 * @param pass   the pass it failed in (0 for the final read-back)
 * @param stage  WRITE (it could not be written) or VERIFY (it could not be read back)
 */
public record BadRange(long offset, long length, String error, int pass, Stage stage) {
    public long end() {
        return offset + length;
    }
}
