package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.TargetRefusedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A name the kernel gives a block device stands for its node in /dev; a name that could be two things is refused. */
class DeviceNamesAsPathsTest {
    @TempDir
    Path sysfs;

    @Test
    void aDeviceNameIsLocatedAtItsNodeInDev() throws Exception {
        Files.createDirectories(sysfs.resolve("class/block/null"));

        assertThatThrownBy(() -> new LinuxTargets(sysfs).locate("null"))
                .isInstanceOf(TargetRefusedException.class)
                .hasMessageStartingWith("/dev/null: ")
                .hasMessageContaining("is a character device");
    }

    @Test
    void aNameThatIsBothADeviceAndAFileHereIsRefused() throws Exception {
        Files.createDirectories(sysfs.resolve("class/block/pom.xml"));

        assertThatThrownBy(() -> new LinuxTargets(sysfs).locate("pom.xml"))
                .isInstanceOf(TargetRefusedException.class)
                .hasMessageContaining("names both the file ./pom.xml in this folder and the device /dev/pom.xml");
    }

    @Test
    void aNameOfNoDeviceIsAPathInThisFolder() {
        assertThatThrownBy(() -> new LinuxTargets(sysfs).locate("no-such-name"))
                .isInstanceOf(TargetRefusedException.class)
                .hasMessageStartingWith("no-such-name: ")
                .hasMessageContaining("no disk or partition of that name");
    }
}
