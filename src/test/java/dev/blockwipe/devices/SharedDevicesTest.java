package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.linux.SysfsScanner;
import dev.blockwipe.testing.FakeSysfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SharedDevicesTest {
    @TempDir
    Path tmp;

    private FakeSysfs sys;
    private DeviceNumber tmpDevice;
    private Path image;

    @BeforeEach
    void tree() throws Exception {
        sys = new FakeSysfs(tmp.resolve("sys"));
        image = Files.writeString(tmp.resolve("backing.img"), "x");
        long dev = (Long) Files.getAttribute(image, "unix:dev");
        tmpDevice = new DeviceNumber((int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL)),
                (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL)));
    }

    @Test
    void partitionsOfOneDiskShareItsKeyWhateverItIs() throws Exception {
        sys.disk(FakeSysfs.sata(1, "sdb"), "8:16").rotational(false).partition(1, 2048, 1000).disk().partition(2, 4096, 1000);
        SharedDevices shared = new SharedDevices(scan());
        assertThat(shared.keys(device(8, 17))).containsExactly("disk sdb");
        assertThat(shared.keys(device(8, 18))).containsExactly("disk sdb");
        assertThat(shared.keys(device(8, 16))).containsExactly("disk sdb");
    }

    @Test
    void loopDevicesOverFilesOnOneSpinningDiskShareThatDisk() throws Exception {
        sys.disk(FakeSysfs.sata(0, "sdz"), tmpDevice.toString()).rotational(true);
        sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile(image.toString());
        sys.disk(FakeSysfs.virtual("loop1"), "7:1").backingFile(image.toString());
        SharedDevices shared = new SharedDevices(scan());
        assertThat(shared.keys(device(7, 0))).containsExactly("disk loop0", "disk sdz");
        assertThat(shared.keys(device(7, 1))).containsExactly("disk loop1", "disk sdz");
        assertThat(shared.keys(TargetIdentity.file(tmpDevice.major(), tmpDevice.minor(), 12, 1)))
                .as("an image file on that disk").containsExactly("disk sdz");
    }

    @Test
    void onASolidStateDiskTheyRunInParallel() throws Exception {
        sys.disk(FakeSysfs.nvme("nvme0n1"), tmpDevice.toString()).rotational(false);
        sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile(image.toString());
        sys.disk(FakeSysfs.virtual("loop1"), "7:1").backingFile(image.toString());
        SharedDevices shared = new SharedDevices(scan());
        assertThat(shared.keys(device(7, 0))).containsExactly("disk loop0");
        assertThat(shared.keys(device(7, 1))).containsExactly("disk loop1");
    }

    @Test
    void mapperAndRaidDevicesReachTheirSpinningMembers() throws Exception {
        sys.disk(FakeSysfs.sata(1, "sdb"), "8:16").rotational(true).partition(1, 2048, 1000).holders("md0");
        sys.disk(FakeSysfs.sata(2, "sdc"), "8:32").rotational(true).partition(1, 2048, 1000).holders("md0");
        sys.disk(FakeSysfs.virtual("md0"), "9:0").slaves("sdb1", "sdc1").rotational(true);
        sys.disk(FakeSysfs.virtual("dm-0"), "253:0").slaves("md0").rotational(false);
        SharedDevices shared = new SharedDevices(scan());
        assertThat(shared.keys(device(253, 0))).containsExactly("disk dm-0", "disk sdb", "disk sdc");
        assertThat(shared.keys(device(8, 16))).containsExactly("disk sdb");
    }

    private DeviceInventory scan() throws Exception {
        return new InventoryBuilder((p, n) -> Signatures.NONE, n -> Identity.NONE).build(new SysfsScanner(sys.root(), sys.root().resolve("no-device-nodes")).scan(),
                new UsageFacts(List.of(), List.of(), List.of(), null));
    }

    private static TargetIdentity device(int major, int minor) {
        return TargetIdentity.device(major, minor, 0, 0, "", "", null);
    }
}
