package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.io.LoopBacking;
import dev.blockwipe.engine.io.OldData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A loop device in use whose backing cannot be told blocks what it could be under, and only that
 * (issue 34: an md RAID1 over two loop devices with their images on a live system's overlay root
 * blocked every disk of the machine).
 */
class UnknownBackingTest {
    private static final DeviceNumber NVME = new DeviceNumber(259, 0);
    private static final DeviceNumber LOOP0 = new DeviceNumber(7, 0);
    private static final DeviceNumber MD0 = new DeviceNumber(9, 0);
    /** A file on the overlay root: the device of its upper layer's files there, which no mount names. */
    private static final LoopBacking ON_OVERLAY = new LoopBacking(0, 25, 10, 0, 0, 0, 0);
    private static final String UNTOLD = "sysfs loop0/loop (its backing file /var/tmp/a.img may be on an overlay file"
            + " system whose layer files cannot be told)";

    private final List<SysfsDisk> disks = new ArrayList<>(List.of(
            disk("nvme0n1", NVME, List.of(), LoopFacts.NONE, List.of()),
            disk("md0", MD0, List.of(), LoopFacts.NONE, List.of())));

    @Test
    void aKnownFileWhoseLayersCannotBeToldIsUnderNoDiskThatItsExclusiveOpenFoundIdle() {
        disks.add(loop0(new LoopFacts("/var/tmp/a.img", ON_OVERLAY, null, OldData.NONE)));

        DeviceInventory inv = inventory(Map.of(NVME, Claim.FREE, MD0, Claim.FREE, LOOP0, Claim.CLAIMED));

        assertThat(verdict(inv, "nvme0n1").level()).as(verdict(inv, "nvme0n1").describe()).isEqualTo("WIPEABLE");
        assertThat(verdict(inv, "md0").level()).as("the array over it, with nothing above it").isEqualTo("WIPEABLE");
        assertThat(verdict(inv, "loop0").describe()).contains("cannot tell whether it is in use", UNTOLD);
    }

    @Test
    void aKnownFileWhoseLayersCannotBeToldMayBeUnderAnyImageFile() {
        disks.add(loop0(new LoopFacts("/var/tmp/a.img", ON_OVERLAY, null, OldData.NONE)));

        DeviceInventory inv = inventory(Map.of(NVME, Claim.FREE, MD0, Claim.FREE, LOOP0, Claim.CLAIMED));
        SafetyVerdict file = SafetyRules.verdict(inv.graph().file(new FileKey(new DeviceNumber(0, 28), 5), List.of(),
                1 << 20, Signatures.NONE), true);

        assertThat(file).as("--force does not hide it").isInstanceOfSatisfying(SafetyVerdict.Blocked.class, b -> {
            assertThat(b.reason()).isEqualTo(BlockReason.HELD);
            assertThat(b.describe()).startsWith("perhaps under /dev/loop0, which is in use (held by md0 (RAID)) and whose"
                    + " backing cannot be told (" + UNTOLD + ")");
        });
    }

    /** Not root: whether a mounted file system holds it cannot be tried, so it may hold the file's data. */
    @Test
    void aKnownFileWhoseLayersCannotBeToldMayBeUnderADiskWhoseExclusiveOpenCouldNotBeTried() {
        disks.add(loop0(new LoopFacts("/var/tmp/a.img", ON_OVERLAY, null, OldData.NONE)));

        DeviceInventory inv = inventory(Map.of(MD0, Claim.FREE, LOOP0, Claim.CLAIMED));

        assertThat(verdict(inv, "nvme0n1").describe()).startsWith("perhaps under /dev/loop0, which is in use");
    }

    /** A backing that cannot be told at all may be a block device, which a loop device does not claim. */
    @Test
    void aBackingThatCannotBeToldAtAllMayBeUnderEveryDisk() {
        disks.add(loop0(new LoopFacts("/var/tmp/a.img (deleted)", null, List.of(), OldData.NONE)));

        DeviceInventory inv = inventory(Map.of(NVME, Claim.FREE, MD0, Claim.FREE, LOOP0, Claim.CLAIMED));

        assertThat(verdict(inv, "nvme0n1").describe()).startsWith("perhaps under /dev/loop0, which is in use");
        assertThat(verdict(inv, "md0").describe()).startsWith("perhaps under /dev/loop0, which is in use");
    }

    private static SysfsDisk loop0(LoopFacts facts) {
        return disk("loop0", LOOP0, List.of("md0"), facts, List.of(UNTOLD));
    }

    private static SysfsDisk disk(String name, DeviceNumber number, List<String> holders, LoopFacts loop,
                                  List<String> unreadable) {
        return new SysfsDisk(name, number, "/sys/devices/" + (name.startsWith("nvme") ? "pci0000:00/nvme/nvme0/"
                : "virtual/block/") + name, 131072, 512, 512, false, false, false, 0, 0, 0, 0, Identity.NONE, 1, loop, "",
                "", holders, name.equals("md0") ? List.of("loop0") : List.of(), List.of(), unreadable);
    }

    private DeviceInventory inventory(Map<DeviceNumber, Claim> claims) {
        UsageFacts usage = new UsageFacts(List.of(), List.of(), List.of(), null)
                .withClaims(Claims.tried(claims, (name, number) -> Optional.empty()));
        return new InventoryBuilder((path, number) -> Signatures.NONE, d -> Identity.NONE).build(disks, usage);
    }

    private static SafetyVerdict verdict(DeviceInventory inv, String name) {
        return inv.byName(name).orElseThrow().verdict();
    }
}
