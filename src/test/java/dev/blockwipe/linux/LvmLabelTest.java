package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The volume group of a physical volume, from the first MiB of volumes that lvm2 2.03.16 made in
 * the lab's guest: {@code lvm2-pv-renamed} by {@code pvcreate}, {@code vgcreate oldvg},
 * {@code lvcreate -L 8M -n lv oldvg}, {@code vgrename oldvg labvg} (its metadata area still holds
 * the texts that name oldvg); {@code lvm2-pv-orphan} by {@code pvcreate} alone.
 */
class LvmLabelTest {
    /** Where lvm2 put the metadata area, and its size (the PV header of both fixtures says so). */
    private static final int AREA = 4096;
    private static final int AREA_SIZE = 0xff000;

    @TempDir
    Path tmp;

    @Test
    void aGroupIsNamedByTheTextItsMetadataAreaPointsAtNotByAnOlderOne() throws IOException {
        byte[] pv = fixture("lvm2-pv-renamed");
        assertThat(new String(pv, StandardCharsets.ISO_8859_1)).as("the old text is still there").contains("oldvg {\n");
        Path file = Files.write(tmp.resolve("pv.img"), pv);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(16 << 20); // as lvm2 made it: libblkid passes over a volume of 1 MiB
        }

        int fd = LibC.open(file.toString(), Fcntl.O_RDONLY | Fcntl.O_CLOEXEC, 0);
        try {
            assertThat(LvmLabel.volumeGroup(fd)).hasValue("labvg");
            assertThat(Blkid.probeDescriptor(fd, file.toString()).describe()).as("what the verdict says it holds")
                    .isEqualTo("LVM2_member of volume group \"labvg\"");
        } finally {
            LibC.close(fd);
        }
    }

    @Test
    void aVolumeInNoGroupNamesNone() throws IOException {
        assertThat(LvmLabel.volumeGroup(source(fixture("lvm2-pv-orphan")))).isEmpty();
    }

    /** The metadata area is a circular buffer: text that reaches its end goes on just after its header. */
    @Test
    void textThatWrapsRoundTheMetadataAreaIsReadAcrossTheWrap() throws IOException {
        byte[] pv = fixture("lvm2-pv-renamed");
        byte[] text = "wrapvg {\nid = \"x\"\n".getBytes(StandardCharsets.US_ASCII);
        int before = 3;
        Arrays.fill(pv, AREA + 512, AREA + 1024, (byte) 0);
        System.arraycopy(text, 0, pv, AREA + AREA_SIZE - before, before);
        System.arraycopy(text, before, pv, AREA + 512, text.length - before);
        ByteBuffer location = ByteBuffer.wrap(pv, AREA + 40, 16).order(ByteOrder.LITTLE_ENDIAN);
        location.putLong(AREA_SIZE - before).putLong(text.length);
        byte[] volume = Arrays.copyOf(pv, AREA + AREA_SIZE);

        assertThat(LvmLabel.volumeGroup(source(volume))).hasValue("wrapvg");
    }

    @Test
    void aVolumeWithoutAnLvm2LabelOrCutShortNamesNone() throws IOException {
        assertThat(LvmLabel.volumeGroup(source(new byte[1 << 20]))).isEmpty();
        assertThat(LvmLabel.volumeGroup(source(Arrays.copyOf(fixture("lvm2-pv-renamed"), AREA + 100)))).isEmpty();
        assertThat(LvmLabel.volumeGroup(source(Arrays.copyOf(fixture("lvm2-pv-renamed"), 600)))).isEmpty();
    }

    private static LvmLabel.Source source(byte[] volume) {
        return (offset, length) -> Arrays.copyOfRange(volume, (int) Math.min(offset, volume.length),
                (int) Math.min(offset + length, volume.length));
    }

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = new GZIPInputStream(LvmLabelTest.class.getResourceAsStream(name + ".img.gz"))) {
            return in.readAllBytes();
        }
    }
}
