package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.firmware.CommandSet;
import dev.blockwipe.testing.FakeSysfs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which drive commands a device takes, told by where the kernel put it in sysfs (found by its number). */
class SysfsCommandSetTest {
    @TempDir
    Path root;

    private CommandSet of(String number) {
        String[] mm = number.split(":");
        return SysfsBlock.of(root, Integer.parseInt(mm[0]), Integer.parseInt(mm[1])).commandSet();
    }

    @Test
    void aNamespaceBelowAnNvmeControllerTakesNvmeCommands() {
        new FakeSysfs(root).disk(FakeSysfs.nvme("nvme0n1"), "259:0");
        assertThat(of("259:0")).isEqualTo(CommandSet.NVME);
    }

    @Test
    void aMultipathNamespaceBelowItsSubsystemTakesNvmeCommands() {
        new FakeSysfs(root).disk("virtual/nvme-subsystem/nvme-subsys0/nvme0n1", "259:1");
        assertThat(of("259:1")).isEqualTo(CommandSet.NVME);
    }

    @Test
    void aDiskOfTheSdDriverTakesScsiCommandsAndItsPartitionNone() {
        new FakeSysfs(root).disk(FakeSysfs.sata(1, "sda"), "8:0").driver("sd").partition(1, 2048, 4096);

        assertThat(of("8:0")).isEqualTo(CommandSet.SCSI);
        assertThat(of("8:1")).as("a drive command would reach the whole disk").isEqualTo(CommandSet.NONE);
    }

    @Test
    void aScsiDeviceOfAnotherDriverTakesNone() {
        new FakeSysfs(root).disk(FakeSysfs.sata(2, "sr0"), "11:0").driver("sr");
        assertThat(of("11:0")).isEqualTo(CommandSet.NONE);
    }

    @Test
    void loopVirtioAndDeviceMapperTakeNone() {
        FakeSysfs fake = new FakeSysfs(root);
        fake.disk(FakeSysfs.virtual("loop0"), "7:0");
        fake.disk(FakeSysfs.virtio("vda"), "254:0");
        fake.disk(FakeSysfs.virtual("dm-0"), "253:0");
        assertThat(of("7:0")).isEqualTo(CommandSet.NONE);
        assertThat(of("254:0")).isEqualTo(CommandSet.NONE);
        assertThat(of("253:0")).isEqualTo(CommandSet.NONE);
    }
}
