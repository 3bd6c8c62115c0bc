package dev.blockwipe.engine;

import java.nio.ByteBuffer;

/**
 * Page-aligned direct buffers, as O_DIRECT needs them: for the requests of a job, the probes of a
 * failing disk, the benchmark and the measurement of the keystream sources alike.
 */
public final class DirectBuffers {
    public static final int PAGE = 4096;

    private DirectBuffers() {
    }

    /**
     * A direct buffer of {@code size} bytes that starts on a page. alignedSlice also ends the
     * slice on a page, so the raw buffer covers whole pages beyond the start's shift: a 512-byte or
     * 6 KiB request still gets its buffer.
     */
    public static ByteBuffer aligned(int size) {
        int pages = (size + PAGE - 1) / PAGE;
        ByteBuffer raw = ByteBuffer.allocateDirect((pages + 1) * PAGE);
        return raw.alignedSlice(PAGE).limit(size).slice();
    }
}
