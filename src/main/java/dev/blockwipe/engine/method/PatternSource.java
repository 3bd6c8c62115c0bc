package dev.blockwipe.engine.method;

import java.nio.ByteBuffer;

/** Fills buffers with a pattern's bytes for a given position in the target. Not thread-safe. */
public interface PatternSource {

    /**
     * Fills {@code dst} from its position to its limit with the bytes that belong at target offset
     * {@code offset} onwards. The position of {@code dst} is left unchanged.
     */
    void fill(ByteBuffer dst, long offset);
}
