package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.Mount;
import dev.blockwipe.devices.UsageFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MountTableTest {
    private static final String SWAPS_HEADER = "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n";
    /** The block devices the fake stat knows. */
    private static final Map<String, DeviceNumber> BLOCK_DEVICES = Map.of("/dev/sda3", new DeviceNumber(8, 3),
            "/dev/sdb1", new DeviceNumber(8, 17));
    /** The files it knows; every other path cannot be stat-ed. */
    private static final Map<String, FileKey> FILES = Map.of("/var/swap file", new FileKey(new DeviceNumber(8, 2), 77),
            "/srv/disk.img", new FileKey(new DeviceNumber(8, 2), 99));

    @TempDir
    Path proc;

    @Test
    void mountinfoLinesBecomeMounts() throws IOException {
        mountinfo("""
                22 1 8:2 / / rw,relatime - ext4 /dev/sda2 rw,errors=remount-ro
                23 22 8:1 / /boot/efi rw,relatime - vfat /dev/sda1 rw,fmask=0077
                24 22 0:21 / /proc rw,nosuid - proc proc rw
                """);
        swaps("");

        UsageFacts facts = read();

        assertThat(facts.problem()).isNull();
        assertThat(facts.mounts()).containsExactly(
                new Mount(new DeviceNumber(8, 2), "/dev/sda2", "/", "ext4"),
                new Mount(new DeviceNumber(8, 1), "/dev/sda1", "/boot/efi", "vfat"),
                new Mount(new DeviceNumber(0, 21), "proc", "/proc", "proc"));
    }

    @Test
    void escapedSpaceAndTabInAMountPointAreDecoded() throws IOException {
        mountinfo("""
                40 22 8:17 / /media/My\\040Disk rw - ext4 /dev/sdb1 rw
                41 22 8:18 / /mnt/a\\011b rw - xfs /dev/sdb2 rw
                """);
        swaps("");

        assertThat(read().mounts()).extracting(Mount::mountPoint).containsExactly("/media/My Disk", "/mnt/a\tb");
    }

    @Test
    void optionalFieldsBeforeTheSeparatorAreSkipped() throws IOException {
        mountinfo("36 35 98:0 /mnt1 /mnt2 rw,noatime shared:1 master:2 - ext3 /dev/root rw,errors=continue\n");
        swaps("");

        assertThat(read().mounts()).containsExactly(new Mount(new DeviceNumber(98, 0), "/dev/root", "/mnt2", "ext3"));
    }

    @Test
    void swapPartitionsAreDeviceNumbersAndSwapFilesArePaths() throws IOException {
        mountinfo("");
        swaps("""
                /dev/sda3                               partition\t8388604\t\t0\t\t-2
                /var/swap\\040file                       file\t\t2097148\t\t0\t\t-3
                """);

        UsageFacts facts = read();

        assertThat(facts.problem()).isNull();
        assertThat(facts.swapDevices()).containsExactly(new DeviceNumber(8, 3));
        assertThat(facts.swapFiles()).containsExactly(new FileKey(new DeviceNumber(8, 2), 77));
    }

    @Test
    void aSwapEntryThatCannotBeStatedIsAProblemForEveryDevice() throws IOException {
        mountinfo("");
        swaps("/var/old\\040swap\\040(deleted)                 file\t\t2097148\t\t0\t\t-3\n");

        UsageFacts facts = read();

        assertThat(facts.problem()).contains("cannot tell what the active swap /var/old swap (deleted) is");
    }

    @Test
    void anonymousDeviceNumbersAreTiedToTheMountSource() throws IOException {
        mountinfo("""
                40 22 0:45 / /mnt/btrfs rw - btrfs /dev/sdb1 rw
                41 22 0:52 / /mnt/image rw - fuse.fuse2fs /srv/disk.img rw
                42 22 0:53 / /mnt/ssh rw - fuse.sshfs user@host: rw
                """);
        swaps("");

        UsageFacts facts = read();

        assertThat(facts.problem()).isNull();
        assertThat(facts.mounts()).extracting(Mount::sourceDevice)
                .containsExactly(new DeviceNumber(8, 17), null, null);
        assertThat(facts.mounts()).extracting(Mount::sourceFile)
                .containsExactly(null, new FileKey(new DeviceNumber(8, 2), 99), null);
    }

    @Test
    void anAnonymousMountFromADevNodeThatCannotBeStatedIsAProblem() throws IOException {
        mountinfo("40 22 0:45 / /mnt/gone rw - btrfs /dev/sdx9 rw\n41 22 8:17 / /data rw - ext4 /dev/sdb1 rw\n");
        swaps("/dev/sda3 partition 8388604 0 -2\n/var/gone\\040(deleted) file 1 0 -3\n");

        UsageFacts facts = read();

        assertThat(facts.problem()).contains("/mnt/gone", "/dev/sdx9", "/var/gone (deleted)");
        assertThat(facts.mounts()).extracting(Mount::mountPoint).containsExactly("/mnt/gone", "/data");
        assertThat(facts.swapDevices()).containsExactly(new DeviceNumber(8, 3));
    }

    @ParameterizedTest(name = "missing {0}")
    @ValueSource(strings = {"self/mountinfo", "swaps"})
    void missingTableIsAProblemNotAnEmptyMachine(String missing) throws IOException {
        mountinfo("22 1 8:2 / / rw - ext4 /dev/sda2 rw\n");
        swaps("/dev/sda3 partition 8388604 0 -2\n");
        Files.delete(proc.resolve(missing));

        UsageFacts facts = read();

        assertThat(facts.problem()).contains("cannot read").contains(missing);
        assertThat(facts.mounts()).isEmpty();
        assertThat(facts.swapDevices()).isEmpty();
        assertThat(facts.swapFiles()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "22 1 8:2 / / rw ext4 /dev/sda2 rw",
            "22 1 / / rw - ext4 /dev/sda2 rw",
            "22 1 sda:2 / / rw - ext4 /dev/sda2 rw",
            "22 1 8:2 / / rw - ext4"})
    void garbledMountinfoLineIsAProblem(String garbled) throws IOException {
        mountinfo("22 1 8:2 / / rw - ext4 /dev/sda2 rw\n" + garbled + "\n");
        swaps("");

        UsageFacts facts = read();

        assertThat(facts.problem()).contains("cannot parse").contains(garbled);
        assertThat(facts.mounts()).as("what could be read is kept beside the problem")
                .containsExactly(new Mount(new DeviceNumber(8, 2), "/dev/sda2", "/", "ext4"));
    }

    private UsageFacts read() {
        return new MountTable(proc, path -> {
            if (BLOCK_DEVICES.containsKey(path)) {
                return new MountTable.Source(BLOCK_DEVICES.get(path), null);
            }
            if (FILES.containsKey(path)) {
                return new MountTable.Source(null, FILES.get(path));
            }
            throw new NoSuchFileException(path);
        }).read();
    }

    private void mountinfo(String lines) throws IOException {
        Files.createDirectories(proc.resolve("self"));
        Files.writeString(proc.resolve("self/mountinfo"), lines);
    }

    private void swaps(String entries) throws IOException {
        Files.writeString(proc.resolve("swaps"), SWAPS_HEADER + entries);
    }
}
