package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.devices.BlockReason;
import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceKind;
import dev.blockwipe.devices.DeviceWatcher;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.Signature;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.LoopFixture;
import dev.blockwipe.testing.Sh;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The real inventory of loop devices the tests set up (root only; CI runs as root). */
class InventoryLoopTest extends LoopFixture {
    @Test
    void libblkidFindsTheTableTypesAndLabels() throws Exception {
        try (LoopDevice loop = gptExt4Vfat()) {
            Disk disk = scan().disk(loop.name()).orElseThrow();
            assertThat(disk.kind()).isEqualTo(DeviceKind.LOOP);
            assertThat(disk.facts().loop().backingFile()).isEqualTo(loop.image().toString());
            assertThat(disk.signatures().partitionTable()).isEqualTo("gpt");
            assertThat(disk.partitions()).hasSize(2);
            Partition p1 = disk.partitions().get(0);
            Partition p2 = disk.partitions().get(1);
            assertThat(p1.signatures().describe()).isEqualTo("ext4 \"data\"");
            assertThat(p1.signatures().entryName()).isEqualTo("first");
            assertThat(p2.signatures().describe()).isEqualTo("vfat \"EFI\"");
            assertThat(p1.alignment().aligned()).isTrue();
            assertThat(disk.verdict()).isInstanceOfSatisfying(SafetyVerdict.NeedsConfirmation.class,
                    v -> assertThat(v.contents()).contains("gpt partition table", "ext4 \"data\"", "vfat \"EFI\""));
        }
    }

    @Test
    void aMountedPartitionBlocksItAndItsDiskButNotAnotherDisk() throws Exception {
        try (LoopDevice loop = gptExt4Vfat(); LoopDevice other = gptExt4Vfat()) {
            Path mnt = Files.createDirectory(dir.resolve("mnt"));
            loop.mount(loop.partition(1), mnt);
            DeviceInventory inv = scan();
            assertBlocked(inv.byName(loop.name() + "p1").orElseThrow(), BlockReason.MOUNTED, "mounted at " + mnt);
            assertBlocked(inv.byName(loop.name()).orElseThrow(), BlockReason.MOUNTED, loop.name() + "p1 is mounted at " + mnt);
            assertThat(inv.byName(loop.name() + "p2").orElseThrow().verdict().blocked()).isFalse();
            assertThat(inv.byName(other.name() + "p1").orElseThrow().verdict().blocked()).isFalse();
            assertThat(inv.byName(other.name()).orElseThrow().verdict().blocked()).isFalse();
        }
    }

