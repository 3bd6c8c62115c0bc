package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which folders lose certificates at power-off: on real mounts the test makes. */
class StorageTest {
    @TempDir
    Path tmp;

    @Test
    void aFolderOnADiskKeepsItsFilesAndOneOnTmpfsDoesNot() throws IOException {
        String type = Sh.run("stat", "-f", "-c", "%T", tmp.toString()).strip();
        Sh.require(type.startsWith("ext"), "needs its temporary folder on a disk file system (it is on " + type + ")");
        assertThat(Storage.inMemory(tmp.resolve("reports/not/made/yet"))).isEmpty();
        Sh.require(Sh.isRoot(), "needs root to mount a tmpfs");
        Path ram = Files.createDirectories(tmp.resolve("ram"));
        Sh.run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", ram.toString());
        try {
            assertThat(Storage.inMemory(ram.resolve("reports"))).contains("tmpfs");
        } finally {
            Sh.run("umount", ram.toString());
        }
    }

    /**
     * The boot stick booted from a CD: the root is an overlay of the image's squashfs and a tmpfs.
     * statfs says "overlay"; its writable layer says where new files really go.
     */
    @Test
    void aLiveSystemsOverlayRootWithATmpfsUpperLayerIsInMemory() throws IOException {
        Sh.require(Sh.isRoot(), "needs root to mount a tmpfs and an overlay");
        Path ram = Files.createDirectories(tmp.resolve("ram"));
        Path lower = Files.createDirectories(tmp.resolve("lower/var/lib"));
        Path merged = Files.createDirectories(tmp.resolve("merged"));
        Sh.run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", ram.toString());
        try {
            Files.createDirectories(ram.resolve("upper"));
            Files.createDirectories(ram.resolve("work"));
            Sh.run("mount", "-t", "overlay", "overlay", "-o", "lowerdir=" + tmp.resolve("lower") + ",upperdir="
                    + ram.resolve("upper") + ",workdir=" + ram.resolve("work"), merged.toString());
            try {
                assertThat(Storage.inMemory(merged.resolve("var/lib/blockwipe/reports")))
                        .contains("an overlay whose writable layer is on tmpfs");
            } finally {
                Sh.run("umount", merged.toString());
            }
        } finally {
            Sh.run("umount", ram.toString());
        }
    }
}
