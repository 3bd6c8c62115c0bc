package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Where libblkid recognises nothing, samples of the data tell a blank device from one that may hold data. */
class ContentSampleTest {
    @Test
    void samplesOfOneRepeatedByteEachAreBlank() {
        byte[] ones = new byte[ContentSample.SAMPLE_BYTES];
        Arrays.fill(ones, (byte) 0xFF);

        assertThat(ContentSample.judge(List.of(new byte[ContentSample.SAMPLE_BYTES], ones))).isEqualTo(Signatures.NONE);
    }

    @Test
    void randomBytesMayBeAnEncryptedVolume() {
        assertThat(ContentSample.judge(random(ContentSample.SAMPLES)).found()).containsExactly(Signature.RANDOM_DATA);
        assertThat(Signature.RANDOM_DATA.describe()).isEqualTo("random data (may be encrypted)");
    }

    @Test
    void textIsDataNothingRecognises() {
        byte[] text = "Quarterly figures, not to be lost. ".repeat(2000).getBytes(StandardCharsets.US_ASCII);

        assertThat(ContentSample.judge(List.of(text)).found()).containsExactly(Signature.UNRECOGNISED_DATA);
    }

    @Test
    void oneByteOfDataInAnOtherwiseBlankSampleIsData() {
        byte[] almost = new byte[ContentSample.SAMPLE_BYTES];
        almost[4000] = 1;

        assertThat(ContentSample.judge(List.of(almost)).blank()).isFalse();
    }

    @Test
    void samplesSpanTheDeviceFromItsFirstToItsLastBlock() {
        long size = 1L << 30;
        long[] offsets = ContentSample.offsets(size);

        assertThat(offsets).hasSize(ContentSample.SAMPLES).startsWith(0L).endsWith(size - ContentSample.SAMPLE_BYTES);
        assertThat(offsets).isSorted();
        assertThat(java.util.Arrays.stream(offsets).map(o -> o % 4096)).containsOnly(0L);
        assertThat(ContentSample.offsets(4096)).containsExactly(0L);
    }

    private static List<byte[]> random(int n) {
        Random r = new Random(7);
        return java.util.stream.IntStream.range(0, n).mapToObj(i -> {
            byte[] b = new byte[ContentSample.SAMPLE_BYTES];
            r.nextBytes(b);
            return b;
        }).toList();
    }
}
