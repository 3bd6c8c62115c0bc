package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.io.LoopBacking;
import dev.blockwipe.engine.io.OldData;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random stacks of image files, loop devices and partitions (loop over file, over a loop device,
 * over a partition of one, any depth), with a mount and a swap somewhere: the verdict of every
 * node and every file must follow from where the bytes really are. Each node is modelled by the
 * stretch of an image file its writes land in; a node is blocked as mounted (or swap) exactly
 * when its stretch overlaps that of a mounted (or swap) node, whatever lies between them.
 */
class DeviceGraphPropertyTest {
    private static final long MIB_SECTORS = 2048;
    private static final long FILE_SECTORS = 64 * MIB_SECTORS;

    /** Where a node's bytes are: image file {@code file}, sectors [start, end). */
    private record Stretch(int file, long start, long end) {
        boolean overlaps(Stretch o) {
            return file == o.file && start < o.end && o.start < end;
        }
    }

    /** A node of the random stack. */
    private record Node(String name, DeviceNumber number, Stretch stretch) {
    }

    static List<Long> seeds() {
        List<Long> seeds = new ArrayList<>();
        for (long s = 1; s <= 300; s++) {
            seeds.add(s);
        }
        return seeds;
    }

    @ParameterizedTest(name = "stack {0}")
    @MethodSource("seeds")
    void everyVerdictFollowsFromWhereTheBytesAre(long seed) {
        Random random = new Random(seed);
        int files = 1 + random.nextInt(2);
        List<Node> nodes = new ArrayList<>();
        List<SysfsDisk> disks = new ArrayList<>();
        int loops = 1 + random.nextInt(6);
        int partitionMinor = 0;
        for (int n = 0; n < loops; n++) {
            Stretch under;
            LoopBacking backing;
            int pick = random.nextInt(files + nodes.size());
            if (pick < files) {
                under = new Stretch(pick, 0, FILE_SECTORS);
                backing = new LoopBacking(8, 1, 100 + pick, 0, 0, 0, 0);
            } else {
                Node below = nodes.get(pick - files);
                under = below.stretch();
                backing = new LoopBacking(0, 6, 5000 + pick, below.number().major(), below.number().minor(), 0, 0);
            }
            String name = "loop" + n;
            Node loop = new Node(name, new DeviceNumber(7, n), under);
            nodes.add(loop);
            List<SysfsPartition> partitions = new ArrayList<>();
            long length = under.end() - under.start();
            long next = MIB_SECTORS;
            int count = length >= 4 * MIB_SECTORS ? random.nextInt(4) : 0;
            for (int p = 1; p <= count && next + MIB_SECTORS < length; p++) {
                long size = MIB_SECTORS * (1 + random.nextInt((int) Math.max(1, (length - next) / MIB_SECTORS / 2)));
                DeviceNumber number = new DeviceNumber(259, partitionMinor++);
                partitions.add(new SysfsPartition(name + "p" + p, number, p, next, size, false, "", List.of()));
                nodes.add(new Node(name + "p" + p, number,
                        new Stretch(under.file(), under.start() + next, under.start() + next + size)));
                next += size;
            }
            disks.add(new SysfsDisk(name, loop.number(), "/sys/devices/virtual/block/" + name, length, 512, 512, false,
                    false, false, 0, 0, 0, 0, Identity.NONE, 1 + n, new LoopFacts("/img" + n, backing, List.of(), OldData.NONE), "", "", List.of(), List.of(),
                    partitions, List.of()));
        }
        List<Node> mounted = new ArrayList<>();
        List<Mount> mounts = new ArrayList<>();
        for (Node node : nodes) {
            if (random.nextInt(5) == 0) {
                mounted.add(node);
                mounts.add(new Mount(node.number(), "/dev/" + node.name(), "/mnt/" + node.name(), "ext4"));
            }
        }
        Node swap = random.nextInt(3) == 0 ? nodes.get(random.nextInt(nodes.size())) : null;
        UsageFacts usage = new UsageFacts(mounts, swap == null ? List.of() : List.of(swap.number()), List.of(), null);
        DeviceInventory inv = new InventoryBuilder((path, number) -> Signatures.NONE, d -> Identity.NONE).build(disks, usage);

        for (Node target : nodes) {
            Device device = inv.byNumber(target.number()).orElseThrow();
            check(target.name() + " in stack " + seed + " " + describe(nodes, mounted, swap),
                    SafetyRules.verdict(device.safety(), true), target.stretch(), mounted, swap);
        }
        for (int f = 0; f < files; f++) {
            SafetyFacts facts = inv.graph().file(new FileKey(new DeviceNumber(8, 1), 100 + f), List.of(), FILE_SECTORS * 512,
                    Signatures.NONE);
            check("image file " + f + " in stack " + seed + " " + describe(nodes, mounted, swap),
                    SafetyRules.verdict(facts, true), new Stretch(f, 0, FILE_SECTORS), mounted, swap);
        }
    }

    /** With --force (so that only the rules about real use remain): mounted, else swap, else not blocked. */
    private static void check(String what, SafetyVerdict verdict, Stretch target, List<Node> mounted, Node swap) {
        boolean onMounted = mounted.stream().anyMatch(m -> m.stretch().overlaps(target));
        boolean onSwap = swap != null && swap.stretch().overlaps(target);
        if (onMounted) {
            assertThat(verdict).as(what).isInstanceOfSatisfying(SafetyVerdict.Blocked.class,
                    b -> assertThat(b.reason()).as(what + ": " + b.describe()).isEqualTo(BlockReason.MOUNTED));
        } else if (onSwap) {
            assertThat(verdict).as(what).isInstanceOfSatisfying(SafetyVerdict.Blocked.class,
                    b -> assertThat(b.reason()).as(what + ": " + b.describe()).isEqualTo(BlockReason.SWAP));
        } else {
            assertThat(verdict.blocked()).as(what + ": " + verdict.describe()).isFalse();
        }
    }

    private static String describe(List<Node> nodes, List<Node> mounted, Node swap) {
        StringBuilder sb = new StringBuilder("[");
        for (Node n : nodes) {
            sb.append(n.name()).append("=f").append(n.stretch().file()).append(':').append(n.stretch().start() / MIB_SECTORS)
                    .append('-').append(n.stretch().end() / MIB_SECTORS).append(mounted.contains(n) ? " mounted" : "")
                    .append(n.equals(swap) ? " swap" : "").append("; ");
        }
        return sb.append(']').toString();
    }
}
