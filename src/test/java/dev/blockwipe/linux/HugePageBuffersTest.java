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
        HugePageBuffers buffers = new HugePageBuffers(SIZE);
        ByteBuffer b = buffers.allocate(SIZE);

        assertThat(b.isDirect()).isTrue();
        assertThat(b.capacity()).isEqualTo(SIZE);
        assertThat(address(b) % HugePageBuffers.HUGE_PAGE).isZero();
        assertThat(b.mismatch(ByteBuffer.allocate(SIZE))).as("zeroed").isEqualTo(-1);
        b.put(SIZE - 1, (byte) 7);
        assertThat(b.get(SIZE - 1)).isEqualTo((byte) 7);
        assertThat(buffers.mapped()).isEqualTo(SIZE);
    }

    /**
     * Where the kernel has transparent huge pages at all (not "never"), the buffer is in them, at
     * least in part: a machine whose memory is fragmented may have fewer to give than asked for.
     */
    @Test
    void theKernelBacksItWithHugePages() throws IOException {
        Path thp = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        boolean available = Files.exists(thp) && !Files.readString(thp).contains("[never]");
        ByteBuffer b = HugePageBuffers.PROCESS.allocate(SIZE);

        long hugeKiB = smapsField(address(b), "AnonHugePages:");
        if (available) {
            assertThat(hugeKiB).as("KiB of the mapping in huge pages").isPositive();
        } else {
            assertThat(hugeKiB).isZero();
        }
        assertThat(b.get(0)).isZero(); // keeps it reachable until here
    }

    @Test
    void theMemoryIsUnmappedOnceTheBufferIsUnreachable() throws Exception {
        HugePageBuffers buffers = new HugePageBuffers(SIZE);
        long address = address(buffers.allocate(SIZE));
        assertThat(buffers.mapped()).isEqualTo(SIZE);
        assertThat(mappedAt(address)).isTrue();

        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (buffers.mapped() > 0 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(50);
        }
        assertThat(buffers.mapped()).as("bytes still mapped after collection").isZero();
        assertThat(mappedAt(address)).as("anything mapped in the %d bytes at 0x%x", SIZE, address).isFalse();
    }

    /**
     * As for direct buffers: the memory of buffers nobody holds is counted until it is unmapped, so
     * a new buffer past the limit has the collector find them first; one past what is held fails.
     */
    @Test
    void aBufferPastTheLimitWaitsForTheUnreachableOnesAndFailsWhenTheHeldOnesFillIt() {
        HugePageBuffers buffers = new HugePageBuffers(2L * SIZE);
        ByteBuffer[] held = {buffers.allocate(SIZE), buffers.allocate(SIZE)};
        assertThatThrownBy(() -> buffers.allocate(SIZE)).isInstanceOf(OutOfMemoryError.class)
                .hasMessageContaining("limit of " + 2L * SIZE);

        System.gc(); // the held ones are old now: no young collection will find the one let go
        held[1] = null;
        ByteBuffer again = buffers.allocate(SIZE);
        assertThat(again.capacity()).isEqualTo(SIZE);
        assertThat(buffers.mapped()).isEqualTo(2L * SIZE);
        assertThat(held[0].capacity()).isEqualTo(SIZE); // held until here
    }

    @Test
    void onlyWholeHugePagesAreMadeThisWay() {
        assertThat(HugePageBuffers.fits(2 << 20)).isTrue();
        assertThat(HugePageBuffers.fits(8 << 20)).isTrue();
        assertThat(HugePageBuffers.fits(1 << 20)).isFalse();
        assertThat(HugePageBuffers.fits(3 << 20)).isFalse();
        assertThat(HugePageBuffers.fits(0)).isFalse();
        assertThatThrownBy(() -> HugePageBuffers.PROCESS.allocate(1 << 20)).isInstanceOf(IllegalArgumentException.class);
    }

    private static long address(ByteBuffer b) {
        return Pointer.nativeValue(Native.getDirectBufferPointer(b));
    }

    /**
     * Whether anything is mapped in [address, address + SIZE). A mapping's neighbours in the same
     * memory with the same advice are one range in /proc/self/maps, so ranges are compared, not starts.
     */
    private static boolean mappedAt(long address) throws IOException {
        return Files.readAllLines(Path.of("/proc/self/maps")).stream().map(HugePageBuffersTest::range)
                .anyMatch(r -> r[0] < address + SIZE && address < r[1]);
    }

    /** The start and end of a line of /proc/self/maps or a range line of /proc/self/smaps. */
    private static long[] range(String line) {
        String[] bounds = line.substring(0, line.indexOf(' ')).split("-");
        return new long[] {Long.parseUnsignedLong(bounds[0], 16), Long.parseUnsignedLong(bounds[1], 16)};
    }

    /** A field in kB of the mapping that holds {@code address}, from /proc/self/smaps. */
    private static long smapsField(long address, String field) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("/proc/self/smaps"));
        for (int i = 0; i < lines.size(); i++) {
            if (isRange(lines.get(i)) && range(lines.get(i))[0] <= address && address < range(lines.get(i))[1]) {
                for (int j = i + 1; j < lines.size() && !isRange(lines.get(j)); j++) {
                    if (lines.get(j).startsWith(field)) {
                        return Long.parseLong(lines.get(j).replaceAll("\\D", ""));
                    }
                }
            }
        }
        throw new AssertionError("nothing mapped at 0x" + Long.toHexString(address));
    }

    private static boolean isRange(String line) {
        return line.matches("^[0-9a-f]+-[0-9a-f]+ .*");
    }
}
