package dev.blockwipe.ui.tree;

import dev.blockwipe.devices.DeviceEvents;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.devices.Identity;
import dev.blockwipe.devices.InventoryBuilder;
import dev.blockwipe.devices.Mount;
import dev.blockwipe.devices.Signature;
import dev.blockwipe.devices.SignatureProbe;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.devices.UsageFacts;
import dev.blockwipe.devices.identify.Identifier;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.LiveNetwork;
import dev.blockwipe.linux.SysfsScanner;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import dev.blockwipe.report.StorageProbe;
import dev.blockwipe.testing.FakeSysfs;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.ui.FakeDialogs;
import dev.blockwipe.ui.HeldExecutor;
import dev.blockwipe.ui.HeldKeystreams;
import dev.blockwipe.ui.RecordingOpener;
import dev.blockwipe.ui.Services;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the view-model tests of the main window share: a fake sysfs with sdb (SATA SSD, two
 * partitions) and sdc (USB), a fake libblkid, services over them whose background work runs at
 * once (or when a test releases it), a scripted dialog service, and helpers that find rows.
 */
public abstract class DeviceFixture {
    protected static final UsageFacts NOTHING_IN_USE = new UsageFacts(List.of(), List.of(), List.of(), null);
    protected static final String BOOT_ID = "5b9a2c1e-boot";

    @TempDir
    protected Path tmp;
    protected FakeSysfs sys;
    /** What the fake libblkid finds, by path; anything else is blank. */
    protected final Map<String, Signatures> signatures = new HashMap<>();
    private final SignatureProbe probe = (path, number) -> signatures.getOrDefault(path, Signatures.NONE);
    protected UsageFacts usage = NOTHING_IN_USE;
    /** Runs background work at once unless a test holds it back to look at the window meanwhile. */
    protected final HeldExecutor background = new HeldExecutor();
    /** The threads the services' job-thread step ran on. */
    protected final Set<String> jobThreads = ConcurrentHashMap.newKeySet();
    /** What the job-thread step does then, before the job opens its target; nothing unless a test says. */
    protected Runnable onJobThread = () -> { };
    protected final FakeDialogs dialogs = new FakeDialogs();
    /** The services' keystreams: JCE's, which a test may hold to look at a wipe that is still running. */
    protected final HeldKeystreams keystreams = new HeldKeystreams(Keystreams.JCE);
    /** What the services opened for writing (made with the fake sysfs). */
    protected RecordingOpener opener;
    /** What Identify opens; none in a fake sysfs, unless a test gives one. */
    protected Identifier identifier = (path, number, diskseq, duration) -> {
        throw new TargetRefusedException(path, TargetRefusedException.Reason.NOT_FOUND, "no drives to identify here");
    };
    /** The I/O buffer budget of the services' pool. */
    protected long bufferBudget = BufferPool.SINGLE_JOB_BUDGET;

    /** The tree the helpers look in. */
    protected abstract DeviceTreeModel tree();

    /** sdb (SATA SSD) with sdb1 and sdb2; sdc (USB) without partitions. */
    @BeforeEach
    protected void twoDisks() {
        sys = new FakeSysfs(tmp.resolve("sys"));
        FakeSysfs.Disk sdb = sys.disk(FakeSysfs.sata(1, "sdb"), "8:16");
        sdb.partition(1, 2048, 1_000_000);
        sdb.partition(2, 1_002_048, 1_000_000);
        sys.disk(FakeSysfs.usb("sdc"), "8:32");
    }

    protected Services services(boolean root) {
        return services(root, Runnable::run, background);
    }

    /** The services with the FX thread and the background executor given: a TestFX test's own, say. */
    protected Services services(boolean root, Executor fx, Executor background) {
        SysfsScanner scanner = new SysfsScanner(sys.root(), sys.root().resolve("no-device-nodes"));
        if (opener == null) {
            opener = new RecordingOpener(new LinuxTargets(sys.root()));
        }
        return new Services(this::scan, scanner::fingerprint, DeviceEvents.NONE, opener, root,
                null, keystreams, new BufferPool(bufferBudget), () -> {
                    jobThreads.add(Thread.currentThread().getName());
                    onJobThread.run();
                }, settings(), new HostInfo("test-host", "", "", "", "", "", BOOT_ID), StorageProbe.NONE,
                new LiveNetwork(tmp.resolve("no-network-switch")), fx,
                background, identifier);
    }

    protected Settings settings() {
        return new Settings(tmp.resolve("config"), tmp.resolve("reports"), tmp.resolve("journals"), Operator.UNNAMED, Sh.uid());
    }

    /** What a scan of the fake sysfs finds now. */
    protected DeviceInventory scan() throws IOException {
        return new InventoryBuilder(probe, name -> Identity.NONE).build(new SysfsScanner(sys.root(), sys.root().resolve("no-device-nodes")).scan(), usage);
    }

    /** What the device watcher would hand over after a scan; returns the inventory applied. */
    protected DeviceInventory rescan(DeviceTreeModel model) throws IOException {
        DeviceInventory inv = scan();
        model.applyInventory(inv);
        return inv;
    }

    /** The disk leaves /sys/block, as when it is pulled out. */
    protected void unplug(String disk) throws IOException {
        Files.delete(sys.root().resolve("block").resolve(disk));
    }

    protected Path sparse(String name, long size) throws IOException {
        Path file = tmp.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(size);
        }
        return file;
    }

    protected Path image(String name) throws IOException {
        return Files.write(tmp.resolve(name), new byte[1 << 20]);
    }

    /** The row of a device that is there (rows shown as removed are left out). */
    protected Optional<DeviceRow> find(String name) {
        return tree().rows().stream().flatMap(r -> Stream.concat(Stream.of(r), r.children().stream()))
                .filter(r -> r.facts().name().equals(name) && !r.removedProperty().get()).findFirst();
    }

    protected DeviceRow row(String name) {
        return find(name).orElseThrow(() -> new AssertionError("no row " + name + " in " + names(tree().rows())));
    }

    protected static List<String> names(List<DeviceRow> rows) {
        return rows.stream().map(r -> r.facts().name()).toList();
    }

    protected static UsageFacts mounted(String number, String mountPoint) {
        return new UsageFacts(List.of(new Mount(DeviceNumber.parse(number), "/dev/x", mountPoint, "ext4")), List.of(),
                List.of(), null);
    }

    protected static Signatures found(Signature... found) {
        return new Signatures(List.of(found), "", null);
    }
}
