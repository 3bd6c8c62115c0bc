package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.io.Thermometer;
import dev.blockwipe.testing.FakeSysfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HwmonThermometerTest {
    @TempDir
    Path root;

    private Thermometer of(FakeSysfs sysfs, int major, int minor) {
        return HwmonThermometer.of(SysfsBlock.of(sysfs.root(), major, minor).diskDir());
    }

    @Test
    void aSataPartitionReadsItsDisksDrivetempSensor() {
        FakeSysfs sysfs = new FakeSysfs(root);
        sysfs.disk(FakeSysfs.sata(1, "sda"), "8:0").hwmon("device/hwmon/hwmon3", 41_500).partition(1, 2048, 4096);
        assertThat(of(sysfs, 8, 1).celsius()).hasValue(42);
        assertThat(of(sysfs, 8, 0).celsius()).hasValue(42);
    }

    @Test
    void anNvmeNamespaceReadsItsControllersSensor() {
        FakeSysfs sysfs = new FakeSysfs(root);
        sysfs.disk(FakeSysfs.nvme("nvme0n1"), "259:0").deviceIsParent().hwmon("../hwmon2", 38_400);
        assertThat(of(sysfs, 259, 0).celsius()).hasValue(38);
    }

    @Test
    void aMultipathNvmeHeadReadsTheSensorOfAControllerBelowIt() {
        FakeSysfs sysfs = new FakeSysfs(root);
        String controller = "pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0";
        sysfs.disk(FakeSysfs.nvme("nvme0c0n1"), "259:9").hwmon("../hwmon4", 51_000);
        sysfs.disk("virtual/nvme-subsystem/nvme-subsys0/nvme0n1", "259:1").multipathPath(controller + "/nvme0c0n1");
        assertThat(of(sysfs, 259, 1).celsius()).hasValue(51);
    }

    @Test
    void aLoopDeviceHasNoSensor() {
        FakeSysfs sysfs = new FakeSysfs(root);
        sysfs.disk(FakeSysfs.virtual("loop0"), "7:0");
        assertThat(of(sysfs, 7, 0)).isSameAs(Thermometer.NONE);
    }

    @Test
    void aSataDiskWithoutDrivetempHasNoSensor() {
        FakeSysfs sysfs = new FakeSysfs(root);
        sysfs.disk(FakeSysfs.sata(2, "sdb"), "8:16").model("WDC WD40");
        assertThat(of(sysfs, 8, 16)).isSameAs(Thermometer.NONE);
    }

    @Test
    void aReadingThatFailsIsNoReading() throws Exception {
        FakeSysfs sysfs = new FakeSysfs(root);
        FakeSysfs.Disk disk = sysfs.disk(FakeSysfs.sata(1, "sda"), "8:0").hwmon("device/hwmon/hwmon3", 40_000);
        Thermometer sensor = of(sysfs, 8, 0);
        Files.delete(disk.dir().resolve("device/hwmon/hwmon3/temp1_input"));
        assertThat(sensor.celsius()).isEmpty();
    }

    @Test
    void millidegreesRoundToWholeDegrees() {
        assertThat(HwmonThermometer.parse("41999\n")).hasValue(42);
        assertThat(HwmonThermometer.parse("41499")).hasValue(41);
        assertThat(HwmonThermometer.parse("-5000")).hasValue(-5);
        assertThat(HwmonThermometer.parse("")).isEqualTo(OptionalInt.empty());
        assertThat(HwmonThermometer.parse("N/A")).isEmpty();
    }
}