    @Test
    void aReadOnlyLoopIsBlocked() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 8 * MIB, "-r")) {
            assertBlocked(scan().byName(loop.name()).orElseThrow(), BlockReason.READ_ONLY, "read-only");
        }
    }

    @Test
    void anMbrPartitionAtSectorOneIsFlaggedMisalignedInTheListAndBeforeTheWipe() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 32 * MIB)) {
            loop.partition("label: dos\nstart=1,size=40000\n");
            Partition p = (Partition) scan().byName(loop.name() + "p1").orElseThrow();
            assertThat(p.facts().startSector()).isEqualTo(1);
            assertThat(p.alignment().aligned()).isFalse();
            assertThat(p.alignment().describe()).startsWith("MISALIGNED: starts at byte 512");
            assertThat(Cli.run("list").out()).contains(loop.name() + "p1").contains("misaligned");
            Cli wipe = Cli.run("wipe", loop.partition(1), "-m", "zero", "--yes=" + loop.name() + "p1");
            assertThat(wipe.exitCode()).as(wipe.err()).isZero();
            assertThat(wipe.err()).as("said before the first write, not only in the result")
                    .containsSubsequence("misaligned on its disk by 512 bytes", "read-back OK");
        }
    }

    /** libblkid finds nothing on random data; the samples read across it tell it from a blank device. */
    @Test
    void aDeviceFullOfRandomDataIsListedAsSuchAndAsksForConfirmation() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 8 * MIB)) {
            loop.fillRandom(loop.path(), 3);

            Device d = scan().byName(loop.name()).orElseThrow();
            assertThat(d.signatures().found()).containsExactly(Signature.RANDOM_DATA);
            assertThat(d.verdict()).isInstanceOf(SafetyVerdict.NeedsConfirmation.class);
            assertThat(Cli.listed(loop.name()).at("/verdict/level").asText()).isEqualTo("CONFIRM");
        }
    }

    @Test
    void aBlankDeviceIsWipeable() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 8 * MIB)) {
            assertThat(scan().byName(loop.name()).orElseThrow().verdict()).isInstanceOf(SafetyVerdict.Wipeable.class);
        }
    }

    @Test
    void theDiskHoldingTheRootFileSystemIsTheBlockedSystemDisk() throws Exception {
        String root = Sh.run("findmnt", "-n", "-o", "MAJ:MIN", "/");
        Device system = scan().devices().filter(d -> d.number().toString().equals(root)).findFirst().orElseThrow();
        Disk disk = system instanceof Partition p ? scan().disk(p.disk()).orElseThrow() : (Disk) system;
        assertThat(disk.systemDisk()).isTrue();
        assertBlocked(disk, BlockReason.SYSTEM_DISK, "holds /");
    }

    @Test
    void listJsonAndShowDescribeTheDevices() throws Exception {
        try (LoopDevice loop = gptExt4Vfat()) {
            Cli list = Cli.run("list", "--json");
            assertThat(list.exitCode()).as(list.err()).isZero();
            JsonNode disks = new ObjectMapper().readTree(list.out()).get("disks");
            JsonNode disk = null;
            for (JsonNode d : disks) {
                if (d.get("name").asText().equals(loop.name())) {
                    disk = d;
                }
            }
            assertThat(disk).isNotNull();
            assertThat(disk.get("kind").asText()).isEqualTo("Loop");
            assertThat(disk.get("partitionTable").asText()).isEqualTo("gpt");
            assertThat(disk.at("/verdict/level").asText()).isEqualTo("CONFIRM");
            assertThat(disk.at("/partitions/0/fsType").asText()).isEqualTo("ext4");
            assertThat(disk.at("/partitions/0/label").asText()).isEqualTo("data");
            assertThat(disk.at("/partitions/1/fsType").asText()).isEqualTo("vfat");

            Cli show = Cli.run("show", loop.partition(1));
            assertThat(show.exitCode()).isZero();
            assertThat(show.out()).contains("partition table:   gpt", "entry name:        first", "ext4 \"data\"",
                    "alignment:", "verdict:           CONFIRM");
        }
    }

    @Test
    void wipeRefusesEachBlockedCaseWithItsReasonAndWritesNothing() throws Exception {
        try (LoopDevice loop = gptExt4Vfat()) {
            Path mnt = Files.createDirectory(dir.resolve("m"));
            loop.mount(loop.partition(1), mnt);
            String before = LoopDevice.sha256(loop.partition(2));
            Cli disk = Cli.run("wipe", loop.path(), "-m", "zero", "--yes=" + loop.name(), "--force");
            assertThat(disk.exitCode()).isEqualTo(4);
            assertThat(disk.err()).contains("refused: " + loop.name() + "p1 is mounted at " + mnt);
            Cli image = Cli.run("wipe", loop.image().toString(), "-m", "zero", "--yes=" + loop.image().getFileName());
            assertThat(image.exitCode()).isEqualTo(4);
            assertThat(image.err()).contains("backs " + loop.path() + " → " + loop.name() + "p1 is mounted at " + mnt);
            assertThat(LoopDevice.sha256(loop.partition(2))).isEqualTo(before);
        }
        String root = Sh.run("findmnt", "-n", "-o", "SOURCE", "/");
        Cli system = Cli.run("wipe", root, "-m", "zero", "--yes=" + Path.of(root).getFileName(), "--force");
        assertThat(system.exitCode()).isEqualTo(4);
        assertThat(system.err()).contains("refused: system disk: holds /");
    }

    // ---- held by the kernel where no table of this namespace says so: listed as the wipe finds them

    @Test
    void aSecondBtrfsMemberIsBlockedWithItsFileSystemNamedAndSoIsItsDisk() throws Exception {
        Sh.require(Sh.onPath("mkfs.btrfs"), "needs mkfs.btrfs (btrfs-progs)");
        // the mounted one is closed first (unmounted, detached), then the other member
        try (LoopDevice second = LoopDevice.create(dir, 160 * MIB).partition("label: gpt\n,\n");
             LoopDevice first = LoopDevice.create(dir, 160 * MIB)) {
            Sh.run("mkfs.btrfs", "-q", "-f", first.path(), second.partition(1));
            first.mount(first.path(), Files.createDirectory(dir.resolve("pool")));

            DeviceInventory inv = scan();

            String fileSystem = "held by the btrfs file system ";
            assertBlocked(inv.byName(second.name() + "p1").orElseThrow(), BlockReason.HELD, fileSystem);
            assertBlocked(inv.byName(second.name() + "p1").orElseThrow(), BlockReason.HELD, "also on " + first.name());
            assertBlocked(inv.byName(second.name()).orElseThrow(), BlockReason.HELD,
                    "its partition " + second.name() + "p1 is " + fileSystem);
            assertListedAsTheWipeFindsIt(second.partition(1), second.name() + "p1", fileSystem);
        }
    }

    @Test
    void anExternalJournalIsBlockedWithItsFileSystemNamed() throws Exception {
        try (LoopDevice journal = LoopDevice.create(dir, 16 * MIB); LoopDevice fs = LoopDevice.create(dir, 64 * MIB)) {
            Sh.run("mke2fs", "-q", "-F", "-O", "journal_dev", "-b", "4096", journal.path());
            Sh.run("mkfs.ext4", "-q", "-F", "-b", "4096", "-J", "device=" + journal.path(), fs.path());
            fs.mount(fs.path(), Files.createDirectory(dir.resolve("journalled")));

            assertBlocked(scan().byName(journal.name()).orElseThrow(), BlockReason.HELD,
                    "held by the ext4 file system on " + fs.name() + ", as its external journal (its exclusive open is busy)");
            assertListedAsTheWipeFindsIt(journal.path(), journal.name(), "held by the ext4 file system on " + fs.name());
        }
    }

    @Test
    void aLoopDeviceMountedOnlyInAnotherNamespaceIsBlockedWithTheMountNamed() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 32 * MIB)) {
            Process holder = LoopDevice.mountedInAnotherNamespace(loop.path(), dir);
            try {
                String mount = "in another mount namespace (process " + holder.pid() + ", sleep)";
                assertBlocked(scan().byName(loop.name()).orElseThrow(), BlockReason.HELD, mount);
                assertListedAsTheWipeFindsIt(loop.path(), loop.name(), mount);
            } finally {
                holder.destroy();
                holder.waitFor();
            }
        }
    }

    @Test
    void theWatcherSeesALoopDeviceAttachedAndDetachedWhileItRuns() throws Exception {
        LinuxInventory inventory = new LinuxInventory();
        BlockingQueue<DeviceWatcher.Change> changes = new LinkedBlockingQueue<>();
        try (DeviceWatcher watcher = new DeviceWatcher(inventory, inventory::fingerprint,
                (inv, list) -> changes.addAll(list), e -> { })) {
            watcher.start(Duration.ofMillis(200));
            String name;
            try (LoopDevice loop = LoopDevice.create(dir, 8 * MIB)) {
                name = loop.name();
                assertThat(awaitChange(changes, DeviceWatcher.Change.Added.class, name)).isTrue();
            }
            assertThat(awaitChange(changes, DeviceWatcher.Change.Removed.class, name)).isTrue();
        }
    }

    private static boolean awaitChange(BlockingQueue<DeviceWatcher.Change> changes,
                                       Class<? extends DeviceWatcher.Change> type, String name) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            DeviceWatcher.Change c = changes.poll(100, TimeUnit.MILLISECONDS);
            if (type.isInstance(c) && c.device().name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private LoopDevice gptExt4Vfat() throws Exception {
        LoopDevice loop = LoopDevice.create(dir, 64 * MIB);
        loop.partition("label: gpt\nsize=24M,name=first\nsize=+\n");
        Sh.run("mkfs.ext4", "-q", "-F", "-L", "data", loop.partition(1));
        Sh.run("mkfs.vfat", "-n", "EFI", loop.partition(2));
        return loop;
    }

    private static DeviceInventory scan() throws Exception {
        return new LinuxInventory().scan();
    }

    /** `list --json` says BLOCKED with the reason, and the wipe refuses it with the same reason. */
    private static void assertListedAsTheWipeFindsIt(String path, String name, String reason) {
        JsonNode listed = Cli.listed(name);
        assertThat(listed.at("/verdict/level").asText()).isEqualTo("BLOCKED");
        assertThat(listed.at("/verdict/detail").asText()).contains(reason);
        Cli wipe = Cli.run("wipe", path, "-m", "zero", "--yes=" + name);
        assertThat(wipe.exitCode()).as(wipe.err()).isEqualTo(4);
        assertThat(wipe.err()).contains("refused: ").contains(reason);
    }

    private static void assertBlocked(Device d, BlockReason reason, String detail) {
        assertThat(d.verdict()).as(d.name()).isInstanceOfSatisfying(SafetyVerdict.Blocked.class, b -> {
            assertThat(b.reason()).isEqualTo(reason);
            assertThat(b.detail()).contains(detail);
        });
    }
}
