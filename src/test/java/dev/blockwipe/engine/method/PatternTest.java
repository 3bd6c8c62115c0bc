package dev.blockwipe.engine.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Expected;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PatternTest {

    @Test
    void aThreeBytePatternKeepsItsPhaseAcrossBlocksOfAnyLength() {
        Pattern p = Pattern.Repeating.of(0x92, 0x49, 0x24);
        byte[] whole = Expected.bytes(p, 20000);
        PatternSource source = p.newSource(Keystreams.JCE);
        ByteBuffer buf = ByteBuffer.allocateDirect(4096);
        int[] offsets = {0, 4096, 1000, 4097, 15001};
        for (int off : offsets) {
            buf.clear().limit(Math.min(4096, 20000 - off));
            source.fill(buf, off);
            byte[] got = new byte[buf.remaining()];
            buf.duplicate().get(got);
            assertThat(got).as("block at %d", off).isEqualTo(Arrays.copyOfRange(whole, off, off + got.length));
        }
    }

    @Test
    void keystreamBlocksMatchOneContinuousStream() {
        byte[] key = new byte[32];
        key[0] = 7;
        Pattern p = new Pattern.Random(key);
        byte[] whole = Expected.bytes(p, 3 << 20);
        PatternSource source = p.newSource(Keystreams.JCE);
        ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
        for (int off : new int[] {(2 << 20) + 512, 0, 4096}) {
            buf.clear().limit(Math.min(1 << 20, (3 << 20) - off));
            source.fill(buf, off);
            byte[] got = new byte[buf.remaining()];
            buf.duplicate().get(got);
            assertThat(got).isEqualTo(Arrays.copyOfRange(whole, off, off + got.length));
        }
    }

    @Test
    void complementInvertsEveryByte() {
        assertThat(Pattern.Repeating.of(0x92, 0x00).complement()).isEqualTo(Pattern.Repeating.of(0x6D, 0xFF));
    }

    @Test
    void randomPatternsNeverPrintTheirKey() {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) 0xAB);
        assertThat(new Pattern.Random(key).toString()).doesNotContain("AB", "ab", "-85");
    }

    @Test
    void describesPatternsInHex() {
        assertThat(Pattern.Repeating.of(0x92, 0x49, 0x24).describe()).isEqualTo("0x92 0x49 0x24");
    }
}
