package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.SysfsDisk;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * How long the parts of a scan of this machine's real devices take: the whole scan a wipe makes
 * (libblkid on no device), sysfs, the exclusive open of every device, /proc/PID/fd, and the sources
 * a claim's holder is looked up in when nothing else explains it. Run as root by
 * src/bench/inventory-parts.sh (as another user the opens fail at once); not a unit test.
 */
public final class InventoryPartsBenchmark {
    private InventoryPartsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        SysfsScanner sysfs = new SysfsScanner(Path.of("/sys"), Path.of("/dev"));
        ExclusiveOpen exclusive = new ExclusiveOpen(Path.of("/dev"));
        List<SysfsDisk> raw = sysfs.scan();
        int devices = raw.stream().mapToInt(d -> 1 + d.partitions().size()).sum();
        LinuxInventory inventory = new LinuxInventory();
        System.out.printf(Locale.ROOT, "%d block devices, %d processes; %d runs after 30 warm-up runs each%n", devices,
                ProcessHandle.allProcesses().count(), runs);
        time("a wipe's scan (libblkid on no device)", runs, () -> inventory.scan(n -> false));
        time("  sysfs", runs, sysfs::scan);
        time("  exclusive opens, every device", runs, () -> exclusive.tryAll(raw));
        time("  /proc/PID/fd (its own thread)", runs, () -> new Openers(Path.of("/proc")).read());
        time("holder sources, when a claim is unexplained", runs, () -> new KernelHolders(Path.of("/sys"),
                Path.of("/proc")).of("no-such-device", new DeviceNumber(4095, 0)));
    }

    private static void time(String what, int runs, Callable<?> work) throws Exception {
        for (int i = 0; i < 30; i++) {
            work.call();
        }
        long[] nanos = new long[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            work.call();
            nanos[i] = System.nanoTime() - t0;
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "%-46s median %6.2f ms, p95 %6.2f ms%n", what, nanos[runs / 2] / 1e6,
                nanos[runs * 95 / 100] / 1e6);
    }
}
