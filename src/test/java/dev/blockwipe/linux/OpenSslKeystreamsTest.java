package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.Keystreams;
import dev.blockwipe.engine.Pattern;
import dev.blockwipe.engine.PatternSource;
import dev.blockwipe.testing.Expected;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OpenSslKeystreamsTest {

    @Test
    void producesTheSameBytesAsJceAtAnyOffset() {
        Keystreams openssl = OpenSslKeystreams.candidates().get(0);
        assertThat(openssl.describe()).startsWith("AES-256-CTR (OpenSSL 3");
        byte[] key = new byte[32];
        new Random(3).nextBytes(key);
        byte[] whole = Expected.bytes(new Pattern.Random(key), 6 << 20);
        PatternSource source = openssl.source(key);
        ByteBuffer buf = ByteBuffer.allocateDirect(3 << 20);
        for (int off : new int[] {0, (3 << 20) - 4096, 512, 1 << 20}) {
            buf.clear().limit((2 << 20) + 4096);
            source.fill(buf, off);
            byte[] got = new byte[buf.remaining()];
            buf.duplicate().get(got);
            assertThat(Arrays.equals(got, Arrays.copyOfRange(whole, off, off + got.length))).as("at %d", off).isTrue();
        }
    }
}
