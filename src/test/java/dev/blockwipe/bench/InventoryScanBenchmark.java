package dev.blockwipe.bench;

import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.Identity;
import dev.blockwipe.devices.InventoryBuilder;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.linux.MountTable;
import dev.blockwipe.linux.SysfsScanner;
import dev.blockwipe.testing.FakeSysfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * How long a full inventory scan takes for 16 disks with 4 partitions each, on a fake sysfs tree
 * (sysfs attributes, mountinfo and swaps of this machine, verdicts; libblkid replaced by a no-op
 * since the fake devices have no nodes). Run by src/bench/inventory-scan.sh; not a unit test.
 */
public final class InventoryScanBenchmark {
    private InventoryScanBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Files.createTempDirectory("blockwipe-fake-sysfs");
        FakeSysfs sys = new FakeSysfs(root);
        for (int d = 0; d < 16; d++) {
            String name = "sd" + (char) ('a' + d);
            FakeSysfs.Disk disk = sys.disk(FakeSysfs.sata(d, name), "8:" + d * 16).sectors(7_814_037_168L)
                    .rotational(d % 2 == 0).model("WDC WD40EFRX-68N").vpdSerial("WD-WX" + d);
            for (int p = 1; p <= 4; p++) {
                disk.partition(p, 2048L + (p - 1) * 1_000_000_000L, 999_000_000L);
            }
        }
        InventoryBuilder builder = new InventoryBuilder((path, number) -> Signatures.NONE, name -> Identity.NONE);
        SysfsScanner scanner = new SysfsScanner(root, root.resolve("no-device-nodes"));
        MountTable mounts = new MountTable();
        int warmup = 50;
        int runs = 200;
        long[] nanos = new long[runs];
        long first = 0;
        int devices = 0;
        for (int i = 0; i < warmup + runs; i++) {
            long t0 = System.nanoTime();
            DeviceInventory inv = builder.build(scanner.scan(), mounts.read());
            long t = System.nanoTime() - t0;
            devices = (int) inv.devices().count();
            if (i == 0) {
                first = t;
            }
            if (i >= warmup) {
                nanos[i - warmup] = t;
            }
        }
        try (var files = Files.walk(root)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "%d devices (16 disks x 4 partitions), %d scans after %d warm-up scans%n",
                devices, runs, warmup);
        System.out.printf(Locale.ROOT, "median %.2f ms, p95 %.2f ms, max %.2f ms%n", nanos[runs / 2] / 1e6,
                nanos[runs * 95 / 100] / 1e6, nanos[runs - 1] / 1e6);
        System.out.printf(Locale.ROOT, "the first scan in a fresh JVM (cold classes, no JIT): %.2f ms%n", first / 1e6);
    }
}
