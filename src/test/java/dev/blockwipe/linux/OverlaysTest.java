package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layer files of an overlay file, from a mountinfo of the test's making and layer directories
 * in a temporary folder: the overlay itself need not be mounted, only its mountinfo line read.
 */
class OverlaysTest {
    @TempDir
    Path tmp;

    /**
     * Files of an overlay whose layers are on different file systems have a device of their own
     * that no mount names: a loop device over one used to be "cannot tell", which blocked every
     * target while it was in use (a live system's root is such an overlay).
     */
    @Test
    void anOverlayFileIsTiedToItsLayerFilesThroughTheMountItsPathLeadsThrough() throws IOException {
        Path upper = Files.createDirectories(tmp.resolve("upper"));
        Path lower = Files.createDirectories(tmp.resolve("lower"));
        Files.writeString(upper.resolve("disk.img"), "upper");
        Files.writeString(lower.resolve("disk.img"), "hidden under it");
        Overlays overlays = mountinfo(
                "1 0 254:1 / / rw - ext4 /dev/vda1 rw",
                "29 1 0:24 / " + tmp.resolve("merged") + " rw - overlay overlay rw,lowerdir=" + lower + ",upperdir=" + upper
                        + ",workdir=" + tmp.resolve("work"));

        assertThat(overlays.aliases(true, tmp.resolve("merged/disk.img").toString())).get().asList()
                .containsExactlyInAnyOrder(key(upper.resolve("disk.img")), key(lower.resolve("disk.img")));
    }

    /**
     * An overlay mounted before a switch_root or in another mount namespace names its layers by
     * paths of that root: a layer that is not there from here is not a layer without the file.
     */
    @Test
    void aLayerThatIsNotThereFromHereLeavesTheLayerFilesUntold() throws IOException {
        Path upper = Files.createDirectories(tmp.resolve("upper"));
        Files.writeString(upper.resolve("disk.img"), "upper");
        Overlays overlays = mountinfo(
                "29 1 0:24 / " + tmp.resolve("merged") + " rw - overlay overlay rw,lowerdir=" + tmp.resolve("host")
                        + ",upperdir=" + upper + ",workdir=" + tmp.resolve("work"));

        assertThat(overlays.aliases(true, tmp.resolve("merged/disk.img").toString())).isEmpty();
    }

    /** Of two overlays mounted on one point, the later hides the earlier: its layers are the file's. */
    @Test
    void theOverlayMountedLastOnAPointIsTheOneItsFilesAreIn() throws IOException {
        Path hidden = Files.createDirectories(tmp.resolve("hidden"));
        Path upper = Files.createDirectories(tmp.resolve("upper"));
        Files.writeString(hidden.resolve("disk.img"), "under the second overlay");
        Files.writeString(upper.resolve("disk.img"), "upper");
        Overlays overlays = mountinfo(
                "29 1 0:24 / " + tmp.resolve("merged") + " rw - overlay overlay rw,lowerdir=" + hidden,
                "30 1 0:25 / " + tmp.resolve("merged") + " rw - overlay overlay rw,lowerdir=" + upper);

        assertThat(overlays.aliases(true, tmp.resolve("merged/disk.img").toString()))
                .hasValue(List.of(key(upper.resolve("disk.img"))));
    }

    private Overlays mountinfo(String... lines) throws IOException {
        Path proc = Files.createDirectories(tmp.resolve("proc/self"));
        Files.write(proc.resolve("mountinfo"), List.of(lines));
        return Overlays.read(tmp.resolve("proc"));
    }

    private static FileKey key(Path file) throws IOException {
        long dev = (Long) Files.getAttribute(file, "unix:dev");
        return new FileKey(new DeviceNumber(DeviceNumbers.major(dev), DeviceNumbers.minor(dev)),
                (Long) Files.getAttribute(file, "unix:ino"));
    }
}
