package dev.blockwipe.engine.method;

import java.nio.ByteBuffer;

/**
 * A repeating pattern. Remembers which phase and length the last buffer it filled holds, so a
 * constant pattern (period 1, phase always 0) fills each worker's buffer once per pass, not once
 * per block: the zero pass then costs no CPU beyond the write itself. The caller owns the buffer
 * and must not change its content between fills.
 */
final class RepeatingSource implements PatternSource {
    private final byte[] unit;
    private ByteBuffer lastBuffer;
    private int lastPosition = -1;
    private int lastPhase = -1;
    private int lastLength = -1;

    RepeatingSource(byte[] unit) {
        this.unit = unit.clone();
    }

    @Override
    public void fill(ByteBuffer dst, long offset) {
        int phase = (int) Math.floorMod(offset, (long) unit.length);
        int length = dst.remaining();
        if (dst == lastBuffer && dst.position() == lastPosition && phase == lastPhase && length <= lastLength) {
            return;
        }
        ByteBuffer view = dst.slice();
        int seed = Math.min(length, unit.length);
        for (int i = 0; i < seed; i++) {
            view.put(i, unit[(phase + i) % unit.length]);
        }
        // Doubling copy: each step copies the filled prefix, whose length is a multiple of the
        // period (or the whole remainder), so the phase carries through.
        int filled = seed;
        while (filled < length) {
            int n = Math.min(filled, length - filled);
            view.put(filled, view, 0, n);
            filled += n;
        }
        lastBuffer = dst;
        lastPosition = dst.position();
        lastPhase = phase;
        lastLength = length;
    }
}
