package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.method.KeystreamChoice;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.PatternSource;
import dev.blockwipe.testing.Expected;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OpenSslKeystreamsTest {

    @Test
    void producesTheSameBytesAsJceAtAnyOffset() {
        Keystreams openssl = OpenSslKeystreams.candidates().sources().get(0);
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

    /** The packaged launcher's commands run C1 alone: JCE is not worth its warm-up there, and the record says so. */
    @Test
    void withC1AloneJceIsLeftOutAndTheReasonKept() {
        KeystreamChoice.Candidates c1 = OpenSslKeystreams.candidates(true, true);
        assertThat(c1.sources()).extracting(Keystreams::describe).singleElement().asString().contains("OpenSSL");
        assertThat(c1.leftOut()).singleElement().asString().contains("JCE not measured", "C1 alone");

        assertThat(OpenSslKeystreams.candidates(true, false).sources()).hasSize(3).contains(Keystreams.JCE, Keystreams.JCE_DIRECT);
        assertThat(OpenSslKeystreams.candidates(false, true).sources()).as("without libcrypto JCE is all there is")
                .containsExactly(Keystreams.JCE, Keystreams.JCE_DIRECT);
    }

    @Test
    void thisTestJvmRunsC2SoAllAreMeasured() {
        assertThat(OpenSslKeystreams.candidates().sources()).hasSize(3);
    }

    @Test
    void threadCpuTimeCountsThisThreadsWorkNotItsSleep() throws InterruptedException {
        long start = ThreadCpuTime.nanos();
        Thread.sleep(50);
        long slept = ThreadCpuTime.nanos() - start;
        long sum = 0;
        long busyFrom = ThreadCpuTime.nanos();
        for (long end = System.nanoTime() + 30_000_000; System.nanoTime() < end; ) {
            sum += System.nanoTime() & 1;
        }
        long busy = ThreadCpuTime.nanos() - busyFrom;
        assertThat(slept).as("CPU while sleeping 50 ms").isLessThan(20_000_000);
        assertThat(busy).as("CPU while spinning 30 ms (%d)", sum).isPositive().isLessThanOrEqualTo(40_000_000);
    }
}
