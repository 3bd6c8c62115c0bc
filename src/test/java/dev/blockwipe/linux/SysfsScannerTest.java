package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.BlockReason;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceKind;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.Identity;
import dev.blockwipe.devices.InventoryBuilder;
import dev.blockwipe.devices.Mount;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.devices.SysfsDisk;
import dev.blockwipe.devices.SysfsPartition;
import dev.blockwipe.devices.Transport;
import dev.blockwipe.devices.UsageFacts;
import dev.blockwipe.engine.io.LoopBacking;
import dev.blockwipe.testing.FakeSysfs;
import dev.blockwipe.testing.FileKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SysfsScannerTest {
    private UsageFacts usage = new UsageFacts(List.of(), List.of(), List.of(), null);

    @TempDir
    Path tmp;
    private FakeSysfs sys;

    @BeforeEach
    void fakeTree() {
        sys = new FakeSysfs(tmp);
    }

    @Test
    void nvmeDiskIsReadWithItsIdentityAndPartitions() throws IOException {
        sys.disk(FakeSysfs.nvme("nvme0n1"), "259:0").sectors(1_000_215_216L)
                .model("Samsung SSD 980 PRO 1TB                 ")
                .attr("device/serial", "S5GXNX0T123456K     ").attr("device/firmware_rev", "5B2QGXA7")
                .attr("wwid", "eui.002538b111b2c3d4")
                .partition(1, 2048, 1_048_576).entryName("EFI system partition").disk()
                .partition(2, 1_050_624, 999_162_880);

        SysfsDisk d = scanOne();

        assertThat(d.name()).isEqualTo("nvme0n1");
        assertThat(d.number()).isEqualTo(new DeviceNumber(259, 0));
        assertThat(d.sizeSectors()).isEqualTo(1_000_215_216L);
        assertThat(d.devicePath()).contains("/nvme/nvme0/nvme0n1");
        assertThat(d.identity()).isEqualTo(
                new Identity("Samsung SSD 980 PRO 1TB", "", "S5GXNX0T123456K", "eui.002538b111b2c3d4", "5B2QGXA7"));
        assertThat(d.partitions()).containsExactly(
                new SysfsPartition("nvme0n1p1", new DeviceNumber(259, 1), 1, 2048, 1_048_576, false,
                        "EFI system partition", List.of()),
                new SysfsPartition("nvme0n1p2", new DeviceNumber(259, 2), 2, 1_050_624, 999_162_880, false, "",
                        List.of()));
        assertThat(d.unreadable()).isEmpty();
        assertThat(built("nvme0n1").transport()).isEqualTo(Transport.NVME);
        assertThat(built("nvme0n1").kind()).isEqualTo(DeviceKind.NVME_SSD);
    }

    static Stream<Arguments> attachments() {
        return Stream.of(
                Arguments.of(FakeSysfs.sata(1, "sda"), true, Transport.SATA, DeviceKind.HDD),
                Arguments.of(FakeSysfs.sata(2, "sda"), false, Transport.SATA, DeviceKind.SSD),
                Arguments.of(FakeSysfs.usb("sda"), false, Transport.USB, DeviceKind.USB),
                Arguments.of(FakeSysfs.virtio("vda"), true, Transport.VIRTIO, DeviceKind.VIRTUAL));
    }

    @ParameterizedTest(name = "{2} rotational={1} -> {3}")
    @MethodSource("attachments")
    void transportAndKindFollowTheDevicePathAndRotation(String location, boolean rotational, Transport transport,
                                                        DeviceKind kind) throws IOException {
        sys.disk(location, "8:0").rotational(rotational);

        SysfsDisk d = scanOne();

        assertThat(d.rotational()).isEqualTo(rotational);
        assertThat(built(d.name()).transport()).isEqualTo(transport);
        assertThat(built(d.name()).kind()).isEqualTo(kind);
    }

    @Test
    void sataSerialComesFromVpdPage80() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").rotational(true).model("WDC WD40EFRX-68N").vendor("ATA     ")
                .attr("device/rev", "0A82").vpdSerial("     WD-WCC7K1234567");

        Identity id = scanOne().identity();

        assertThat(id).isEqualTo(new Identity("WDC WD40EFRX-68N", "ATA", "WD-WCC7K1234567", "", "0A82"));
    }

    /** The wwid the kernel makes of a disk's model and serial where it has no WWN is no WWN. */
    @Test
    void aWwidMadeOfTheModelAndSerialIsNoWwn() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").vpdDesignator(1, "ATA     TESTSSD  SSD0001".getBytes(StandardCharsets.US_ASCII))
                .attr("device/wwid", "t10.ATA     TESTSSD                                 SSD0001");
        sys.disk(FakeSysfs.nvme("nvme0n1"), "259:0").attr("wwid", "nvme.1b36-4e564d4530303031-51454d55204e564d65204374726c-00000001");
        sys.disk(FakeSysfs.nvme("nvme0n2"), "259:1").attr("wwid", "uuid.5b3c1b6a-0d9b-4f4e-9d5a-6f0e1a2b3c4d");

        List<SysfsDisk> disks = new SysfsScanner(tmp, tmp.resolve("no-device-nodes")).scan();

        assertThat(disks.stream().collect(Collectors.toMap(SysfsDisk::name, d -> d.identity().wwn())))
                .containsOnly(Map.entry("sda", ""), Map.entry("nvme0n1", ""),
                        Map.entry("nvme0n2", "uuid.5b3c1b6a-0d9b-4f4e-9d5a-6f0e1a2b3c4d"));
    }

    @Test
    void aScsiDiskWithADeviceIdentificationPageHasItsWwn() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").vpdDesignator(3, new byte[] {0x50, 0, (byte) 0xc5, 0, 0x12, 0x34, 0x56, 0x78})
                .attr("device/wwid", "naa.5000c50012345678");

        assertThat(scanOne().identity().wwn()).isEqualTo("naa.5000c50012345678");
    }

    /**
     * The kernel answers a read of device/wwid with ENXIO where a disk has no VPD page 0x83 (most
     * USB bridges), and with EINVAL where the page names the unit in no way it uses: no WWN, not a
     * fact that could not be read (which blocked every such USB disk).
     */
    @Test
    void aScsiDiskThatReportsNoIdentifierHasNoWwnAndIsNotBlocked() throws IOException {
        sys.disk(FakeSysfs.usb("sdb"), "8:16").unreadable("device/wwid");
        sys.disk(FakeSysfs.usb("sdc"), "8:32").vpdDesignator(0, "vendor".getBytes(StandardCharsets.US_ASCII))
                .unreadable("device/wwid");

        for (String name : List.of("sdb", "sdc")) {
            SysfsDisk d = scanned(name);
            assertThat(d.identity().wwn()).isEmpty();
            assertThat(d.unreadable()).isEmpty();
            assertThat(built(name).verdict().blocked()).isFalse();
        }
    }

    /** A USB bridge answers no VPD page 0x80; the USB device's own serial number is the disk's. */
    @Test
    void aUsbDiskHasTheSerialOfItsUsbDevice() throws IOException {
        sys.disk(FakeSysfs.usb("sdb"), "8:16").model("QEMU HARDDISK");
        Path usbDevice = tmp.resolve("devices/pci0000:00/0000:00:14.0/usb1/1-2");
        Files.writeString(usbDevice.resolve("idVendor"), "46f4\n");
        Files.writeString(usbDevice.resolve("serial"), "USB0001\n");

        assertThat(scanOne().identity().serial()).isEqualTo("USB0001");
    }

    @Test
    void aWwnThatTheDeviceReportsButThatCannotBeReadStillBlocks() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").vpdDesignator(3, new byte[8]).unreadable("device/wwid");

        assertThat(scanOne().unreadable()).singleElement().asString().contains("sda/device/wwid");
    }

    @Test
    void virtioSerialComesFromTheSerialFile() throws IOException {
        sys.disk(FakeSysfs.virtio("vda"), "252:0").attr("serial", "vm-disk-7");

        assertThat(scanOne().identity().serial()).isEqualTo("vm-disk-7");
    }

    @Test
    void aSerialThatIsThereButCannotBeReadBlocksTheDiskInsteadOfReadingAsNone() throws IOException {
        sys.disk(FakeSysfs.virtio("vdb"), "252:16");
        Files.createDirectories(sys.root().resolve("devices").resolve(FakeSysfs.virtio("vdb")).resolve("serial"));

        SysfsDisk d = scanOne();

        assertThat(d.identity().serial()).isEmpty();
        assertThat(d.unreadable()).singleElement().asString().contains("vdb/serial");
        assertThat(built("vdb").verdict()).isInstanceOfSatisfying(SafetyVerdict.Blocked.class,
                b -> assertThat(b.reason()).isEqualTo(BlockReason.UNKNOWN_FACTS));
    }

    @Test
    void theDiskSequenceNumberIsRead() throws IOException {
        sys.disk(FakeSysfs.usb("sdc"), "8:32").attr("diskseq", "42");

        assertThat(scanOne().diskseq()).isEqualTo(42);
    }

    @Test
    void aLoopDeviceIsTiedToItsBackingFileByDeviceAndInodeWithOffsetAndLimit() throws IOException {
        Path backing = Files.write(tmp.resolve("backing.img"), new byte[4096]);
        sys.disk(FakeSysfs.virtual("loop4"), "7:4").backingFile(backing.toString()).attr("loop/offset", "1048576")
                .attr("loop/sizelimit", "2097152");

        SysfsDisk d = scanOne();

        FileKey key = FileKeys.of(backing);
        assertThat(d.loop().backing()).isEqualTo(new LoopBacking(key.device().major(), key.device().minor(), key.inode(), 0, 0,
                1048576, 2097152));
        assertThat(d.unreadable()).isEmpty();
    }

    /**
     * A loop device with nothing attached is read without its identity or partitions, which it
     * cannot have (a machine may have a hundred of them); an attached one has both read.
     */
    @Test
    void aDetachedLoopDeviceIsReadWithoutIdentityOrPartitions() throws IOException {
        sys.disk(FakeSysfs.virtual("loop7"), "7:7").sectors(0).model("stale").partition(1, 2048, 2048);

        SysfsDisk detached = scanOne();

        assertThat(detached.sizeSectors()).isZero();
        assertThat(detached.identity()).isEqualTo(Identity.NONE);
        assertThat(detached.partitions()).isEmpty();

        sys.disk(FakeSysfs.virtual("loop7"), "7:7").sectors(2048).model("attached").backingFile("/var/tmp/a.img");
        SysfsDisk attached = scanOne();
        assertThat(attached.identity().model()).isEqualTo("attached");
        assertThat(attached.partitions()).extracting(SysfsPartition::name).containsExactly("loop7p1");
    }

    /** A directory with a partition attribute that is not named after the disk is not one of its partitions. */
    @Test
    void onlyDirectoriesNamedAfterTheDiskArePartitions() throws IOException {
        sys.disk(FakeSysfs.usb("sdb"), "8:16").partition(1, 2048, 2048);
        Path stray = tmp.resolve("devices/stray");
        Files.createDirectories(stray);
        Files.writeString(stray.resolve("partition"), "1");
        Path disk = tmp.resolve("block/sdb").toRealPath();
        Files.createSymbolicLink(disk.resolve("holder-like"), stray);

        assertThat(scanOne().partitions()).extracting(SysfsPartition::name).containsExactly("sdb1");
    }

    /** loop2 before loop10, sdb2 before sdb10: the tree and `list` count as people do. */
    @Test
    void disksAndPartitionsComeInNaturalOrder() throws IOException {
        for (int n : new int[] {10, 2, 200, 3}) {
            sys.disk(FakeSysfs.virtual("loop" + n), "7:" + n);
        }
        FakeSysfs.Disk sdb = sys.disk(FakeSysfs.usb("sdb"), "8:16");
        for (int n : new int[] {10, 1, 2}) {
            sdb = sdb.partition(n, 2048L * n, 2048).disk();
        }

        List<SysfsDisk> disks = new SysfsScanner(tmp, tmp.resolve("no-device-nodes")).scan();

        assertThat(disks).extracting(SysfsDisk::name).containsExactly("loop2", "loop3", "loop10", "loop200", "sdb");
        assertThat(disks.get(4).partitions()).extracting(SysfsPartition::name).containsExactly("sdb1", "sdb2", "sdb10");
    }

    @Test
    void aLoopDeviceWhoseBackingCannotBeFoundIsAFactThatCouldNotBeRead() throws IOException {
        sys.disk(FakeSysfs.virtual("loop5"), "7:5").backingFile("/var/tmp/gone.img (deleted)");
        sys.disk(FakeSysfs.usb("sdc"), "8:32");

        List<SysfsDisk> disks = new SysfsScanner(tmp, tmp.resolve("no-device-nodes")).scan();

        assertThat(disks.get(0).loop().backing()).isNull();
        assertThat(disks.get(0).unreadable()).singleElement().asString().contains("loop5/loop", "deleted");
        assertThat(built("loop5").verdict()).isInstanceOfSatisfying(SafetyVerdict.Blocked.class,
                b -> assertThat(b.reason()).isEqualTo(BlockReason.UNKNOWN_FACTS));
        assertThat(built("sdc").verdict().blocked()).as("an idle loop device risks nothing but its own data").isFalse();
    }

    @Test
    void aLoopDeviceInUseWhoseBackingCannotBeFoundBlocksEveryTarget() throws IOException {
        sys.disk(FakeSysfs.virtual("loop5"), "7:5").backingFile("/var/tmp/gone.img (deleted)");
        sys.disk(FakeSysfs.usb("sdc"), "8:32");
        usage = new UsageFacts(List.of(new Mount(new DeviceNumber(7, 5), "/dev/loop5", "/mnt/x", "ext4")), List.of(),
                List.of(), null);

        assertThat(built("sdc").verdict()).as("any device could be what loop5 is attached to, and --force must not hide it")
                .isInstanceOfSatisfying(SafetyVerdict.Blocked.class, b -> {
                    assertThat(b.reason()).isEqualTo(BlockReason.HELD);
                    assertThat(b.describe()).contains("perhaps under /dev/loop5, which is in use (mounted at /mnt/x)");
                });
    }

    @Test
    void loopDeviceReportsItsBackingFile() throws IOException {
        sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile("/var/tmp/disk image.img");

        SysfsDisk d = scanOne();

        assertThat(d.loop().backingFile()).isEqualTo("/var/tmp/disk image.img");
        assertThat(built("loop0").transport()).isEqualTo(Transport.LOOP);
        assertThat(built("loop0").kind()).isEqualTo(DeviceKind.LOOP);
    }

    @Test
    void mdArrayListsItsMemberPartitionsAsSlavesAndTheyListItAsHolder() throws IOException {
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16").partition(1, 2048, 4_000_000).holders("md0");
        sys.disk(FakeSysfs.sata(3, "sdc"), "8:32").partition(1, 2048, 4_000_000).holders("md0");
        sys.disk(FakeSysfs.virtual("md0"), "9:0").slaves("sdb1", "sdc1");

        List<SysfsDisk> disks = new SysfsScanner(tmp, tmp.resolve("no-device-nodes")).scan();

        assertThat(disks).extracting(SysfsDisk::name).containsExactly("md0", "sdb", "sdc");
        SysfsDisk md = disks.get(0);
        assertThat(md.slaves()).containsExactly("sdb1", "sdc1");
        assertThat(built("md0").transport()).isEqualTo(Transport.MD);
        assertThat(built("md0").kind()).isEqualTo(DeviceKind.RAID);
        assertThat(disks.subList(1, 3)).allSatisfy(
                d -> assertThat(d.partitions()).singleElement().satisfies(p -> assertThat(p.holders()).containsExactly("md0")));
    }

    @Test
    void dmCryptDeviceHasMapperNameUuidAndSlave() throws IOException {
        sys.disk(FakeSysfs.sata(4, "sdd"), "8:48").partition(1, 2048, 4_000_000).holders("dm-0");
        sys.disk(FakeSysfs.virtual("dm-0"), "253:0")
                .mapper("cryptdata", "CRYPT-LUKS2-0a1b2c3d4e5f40718293a4b5c6d7e8f9-cryptdata").slaves("sdd1");

        List<SysfsDisk> disks = new SysfsScanner(tmp, tmp.resolve("no-device-nodes")).scan();

        SysfsDisk dm = disks.get(0);
        assertThat(dm.name()).isEqualTo("dm-0");
        assertThat(dm.mapperName()).isEqualTo("cryptdata");
        assertThat(dm.mapperUuid()).startsWith("CRYPT-LUKS2-");
        assertThat(dm.slaves()).containsExactly("sdd1");
        assertThat(built("dm-0").kind()).isEqualTo(DeviceKind.MAPPER);
        assertThat(disks.get(1).partitions().get(0).holders()).containsExactly("dm-0");
    }

    @Test
    void aDiskThatReportsNoSerialOrFirmwareSaysSoWhereAVirtualDeviceHasNone() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").model("QEMU HARDDISK").vpdSerial("QM00001");
        sys.disk(FakeSysfs.virtual("dm-0"), "253:0").mapper("plain", "");

        Map<String, String> sata = sheet("sda");
        Map<String, String> mapper = sheet("dm-0");

        assertThat(sata).containsEntry("model", "QEMU HARDDISK").containsEntry("serial", "QM00001")
                .containsEntry("wwn", "not reported by the device").containsEntry("firmware", "not reported by the device");
        assertThat(mapper).doesNotContainKeys("model", "serial", "wwn", "firmware").containsEntry("mapper name", "plain");
    }

    private Map<String, String> sheet(String name) throws IOException {
        DeviceInventory inv = inventory();
        return FactSheet.of(inv, inv.byName(name).orElseThrow()).stream()
                .collect(Collectors.toMap(FactSheet.Fact::key, FactSheet.Fact::value));
    }

    @Test
    void logicalVolumeIsOfKindLvmByItsMapperUuid() throws IOException {
        sys.disk(FakeSysfs.sata(4, "sdd"), "8:48").holders("dm-0");
        sys.disk(FakeSysfs.virtual("dm-0"), "253:0")
                .mapper("vg0-data", "LVM-k3Jc1yJ0dB7o8Gm5vQ2nA1T6oB9hV0xEz2CkP1q4wW3rR8sT7uY6iI5oO4pP3aA2").slaves("sdd");

        assertThat(built("dm-0").kind()).isEqualTo(DeviceKind.LVM);
        assertThat(built("dm-0").kind().label()).isEqualTo("LVM");
    }

    @Test
    void partitionStartingAtSectorOneIsMisaligned() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").blockSizes(512, 4096).partition(1, 1, 1_000_000);

        Partition p = built("sda").partitions().get(0);

        assertThat(p.facts().startSector()).isEqualTo(1);
        assertThat(p.alignment().aligned()).isFalse();
        assertThat(p.alignment().describe()).startsWith("MISALIGNED");
    }

    @Test
    void fourKNativeDiskReportsBothBlockSizes() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").blockSizes(4096, 4096).partition(1, 2048, 1_000_000);

        SysfsDisk d = scanOne();
        Partition p = built("sda").partitions().get(0);

        assertThat(d.logicalBlockSize()).isEqualTo(4096);
        assertThat(d.physicalBlockSize()).isEqualTo(4096);
        assertThat(p.alignment().aligned()).isTrue();
        assertThat(p.alignment().startBytes()).isEqualTo(1 << 20);
    }

    @Test
    void attributeThatExistsButCannotBeReadIsListedAsUnreadable() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").unreadable("ro");

        SysfsDisk d = scanOne();

        assertThat(d.unreadable()).isNotEmpty().allSatisfy(u -> assertThat(u).startsWith("sysfs sda/ro"));
    }

    @Test
    void unreadablePartitionAttributeIsListedOnItsDisk() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").partition(1, 2048, 1000).unreadable("start");

        assertThat(scanOne().unreadable()).isNotEmpty().allSatisfy(u -> assertThat(u).startsWith("sysfs sda/sda1/start"));
    }

    @Test
    void absentOptionalAttributesStayEmptyOrDefaulted() throws IOException {
        FakeSysfs.Disk disk = sys.disk(FakeSysfs.sata(1, "sda"), "8:0");
        deleteTree(disk.dir().resolve("queue"));
        Files.delete(disk.dir().resolve("removable"));

        SysfsDisk d = scanOne();

        assertThat(d.identity()).isEqualTo(Identity.NONE);
        assertThat(d.loop().backingFile()).isEmpty();
        assertThat(d.mapperName()).isEmpty();
        assertThat(d.mapperUuid()).isEmpty();
        assertThat(d.holders()).isEmpty();
        assertThat(d.slaves()).isEmpty();
        assertThat(d.removable()).isFalse();
        assertThat(d.rotational()).as("assumed spinning when the kernel does not say").isTrue();
        assertThat(d.logicalBlockSize()).isEqualTo(512);
        assertThat(d.physicalBlockSize()).isEqualTo(512);
        assertThat(d.discardMaxBytes()).isZero();
        assertThat(d.unreadable()).isEmpty();
    }

    /** A change to a tree of sda with partition sda1. */
    @FunctionalInterface
    interface TreeChange {
        void apply(FakeSysfs sys, FakeSysfs.Disk sda, FakeSysfs.Part sda1);
    }

    static Stream<Arguments> treeChanges() {
        return Stream.of(
                Arguments.of("disk added", (TreeChange) (sys, sda, sda1) -> sys.disk(FakeSysfs.usb("sdb"), "8:16")),
                Arguments.of("disk resized", (TreeChange) (sys, sda, sda1) -> sda.sectors(4_194_304)),
                Arguments.of("disk held", (TreeChange) (sys, sda, sda1) -> sda.holders("md0")),
                Arguments.of("partition added", (TreeChange) (sys, sda, sda1) -> sda.partition(2, 4096, 1000)),
                Arguments.of("partition held", (TreeChange) (sys, sda, sda1) -> sda1.holders("dm-0")),
                Arguments.of("partition resized", (TreeChange) (sys, sda, sda1) -> sda1.sectors(2000)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("treeChanges")
    void fingerprintChangesWithTheTree(String what, TreeChange change) {
        FakeSysfs.Disk sda = sys.disk(FakeSysfs.sata(1, "sda"), "8:0");
        FakeSysfs.Part sda1 = sda.partition(1, 2048, 1000);
        SysfsScanner scanner = new SysfsScanner(tmp, tmp.resolve("no-device-nodes"));
        String before = scanner.fingerprint();
        assertThat(scanner.fingerprint()).as("fingerprint of an unchanged tree").isEqualTo(before);

        change.apply(sys, sda, sda1);

        assertThat(scanner.fingerprint()).as("fingerprint after: %s", what).isNotEqualTo(before);
    }

    private SysfsDisk scanOne() throws IOException {
        List<SysfsDisk> disks = new SysfsScanner(tmp, tmp.resolve("no-device-nodes")).scan();
        assertThat(disks).hasSize(1);
        return disks.get(0);
    }

    private SysfsDisk scanned(String name) throws IOException {
        return new SysfsScanner(tmp, tmp.resolve("no-device-nodes")).scan().stream().filter(d -> d.name().equals(name))
                .findFirst().orElseThrow();
    }

    private DeviceInventory inventory() throws IOException {
        return new InventoryBuilder((path, number) -> Signatures.NONE, name -> Identity.NONE)
                .build(new SysfsScanner(tmp, tmp.resolve("no-device-nodes")).scan(), usage);
    }

    /** The disk as the inventory shows it, with transport, kind and alignment. */
    private Disk built(String name) throws IOException {
        return inventory().disk(name).orElseThrow();
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
