package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class HugePageBuffersTest {
    private static final int SIZE = 4 << 20;

    @Test
    void aBufferStartsOnAHugePageAndIsZeroedAndWritable() {
        ByteBuffer b = HugePageBuffers.allocate(SIZE);

        assertThat(b.isDirect()).isTrue();
        assertThat(b.capacity()).isEqualTo(SIZE);
        assertThat(address(b) % HugePageBuffers.HUGE_PAGE).isZero();
        assertThat(b.mismatch(ByteBuffer.allocate(SIZE))).as("zeroed").isEqualTo(-1);
        b.put(SIZE - 1, (byte) 7);
        assertThat(b.get(SIZE - 1)).isEqualTo((byte) 7);
    }

    /**
     * Where the kernel has transparent huge pages at all (not "never"), the buffer is in them: on
     * a machine whose memory is mostly free (as on these 24 GiB ones) madvise's faults get them.
     */
    @Test
    void theKernelBacksItWithHugePages() throws IOException {
        Path thp = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        boolean available = Files.exists(thp) && !Files.readString(thp).contains("[never]");
        ByteBuffer b = HugePageBuffers.allocate(SIZE);

        long hugeKiB = smapsField(address(b), "AnonHugePages:");
        if (available) {
            assertThat(hugeKiB).as("KiB of the mapping in huge pages").isEqualTo(SIZE >> 10);
        } else {
            assertThat(hugeKiB).isZero();
        }
        assertThat(b.get(0)).isZero(); // keeps it reachable until here
    }

    @Test
    void theMemoryIsUnmappedOnceTheBufferIsUnreachable() throws Exception {
        long address = address(HugePageBuffers.allocate(SIZE));
        assertThat(mapped(address)).isTrue();

        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (mapped(address) && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(50);
        }
        assertThat(mapped(address)).as("mapping at 0x%x after collection", address).isFalse();
    }

    @Test
    void onlyWholeHugePagesAreMadeThisWay() {
        assertThat(HugePageBuffers.fits(2 << 20)).isTrue();
        assertThat(HugePageBuffers.fits(8 << 20)).isTrue();
        assertThat(HugePageBuffers.fits(1 << 20)).isFalse();
        assertThat(HugePageBuffers.fits(3 << 20)).isFalse();
        assertThat(HugePageBuffers.fits(0)).isFalse();
        assertThatThrownBy(() -> HugePageBuffers.allocate(1 << 20)).isInstanceOf(IllegalArgumentException.class);
    }

    private static long address(ByteBuffer b) {
        return Pointer.nativeValue(Native.getDirectBufferPointer(b));
    }

    /** Whether a mapping of this process starts at {@code address}. */
    private static boolean mapped(long address) throws IOException {
        String start = Long.toHexString(address) + "-";
        return Files.readAllLines(Path.of("/proc/self/maps")).stream().anyMatch(l -> l.startsWith(start));
    }

    /** A field in kB of the mapping that starts at {@code address}, from /proc/self/smaps. */
    private static long smapsField(long address, String field) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("/proc/self/smaps"));
        String start = Long.toHexString(address) + "-";
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(start)) {
                for (int j = i + 1; j < lines.size() && !lines.get(j).matches("^[0-9a-f]+-.*"); j++) {
                    if (lines.get(j).startsWith(field)) {
                        return Long.parseLong(lines.get(j).replaceAll("\\D", ""));
                    }
                }
            }
        }
        throw new AssertionError("no mapping at 0x" + Long.toHexString(address));
    }
}
