package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.linux.SysfsScanner;
import dev.blockwipe.testing.FakeSysfs;
import dev.blockwipe.testing.FileKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class InventoryBuilderTest {
    private static final UsageFacts NOTHING_IN_USE = usage();

    @TempDir
    Path tmp;
    private FakeSysfs sys;
    /** What the fake libblkid finds, by device path; anything else is blank. */
    private final Map<String, Signatures> signatures = new HashMap<>();
    private final SignatureProbe probe = (path, number) -> signatures.getOrDefault(path, Signatures.NONE);

    @BeforeEach
    void fakeTree() {
        sys = new FakeSysfs(tmp.resolve("sys"));
    }

    @Test
    void rootOnDmCryptMakesTheDiskUnderneathASystemDisk() throws IOException {
        FakeSysfs.Disk sda = sys.disk(FakeSysfs.sata(1, "sda"), "8:0");
        sda.partition(1, 2048, 1_048_576);
        sda.partition(2, 1_050_624, 8_000_000).holders("dm-0");
        sys.disk(FakeSysfs.virtual("dm-0"), "253:0").mapper("cryptroot", "CRYPT-LUKS2-abc-cryptroot").slaves("sda2");
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16");

        DeviceInventory inv = build(usage(mount("253:0", "/dev/mapper/cryptroot", "/")));

        assertThat(inv.disk("sda").orElseThrow().systemDisk()).isTrue();
        assertBlocked(inv, "sda", BlockReason.SYSTEM_DISK, "holds /");
        assertBlocked(inv, "sda1", BlockReason.SYSTEM_DISK, "on sda, which holds /");
        assertBlocked(inv, "sda2", BlockReason.SYSTEM_DISK, "on sda, which holds /");
        assertBlocked(inv, "dm-0", BlockReason.SYSTEM_DISK, "holds /");
        assertThat(inv.disk("sdb").orElseThrow().systemDisk()).isFalse();
        assertThat(verdict(inv, "sdb")).isInstanceOf(SafetyVerdict.Wipeable.class);
    }

    /**
     * Booted from Blockwipe's stick: the root is an overlay (no device), the medium's ISO partition
     * is mounted at /run/live/medium, the certificates' partition beside it elsewhere. The stick is
     * the running system's disk, not only a mounted one; the server's own disks are not.
     */
    @Test
    void theStickALiveSystemBootedFromIsTheSystemDisk() throws IOException {
        FakeSysfs.Disk stick = sys.disk(FakeSysfs.usb("sdc"), "8:32");
        stick.partition(1, 0, 1_400_000);
        stick.partition(3, 1_400_000, 131_072);
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0");

        DeviceInventory inv = build(usage(new Mount(new DeviceNumber(0, 30), "overlay", "/", "overlay"),
                mount("8:33", "/dev/sdc1", "/run/live/medium"),
                mount("8:35", "/dev/sdc3", "/var/lib/blockwipe")));

        assertBlocked(inv, "sdc", BlockReason.SYSTEM_DISK,
                "holds the medium the running live system booted from (/run/live/medium)");
        assertBlocked(inv, "sdc3", BlockReason.SYSTEM_DISK, "on sdc, which holds the medium the running live system");
        assertThat(verdict(inv, "sda")).isInstanceOf(SafetyVerdict.Wipeable.class);
    }

    @Test
    void mountedPartitionBlocksItselfAndItsDiskButNotAnotherDisk() throws IOException {
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16").partition(1, 2048, 4_000_000);
        sys.disk(FakeSysfs.sata(3, "sdc"), "8:32").partition(1, 2048, 4_000_000);

        DeviceInventory inv = build(usage(mount("8:17", "/dev/sdb1", "/mnt/data")));

        assertBlocked(inv, "sdb1", BlockReason.MOUNTED, "mounted at /mnt/data");
        assertBlocked(inv, "sdb", BlockReason.MOUNTED, "sdb1 is mounted at /mnt/data");
        assertThat(inv.byName("sdb1").orElseThrow().usage().mountPoints()).containsExactly("/mnt/data");
        assertThat(verdict(inv, "sdc")).isNotInstanceOf(SafetyVerdict.Blocked.class);
        assertThat(verdict(inv, "sdc1")).isInstanceOf(SafetyVerdict.Wipeable.class);
    }

    @Test
    void raidMemberPartitionIsHeldAndSoIsItsDisk() throws IOException {
        raid1();

        DeviceInventory inv = build(NOTHING_IN_USE);

        assertBlocked(inv, "sdb", BlockReason.HELD, "sdb1 is held by md0 (RAID)");
        assertBlocked(inv, "sdb1", BlockReason.HELD, "held by md0 (RAID)");
        assertBlocked(inv, "sdc1", BlockReason.HELD, "held by md0 (RAID)");
    }

    @Test
    void mountedArrayBlocksItsMembersThroughTheHolder() throws IOException {
        raid1();

        DeviceInventory inv = build(usage(mount("9:0", "/dev/md0", "/srv")));

        assertBlocked(inv, "md0", BlockReason.MOUNTED, "mounted at /srv");
        assertBlocked(inv, "sdb1", BlockReason.MOUNTED, "md0 is mounted at /srv");
        assertBlocked(inv, "sdc1", BlockReason.MOUNTED, "md0 is mounted at /srv");
        assertBlocked(inv, "sdb", BlockReason.MOUNTED, "sdb1 → md0 is mounted at /srv");
    }

    @Test
    void activeSwapPartitionBlocksItselfAndItsDisk() throws IOException {
        FakeSysfs.Disk sda = sys.disk(FakeSysfs.sata(1, "sda"), "8:0");
        sda.partition(1, 2048, 1_000_000);
        sda.partition(3, 1_002_048, 1_000_000);

        DeviceInventory inv = build(new UsageFacts(List.of(), List.of(new DeviceNumber(8, 3)), List.of(), null));

        assertBlocked(inv, "sda3", BlockReason.SWAP, "active swap");
        assertBlocked(inv, "sda", BlockReason.SWAP, "sda3 is active swap");
        assertThat(verdict(inv, "sda1")).isInstanceOf(SafetyVerdict.Wipeable.class);
    }

    @Test
    void readOnlyDiskMakesItsPartitionsReadOnly() throws IOException {
        sys.disk(FakeSysfs.usb("sdb"), "8:16").readOnly(true).partition(1, 2048, 1_000_000);

        DeviceInventory inv = build(NOTHING_IN_USE);

        assertBlocked(inv, "sdb", BlockReason.READ_ONLY, "ro flag");
        assertBlocked(inv, "sdb1", BlockReason.READ_ONLY, "its disk sdb");
    }

    @Test
    void emptyDiskIsBlockedAndAnEmptyLoopIsAHiddenPlaceholder() throws IOException {
        sys.disk(FakeSysfs.usb("sdb"), "8:16").sectors(0);
        sys.disk(FakeSysfs.virtual("loop0"), "7:0").sectors(0);
        sys.disk(FakeSysfs.virtual("loop1"), "7:1").backingFile(image().toString());

        DeviceInventory inv = build(NOTHING_IN_USE);

        assertBlocked(inv, "sdb", BlockReason.EMPTY, "0 bytes");
        assertBlocked(inv, "loop0", BlockReason.EMPTY, "0 bytes");
        assertThat(inv.disks()).filteredOn(Disk::placeholder).extracting(Disk::name).containsExactly("loop0");
        assertThat(inv.visibleDisks()).extracting(Disk::name).containsExactly("loop1", "sdb");
    }

    @Test
    void unreadableMountTableBlocksEveryDevice() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").partition(1, 2048, 1_000_000);
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16");

        DeviceInventory inv = build(UsageFacts.unreadable("cannot read /proc/self/mountinfo"));

        assertThat(inv.devices()).extracting(Device::name).containsExactly("sda", "sda1", "sdb");
        inv.devices().forEach(d -> assertBlocked(inv, d.name(), BlockReason.UNKNOWN_FACTS,
                "cannot tell whether it is in use: cannot read /proc/self/mountinfo"));
    }

    @Test
    void unlistableProcBlocksEveryDeviceBesideWhatTheMountTableSaid() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0");
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16");

        DeviceInventory inv = build(new UsageFacts(List.of(), List.of(), List.of(), "a mountinfo line")
                .withProblem("/proc cannot be listed"));

        inv.devices().forEach(d -> assertBlocked(inv, d.name(), BlockReason.UNKNOWN_FACTS,
                "cannot tell whether it is in use: a mountinfo line; /proc cannot be listed"));
    }

    @Test
    void unreadableSysfsAttributeBlocksTheDiskAndItsPartitions() throws IOException {
        sys.disk(FakeSysfs.sata(1, "sda"), "8:0").unreadable("ro").partition(1, 2048, 1_000_000);
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16");

        DeviceInventory inv = build(NOTHING_IN_USE);

        assertBlocked(inv, "sda", BlockReason.UNKNOWN_FACTS, "cannot read sysfs sda/ro");
        assertBlocked(inv, "sda1", BlockReason.UNKNOWN_FACTS, "cannot read sysfs sda/ro");
        assertThat(verdict(inv, "sdb")).isInstanceOf(SafetyVerdict.Wipeable.class);
    }

    @Test
    void blankDiskWithoutPartitionsIsWipeable() throws IOException {
        sys.disk(FakeSysfs.usb("sdb"), "8:16");

        assertThat(verdict(build(NOTHING_IN_USE), "sdb")).isEqualTo(new SafetyVerdict.Wipeable());
    }

    @Test
    void diskThatCouldNotBeProbedNeedsConfirmation() throws IOException {
        sys.disk(FakeSysfs.usb("sdb"), "8:16");
        signatures.put("/dev/sdb", Signatures.unknown("libblkid: cannot open /dev/sdb"));

        SafetyVerdict v = verdict(build(NOTHING_IN_USE), "sdb");

        assertThat(v).isInstanceOf(SafetyVerdict.NeedsConfirmation.class);
        assertThat(v.describe()).contains("unknown contents (libblkid: cannot open /dev/sdb)");
    }

    @Test
    void confirmationOfAPartitionedDiskListsWhatItsPartitionsHold() throws IOException {
        sys.disk(FakeSysfs.usb("sdb"), "8:16").partition(1, 2048, 1_000_000);
        signatures.put("/dev/sdb", found(new Signature("gpt", Signature.PARTITION_TABLE, "", "")));
        signatures.put("/dev/sdb1", found(new Signature("ext4", "filesystem", "data", "0f3c")));

        DeviceInventory inv = build(NOTHING_IN_USE);

        assertThat(verdict(inv, "sdb")).isEqualTo(
                new SafetyVerdict.NeedsConfirmation("gpt partition table; sdb1: ext4 \"data\""));
        assertThat(verdict(inv, "sdb1")).isEqualTo(new SafetyVerdict.NeedsConfirmation("ext4 \"data\""));
    }

    @Test
    void imageBackingAnIdleLoopIsBlockedUnlessForced() throws IOException {
        Path image = image();
        sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile(image.toRealPath().toString());
        DeviceInventory inv = build(NOTHING_IN_USE);

        assertThat(preflight(inv, image, false)).isEqualTo(new SafetyVerdict.Blocked(BlockReason.BACKS_LOOP,
                "in use by a loop device: backs /dev/loop0; detach it first (losetup -d)"));
        assertThat(preflight(inv, image, true)).isEqualTo(new SafetyVerdict.Wipeable());
    }

    @Test
    void imageBackingALoopWithAMountedPartitionIsBlockedEvenWithForce() throws IOException {
        Path image = image();
        sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile(image.toRealPath().toString())
                .partition(1, 2048, 1000);
        DeviceInventory inv = build(usage(mount("7:1", "/dev/loop0p1", "/mnt/image")));

        SafetyVerdict v = preflight(inv, image, true);

        assertThat(v).isInstanceOf(SafetyVerdict.Blocked.class);
        assertThat(((SafetyVerdict.Blocked) v).reason()).isEqualTo(BlockReason.MOUNTED);
        assertThat(v.describe()).contains("/dev/loop0", "/mnt/image");
    }

    /**
     * An ext4 external journal, a second btrfs member, a mount in another namespace: none shows in
     * mountinfo or sysfs, but each holds the loop device exclusively. It is in use, not idle.
     */
    @Test
    void imageBehindALoopDeviceThatSomethingHoldsIsBlockedEvenWithForce() throws IOException {
        Path image = image();
        sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile(image.toRealPath().toString());

        SafetyVerdict claimed = preflight(build(claimed(Map.of("7:0", "the ext4 file system on loop1, as its external"
                + " journal"))), image, true);
        SafetyVerdict cannotTry = preflight(build(NOTHING_IN_USE.withClaims(new Claims(Map.of(), Claim.UNKNOWN,
                (name, number) -> Optional.empty()))), image, true);

        assertThat(claimed).isInstanceOfSatisfying(SafetyVerdict.Blocked.class, b -> {
            assertThat(b.reason()).isEqualTo(BlockReason.HELD);
            assertThat(b.describe()).contains("backs /dev/loop0, which is held by the ext4 file system on loop1, as its"
                    + " external journal (its exclusive open is busy)");
        });
        assertThat(cannotTry).isInstanceOfSatisfying(SafetyVerdict.Blocked.class,
                b -> assertThat(b.describe()).contains("backs /dev/loop0, which is perhaps held"));
    }

    /** What `list` says of a device the kernel holds is what the wipe's exclusive open will meet: busy. */
    @Test
    void aDeviceWhoseExclusiveOpenIsBusyIsBlockedAndItsHolderNamed() throws IOException {
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16");
        sys.disk(FakeSysfs.sata(3, "sdc"), "8:32");
        sys.disk(FakeSysfs.sata(4, "sdd"), "8:48");

        DeviceInventory inv = build(claimed(Map.of("8:16", "the btrfs file system \"pool\" (f00), also on sdx", "8:32", "")));

        assertBlocked(inv, "sdb", BlockReason.HELD,
                "held by the btrfs file system \"pool\" (f00), also on sdx (its exclusive open is busy)");
        assertBlocked(inv, "sdc", BlockReason.HELD, "held by a program or the kernel that no table here names");
        assertThat(verdict(inv, "sdd")).isInstanceOf(SafetyVerdict.Wipeable.class);
    }

    @Test
    void aPartitionsClaimBlocksItsDiskNamingThePartitionButNotItsNeighbour() throws IOException {
        FakeSysfs.Disk sdb = sys.disk(FakeSysfs.sata(2, "sdb"), "8:16");
        sdb.partition(1, 2048, 1_000_000);
        sdb.partition(2, 1_002_048, 1_000_000);

        DeviceInventory inv = build(claimed(Map.of("8:17", "the btrfs file system f00, also on sdc", "8:16", "")));

        assertBlocked(inv, "sdb1", BlockReason.HELD, "held by the btrfs file system f00, also on sdc");
        assertBlocked(inv, "sdb", BlockReason.HELD, "its partition sdb1 is held by the btrfs file system f00, also on sdc");
        assertThat(verdict(inv, "sdb2")).isInstanceOf(SafetyVerdict.Wipeable.class);
    }

    /** A mounted partition makes both its own and its disk's exclusive open busy: that is the mount, said once. */
    @Test
    void aClaimThatAMountExplainsIsNotToldAgain() throws IOException {
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16").partition(1, 2048, 1_000_000);

        Claims busy = claimed(Map.of("8:16", "", "8:17", "")).claims();

        DeviceInventory unexplained = build(NOTHING_IN_USE.withClaims(busy));
        DeviceInventory mounted = build(usage(mount("8:17", "/dev/sdb1", "/data")).withClaims(busy));

        assertThat(unexplained.byName("sdb").orElseThrow().safety().claimed()).contains("its exclusive open is busy");
        assertThat(mounted.byName("sdb").orElseThrow().safety().claimed()).isNull();
        assertThat(mounted.byName("sdb1").orElseThrow().safety().claimed()).isNull();
        assertBlocked(mounted, "sdb", BlockReason.MOUNTED, "sdb1 is mounted at /data");
    }

    @Test
    void aMountWhoseDeviceIsAnonymousIsTiedToItsSourceDevice() throws IOException {
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16").partition(1, 2048, 1_000_000);
        DeviceInventory inv = build(new UsageFacts(List.of(new Mount(new DeviceNumber(0, 45), "/dev/sdb1", "/mnt/btrfs",
                "btrfs", new DeviceNumber(8, 17), null)), List.of(), List.of(), null));

        assertBlocked(inv, "sdb1", BlockReason.MOUNTED, "mounted at /mnt/btrfs");
        assertBlocked(inv, "sdb", BlockReason.MOUNTED, "sdb1 is mounted at /mnt/btrfs");
    }

    @Test
    void aMountProblemDoesNotHideTheMountsThatWereFound() throws IOException {
        Path image = image();
        sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile(image.toRealPath().toString());
        DeviceInventory inv = build(new UsageFacts(List.of(mount("7:0", "/dev/loop0", "/mnt/image")), List.of(), List.of(),
                "cannot tell which device the file system at /x is on"));

        assertThat(preflight(inv, image, true)).as("--force overrides the problem, not the mount it did not hide")
                .isInstanceOfSatisfying(SafetyVerdict.Blocked.class, b -> assertThat(b.reason()).isEqualTo(BlockReason.MOUNTED));
    }

    @Test
    void activeSwapFileIsBlockedEvenWithForce() throws IOException {
        Path image = image();
        DeviceInventory inv = build(new UsageFacts(List.of(), List.of(), List.of(FileKeys.of(image)), null));

        assertThat(preflight(inv, image, true))
                .isEqualTo(new SafetyVerdict.Blocked(BlockReason.SWAP, "active swap file"));
    }

    /** Puts loop0 to a use other than a mount; returns the usage facts that go with it. */
    @FunctionalInterface
    interface LoopUse {
        UsageFacts apply(FakeSysfs sys, FakeSysfs.Disk loop);
    }

    static Stream<Arguments> loopUsesOtherThanMounts() {
        LoopUse swap = (sys, loop) -> new UsageFacts(List.of(), List.of(new DeviceNumber(7, 0)), List.of(), null);
        LoopUse crypt = (sys, loop) -> {
            loop.holders("dm-0");
            sys.disk(FakeSysfs.virtual("dm-0"), "253:0").mapper("secret", "CRYPT-LUKS2-abc-secret").slaves("loop0");
            return NOTHING_IN_USE;
        };
        return Stream.of(Arguments.of("active swap", swap), Arguments.of("held by dm-crypt (not mounted)", crypt));
    }

    /** --force may override "backs a loop device" only because that device is idle; swap or a holder is not idle. */
    @ParameterizedTest(name = "loop0 {0}")
    @MethodSource("loopUsesOtherThanMounts")
    void imageBackingALoopThatIsInUseIsBlockedEvenWithForce(String use, LoopUse inUse) throws IOException {
        Path image = image();
        FakeSysfs.Disk loop = sys.disk(FakeSysfs.virtual("loop0"), "7:0").backingFile(image.toRealPath().toString());
        DeviceInventory inv = build(inUse.apply(sys, loop));

        SafetyVerdict v = preflight(inv, image, true);

        assertThat(v).as("verdict with --force on the image behind loop0, which is %s", use)
                .isInstanceOfSatisfying(SafetyVerdict.Blocked.class,
                        b -> assertThat(b.reason().forceOverrides()).as("force overrides %s", b.reason()).isFalse());
    }

    /** Two disks, sdb1 and sdc1 the members of md0 (RAID 1). */
    private void raid1() {
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16").partition(1, 2048, 4_000_000).holders("md0");
        sys.disk(FakeSysfs.sata(3, "sdc"), "8:32").partition(1, 2048, 4_000_000).holders("md0");
        sys.disk(FakeSysfs.virtual("md0"), "9:0").sectors(3_995_904).slaves("sdb1", "sdc1");
    }

    /** A command that writes probes its targets and their partitions only: no other disk is opened. */
    @Test
    void aScanForTargetsProbesOnlyTheTargetsAndTheirPartitions() throws IOException {
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16").partition(1, 2048, 4_000_000);
        sys.disk(FakeSysfs.sata(3, "sdc"), "8:32").partition(1, 2048, 4_000_000);
        sys.disk(FakeSysfs.sata(4, "sdd"), "8:48").partition(1, 2048, 4_000_000);
        List<String> probed = new ArrayList<>();
        SignatureProbe counting = (path, number) -> {
            probed.add(path.replaceFirst(".*/", ""));
            return found(new Signature("ext4", "filesystem", "data", ""));
        };
        Set<DeviceNumber> targets = Set.of(new DeviceNumber(8, 16), new DeviceNumber(8, 49));

        DeviceInventory inv = new InventoryBuilder(counting, name -> Identity.NONE).build(new SysfsScanner(sys.root(),
                sys.root().resolve("no-device-nodes")).scan(), NOTHING_IN_USE,
                targets::contains);

        assertThat(probed).containsExactlyInAnyOrder("sdb", "sdb1", "sdd1");
        assertThat(inv.byName("sdb1").orElseThrow().signatures().describe()).contains("ext4");
        assertThat(inv.byName("sdc").orElseThrow().signatures().known()).isFalse();
        assertThat(inv.byName("sdc").orElseThrow().signatures().problem()).contains("not probed");
        assertThat(verdict(inv, "sdc")).as("not probed counts as may hold data, never as blank")
                .isInstanceOf(SafetyVerdict.NeedsConfirmation.class);
    }

    private DeviceInventory build(UsageFacts usage) throws IOException {
        return new InventoryBuilder(probe, name -> Identity.NONE).build(new SysfsScanner(sys.root(),
                sys.root().resolve("no-device-nodes")).scan(), usage);
    }

    /**
     * Nothing mounted, and these devices' exclusive opens busy, every other device's free.
     *
     * @param holders device number ("8:16") → who the kernel says holds it ("" when it says nothing)
     */
    private static UsageFacts claimed(Map<String, String> holders) {
        Map<DeviceNumber, Claim> states = new HashMap<>();
        holders.keySet().forEach(n -> states.put(DeviceNumber.parse(n), Claim.CLAIMED));
        return NOTHING_IN_USE.withClaims(new Claims(states, Claim.FREE, (name, number) -> Optional.ofNullable(
                holders.get(number.toString())).filter(h -> !h.isEmpty())));
    }

    /** The verdict on an image file, found by what it is (file system device and inode). */
    private SafetyVerdict preflight(DeviceInventory inv, Path image, boolean force) throws IOException {
        return SafetyRules.verdict(inv.graph().file(FileKeys.of(image), List.of(), Files.size(image), Signatures.NONE), force);
    }

    /** A real file: the preflight resolves its path. */
    private Path image() throws IOException {
        return Files.write(tmp.resolve("disk.img"), new byte[64 * 1024]);
    }

    private static SafetyVerdict verdict(DeviceInventory inv, String name) {
        return inv.byName(name).orElseThrow().verdict();
    }

    private static void assertBlocked(DeviceInventory inv, String name, BlockReason reason, String detail) {
        assertThat(verdict(inv, name)).as(name).isInstanceOfSatisfying(SafetyVerdict.Blocked.class, b -> {
            assertThat(b.reason()).as("reason for %s", name).isEqualTo(reason);
            assertThat(b.detail()).as("detail for %s", name).contains(detail);
        });
    }

    private static Mount mount(String number, String source, String mountPoint) {
        return new Mount(DeviceNumber.parse(number), source, mountPoint, "ext4");
    }

    private static UsageFacts usage(Mount... mounts) {
        return new UsageFacts(Arrays.asList(mounts), List.of(), List.of(), null);
    }

    private static Signatures found(Signature... found) {
        return new Signatures(List.of(found), "", null);
    }
}
