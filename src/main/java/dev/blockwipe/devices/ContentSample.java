package dev.blockwipe.devices;

import java.util.List;

/**
 * What samples read across a device say of it where libblkid recognised nothing: one repeated byte
 * in each sample is a blank device (zeroes, a wipe's last pattern); bytes spread as evenly as
 * random data are what encrypted data looks like; anything else is data nothing here recognises.
 * Either of the last two means the device may hold data, and asks for the typed confirmation.
 */
public final class ContentSample {
    /** Samples read: the first and last block, the rest evenly spread between. */
    public static final int SAMPLES = 8;
    /** Bytes per sample. */
    public static final int SAMPLE_BYTES = 64 * 1024;
    /**
     * Bits per byte (of 8) above which a sample is taken for random data: 512 KiB of AES-CTR output
     * or of a LUKS volume measures 7.9996; text, code and file system metadata stay far below.
     */
    static final double RANDOM_BITS_PER_BYTE = 7.99;

    private ContentSample() {
    }

    /** The offsets to read on a device of {@code size} bytes, each a multiple of 4096 (none when it is empty). */
    public static long[] offsets(long size) {
        long last = Math.max(0, (size - SAMPLE_BYTES) / 4096 * 4096);
        int n = size <= SAMPLE_BYTES ? 1 : SAMPLES;
        long[] offsets = new long[n];
        for (int i = 0; i < n; i++) {
            offsets[i] = n == 1 ? 0 : last / (n - 1) * i / 4096 * 4096;
        }
        offsets[n - 1] = last;
        return offsets;
    }

    /** What the samples say: {@link Signatures#NONE} when each is one repeated byte, else a data signature. */
    public static Signatures judge(List<byte[]> samples) {
        long[] counts = new long[256];
        long total = 0;
        boolean uniform = true;
        for (byte[] sample : samples) {
            for (byte b : sample) {
                counts[b & 0xFF]++;
                uniform &= b == sample[0];
            }
            total += sample.length;
        }
        if (uniform) {
            return Signatures.NONE;
        }
        return new Signatures(List.of(entropy(counts, total) >= RANDOM_BITS_PER_BYTE ? Signature.RANDOM_DATA
                : Signature.UNRECOGNISED_DATA), "", null);
    }

    private static double entropy(long[] counts, long total) {
        double bits = 0;
        for (long c : counts) {
            if (c > 0) {
                double p = (double) c / total;
                bits -= p * Math.log(p) / Math.log(2);
            }
        }
        return bits;
    }
}
