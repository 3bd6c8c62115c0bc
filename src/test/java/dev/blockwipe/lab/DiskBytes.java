package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a disk in the lab holds, read past Blockwipe: with {@code dd} and O_DIRECT, so that neither
 * the page cache (which would read whole pages, a bad sector's neighbours included, and may keep
 * pages of a device under a holder) nor Blockwipe's own reading decides what a scenario checks.
 */
final class DiskBytes {
    private static final int MIB = 1 << 20;
    private static final int SECTOR = 512;

    private DiskBytes() {
    }

    /** {@code length} bytes of {@code device} ("/dev/sda") from {@code offset}; fails when the disk cannot read them. */
    static byte[] read(String device, long offset, long length) throws IOException {
        Path out = Files.createTempFile("disk-bytes", ".bin");
        try {
            Sh.run("dd", "if=" + device, "of=" + out, "bs=1M", "iflag=direct,skip_bytes,count_bytes", "skip=" + offset,
                    "count=" + length, "status=none");
            byte[] data = Files.readAllBytes(out);
            assertThat(data).as("%s: %d bytes at %d", device, length, offset).hasSize((int) length);
            return data;
        } finally {
            Files.delete(out);
        }
    }

    /** True when every byte of {@code data} from {@code from} up to {@code to} is zero. */
    static boolean zero(byte[] data, int from, int to) {
        for (int i = from; i < to; i++) {
            if (data[i] != 0) {
                return false;
            }
        }
        return true;
    }

    static boolean zero(byte[] data) {
        return zero(data, 0, data.length);
    }

    /** How many bytes from the start are zero. */
    static long zeroPrefix(byte[] data) {
        int at = 0;
        while (at < data.length && data[at] == 0) {
            at++;
        }
        return at;
    }

    /** How many whole mebibytes are all zero (on a disk filled with random bytes first: how many were written). */
    static long zeroMebibytes(byte[] data) {
        long zero = 0;
        for (int at = 0; at + MIB <= data.length; at += MIB) {
            zero += zero(data, at, at + MIB) ? 1 : 0;
        }
        return zero;
    }

    /** How many 512-byte sectors hold a byte that is not zero. */
    static long nonZeroSectors(byte[] data) {
        long n = 0;
        for (int at = 0; at < data.length; at += SECTOR) {
            n += zero(data, at, Math.min(data.length, at + SECTOR)) ? 0 : 1;
        }
        return n;
    }

    /** Fills {@code device} ("/dev/sda") with random bytes, past the page cache, so that a wipe has something to erase. */
    static void randomize(String device, long bytes) {
        Sh.run("dd", "if=/dev/urandom", "of=" + device, "bs=1M", "iflag=count_bytes", "count=" + bytes, "oflag=direct",
                "status=none");
    }
}
