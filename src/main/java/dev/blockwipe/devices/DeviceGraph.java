package dev.blockwipe.devices;

import dev.blockwipe.engine.io.LoopBacking;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every block device of the machine and what is stacked on it, keyed by device number and, for
 * files, by file system device and inode (never by a path): partitions on disks, device mapper and
 * RAID on their members (sysfs holders), loop devices on their backing block device or file. The
 * verdict on any target is one walk over it:
 *
 * <ul>
 *   <li><b>up</b>, to everything built on the target (its partitions, holders, loop devices it
 *       backs, their partitions, and so on to any depth): what uses any of them uses the target;</li>
 *   <li><b>down</b>, to what the target is written into (a partition's disk, a loop device's backing
 *       device or file) and what else is built on that (the disk itself mounted, another loop device
 *       over the same file): writing the target changes their data too.</li>
 * </ul>
 *
 * Every device also knows where its bytes are: a stretch of the file or whole disk at the bottom
 * of its stack (a partition is its disk's stretch from its start, a loop device its backing's from
 * its offset). A walk only goes into devices whose stretch overlaps the target's, so the other
 * partitions of a disk, or a partition of a second loop device over the same file that lies
 * elsewhere in it, do not block a target they share no byte with; device mapper and RAID map
 * their members in ways sysfs does not show, so what is built through them always counts.
 *
 * <p>A device claimed by something sysfs and mountinfo do not name (an ext4 external journal, a
 * second btrfs member, a mount in another namespace: its exclusive open is busy) is in use, not
 * idle, like a mounted one, and the holder is named where the kernel tells. A claim is explained,
 * and not counted twice, when a mount, swap, a holder or a process uses the device, or its disk
 * (for a partition), or one of its partitions (for a disk): the kernel's claims work that way.
 *
 * <p>A fact that could not be read (mountinfo, a swap entry) blocks every target, because it could
 * be any of them. So does a loop device in use whose backing cannot be told (a user who may not
 * open the loop device, and whose backing file is deleted or out of reach): any target could be
 * under it. One whose backing is a file that is known, but whose data cannot be placed (the file
 * is on an overlay whose layer files cannot be told), blocks less: any image file could hold that
 * data, but a disk or partition only through a file system mounted on it or on what is stacked on
 * it, here or where this process cannot see (another mount namespace, the root before a
 * switch_root), and that makes its exclusive open busy, which blocks it anyway. So it blocks every
 * image file, and the devices whose exclusive open could not be tried. An idle one blocks only
 * itself: its data would be the target's own.
 */
public final class DeviceGraph {
    /**
     * Where a live system (Blockwipe's boot stick, Debian Live) mounts the medium it booted from:
     * its root is an overlay in memory, so "/" names no disk, but the system runs from the squashfs
     * on that medium.
     */
    static final String LIVE_MEDIUM = "/run/live/medium";
    /** Mount points whose devices are the running system. */
    static final List<String> SYSTEM_MOUNTS = List.of("/", "/boot", "/boot/efi", "/usr", "/var", LIVE_MEDIUM);

    private final UsageFacts usage;
    private final Map<String, SysfsDisk> disks = new LinkedHashMap<>();
    private final Map<String, SysfsDisk> diskOfPartition = new HashMap<>();
    private final Map<String, DeviceNumber> numbers = new HashMap<>();
    private final Map<DeviceNumber, String> names = new HashMap<>();
    private final Map<String, List<String>> holders = new HashMap<>();
    private final Map<DeviceNumber, List<String>> loopsOnDevice = new HashMap<>();
    private final Map<FileKey, List<String>> loopsOnFile = new HashMap<>();
    private final List<String> everywhere = new ArrayList<>();
    /** In-use loop devices whose backing cannot be told: any target may be under them. */
    private final List<String> perhapsUnder = new ArrayList<>();
    /** In-use loop devices over a known file whose data cannot be placed: any image file may be under them. */
    private final List<String> perhapsUnderFiles = new ArrayList<>();
    private final Map<String, List<String>> systemMounts;
    private final Map<String, Stretch> stretches = new HashMap<>();
    /** Devices that a mount, swap, a holder or another process uses directly: each explains a claim. */
    private final Set<String> usedDirectly = new HashSet<>();
    /** {@link #unexplainedClaim} by device, worded once: every walk that meets a device asks. */
    private final Map<String, Optional<String>> unexplained = new HashMap<>();

    /**
     * Bytes [start, end) of {@code root}: "file 254:0 inode 12" or "device 8:16", the object at the
     * bottom of a stack. Two devices share bytes only when their stretches of one root overlap.
     */
    private record Stretch(String root, long start, long end) {
        static Stretch whole(String root, long size) {
            return new Stretch(root, 0, size);
        }

        boolean disjoint(Stretch o) {
            return root.equals(o.root) && (end <= o.start || o.end <= start);
        }

        Stretch part(long offset, long size) {
            long from = start + offset;
            return new Stretch(root, from, Math.min(end, from + size));
        }
    }

    public DeviceGraph(List<SysfsDisk> raw, UsageFacts usage) {
        this.usage = usage;
        if (usage.problem() != null) {
            everywhere.add(usage.problem());
        }
        List<String> unknownBacking = new ArrayList<>();
        for (SysfsDisk d : raw) {
            disks.put(d.name(), d);
            node(d.name(), d.number(), d.holders());
            for (SysfsPartition p : d.partitions()) {
                diskOfPartition.put(p.name(), d);
                node(p.name(), p.number(), p.holders());
            }
            if (Transport.of(d.name(), d.devicePath()) == Transport.LOOP && d.sizeSectors() > 0) {
                LoopFacts loop = d.loop();
                LoopBacking b = loop.backing();
                if (!loop.known()) {
                    unknownBacking.add(d.name());
                }
                if (b != null && b.blockDevice()) {
                    loopsOnDevice.computeIfAbsent(new DeviceNumber(b.rdevMajor(), b.rdevMinor()), k -> new ArrayList<>())
                            .add(d.name());
                } else if (b != null) {
                    loopsOnFile.computeIfAbsent(FileKey.of(b), k -> new ArrayList<>()).add(d.name());
                }
                for (FileKey alias : loop.aliases() == null ? List.<FileKey>of() : loop.aliases()) {
                    loopsOnFile.computeIfAbsent(alias, k -> new ArrayList<>()).add(d.name());
                }
            }
        }
        numbers.forEach((name, number) -> {
            if (usage.mounts().stream().anyMatch(m -> m.on(number)) || usage.swapDevices().contains(number)
                    || !holders.getOrDefault(name, List.of()).isEmpty() || !usage.open().of(number).isEmpty()) {
                usedDirectly.add(name);
            }
        });
        List<String> inUse = new ArrayList<>();
        List<String> inUseOverFiles = new ArrayList<>();
        for (String loop : unknownBacking) {
            Walk w = new Walk(Stretch.whole("device " + numbers.get(loop), Long.MAX_VALUE));
            w.start(loop);
            List<String> uses = new ArrayList<>(w.mounted);
            uses.addAll(w.swap);
            uses.addAll(w.held);
            if (!uses.isEmpty() || usage.claims().of(numbers.get(loop)) == Claim.CLAIMED) {
                (disks.get(loop).loop().backing() == null ? inUse : inUseOverFiles).add("perhaps under /dev/" + loop + ", which is in use" + (uses.isEmpty()
                        ? " (its exclusive open is busy)" : " (" + uses.get(0) + ")") + " and whose backing cannot be told ("
                        + String.join("; ", disks.get(loop).unreadable()) + ")");
            }
        }
        perhapsUnder.addAll(inUse);
        perhapsUnderFiles.addAll(inUseOverFiles);
        this.systemMounts = systemDisks();
    }

    private void node(String name, DeviceNumber number, List<String> heldBy) {
        numbers.put(name, number);
        names.putIfAbsent(number, name);
        holders.put(name, heldBy);
    }

    public UsageFacts usageFacts() {
        return usage;
    }

    /** The facts the safety rules judge for a whole disk. */
    SafetyFacts disk(SysfsDisk d, Signatures signatures, List<String> contents) {
        Walk w = new Walk(stretch(d.name()));
        w.start(d.name());
        w.down(d.name(), List.of());
        List<String> sys = systemMounts.get(d.name());
        String readOnly = d.readOnly() ? "read-only (its ro flag is set)" : d.partitions().stream()
                .filter(SysfsPartition::readOnly).map(p -> "its partition " + p.name() + " is read-only (its ro flag is set)")
                .findFirst().orElse(null);
        return w.facts(sys == null ? null : "holds " + systemUse(sys), readOnly, d.sizeBytes(), signatures,
                contents);
    }

    /** The facts the safety rules judge for a partition. */
    SafetyFacts partition(SysfsDisk d, SysfsPartition p, Signatures signatures) {
        Walk w = new Walk(stretch(p.name()));
        w.ownDisk = d.name();
        w.start(p.name());
        w.down(p.name(), List.of());
        List<String> sys = systemMounts.get(d.name());
        String readOnly = p.readOnly() ? "read-only (its ro flag is set)"
                : d.readOnly() ? "read-only (its disk " + d.name() + " is)" : null;
        return w.facts(sys == null ? null : "on " + d.name() + ", which holds " + systemUse(sys), readOnly,
                p.sizeBytes(), signatures, List.of());
    }

    /**
     * The facts the safety rules judge for an image file, found by what it is.
     *
     * @param aliases other identities of its data (the layer files of an overlay file)
     */
    public SafetyFacts file(FileKey file, List<FileKey> aliases, long size, Signatures signatures) {
        Walk w = new Walk(Stretch.whole(root(file), Long.MAX_VALUE));
        w.held.addAll(perhapsUnder);
        w.held.addAll(perhapsUnderFiles);
        w.upFile(file, List.of());
        aliases.forEach(a -> w.upFile(a, List.of()));
        return w.facts(null, null, size, signatures, List.of());
    }

    /** How one device is used, directly or through what is built on it, for the tree and `list`. */
    Usage usage(String name) {
        Walk w = new Walk(stretch(name));
        w.start(name);
        List<String> mountPoints = w.mounted.stream()
                .map(m -> m.startsWith("mounted at ") ? m.substring("mounted at ".length()) : m).toList();
        return new Usage(mountPoints, !w.swap.isEmpty(), holders.getOrDefault(name, List.of()));
    }

    /** "/, /boot", or "the medium the running live system booted from (/run/live/medium)". */
    private static String systemUse(List<String> mountPoints) {
        return String.join(", ", mountPoints.stream().map(m -> m.equals(LIVE_MEDIUM)
                ? "the medium the running live system booted from (" + m + ")" : m).toList());
    }

    boolean systemDisk(String disk) {
        return systemMounts.containsKey(disk);
    }

    /** "md0 (RAID)", "dm-0 (cryptroot, dm-crypt)", "dm-1 (vg0-data, LVM)". */
    String describeHolder(String holder) {
        SysfsDisk h = disks.get(holder);
        if (holder.startsWith("md")) {
            return holder + " (RAID)";
        }
        if (h == null || h.mapperName().isEmpty()) {
            return holder;
        }
        String type = h.mapperUuid().startsWith("CRYPT-") ? "dm-crypt"
                : h.mapperUuid().startsWith("LVM-") ? "LVM" : "device mapper";
        return holder + " (" + h.mapperName() + ", " + type + ")";
    }

    /**
     * One walk from one target, collecting every use it reaches, worded with the path that leads
     * there ("sda2 → dm-0 is mounted at /", "loop0 (backed by it) → loop0p1 is mounted at /mnt").
     */
    private final class Walk {
        final List<String> mounted = new ArrayList<>();
        final List<String> swap = new ArrayList<>();
        final List<String> held = new ArrayList<>();
        final List<String> probing = new ArrayList<>();
        final List<String> backs = new ArrayList<>();
        final Set<String> unknown = new LinkedHashSet<>(everywhere);
        /** Who holds the target itself where no table says so, or null. */
        String claimed;
        private final Stretch target;
        private String ownDisk;
        private final Set<String> seen = new HashSet<>();
        private final Set<FileKey> seenFiles = new HashSet<>();

        /** @param target where the target's bytes are */
        Walk(Stretch target) {
            this.target = target;
        }

        /** From a device: perhaps under the loop devices it could be under, then everything built on it. */
        void start(String name) {
            held.addAll(perhapsUnder);
            if (usage.claims().of(numbers.get(name)) == Claim.UNKNOWN) {
                held.addAll(perhapsUnderFiles);
            }
            unreadable(name);
            up(name, List.of(), false);
        }

        /**
         * Everything built on {@code name} that shares bytes with the target.
         *
         * @param viaHolder reached through a holder: the holders beyond it are the holder's business
         */
        private void up(String name, List<String> chain, boolean viaHolder) {
            if (!seen.add(name) || stretch(name).disjoint(target)) {
                return;
            }
            String subject = subject(chain);
            DeviceNumber number = numbers.get(name);
            for (Mount m : usage.mounts()) {
                if (number != null && m.on(number)) {
                    add(mounted, subject + "mounted at " + m.mountPoint());
                }
            }
            if (number != null && usage.swapDevices().contains(number)) {
                swap.add(subject + "active swap");
            }
            if (number != null) {
                usage.open().of(number).forEach(o -> opened(o, subject));
            }
            claimed(name, chain, subject);
            if (!chain.isEmpty()) {
                unreadable(name);
            }
            SysfsDisk disk = disks.get(name);
            if (disk != null) {
                for (SysfsPartition p : disk.partitions()) {
                    up(p.name(), append(chain, p.name()), viaHolder);
                }
            }
            for (String h : holders.getOrDefault(name, List.of())) {
                if (!viaHolder) {
                    held.add(subject + "held by " + describeHolder(h));
                }
                up(h, append(chain, h), true);
            }
            if (number != null) {
                loops(loopsOnDevice.getOrDefault(number, List.of()), chain, viaHolder);
            }
        }

        /** Everything built on an image file: loop devices over it, a FUSE mount of it, swap in it. */
        void upFile(FileKey file, List<String> chain) {
            if (!seenFiles.add(file)) {
                return;
            }
            String subject = subject(chain);
            for (Mount m : usage.mounts()) {
                if (file.equals(m.sourceFile())) {
                    add(mounted, subject + "mounted at " + m.mountPoint() + " (" + m.fsType() + ")");
                }
            }
            if (usage.swapFiles().contains(file)) {
                swap.add(subject + "active swap file");
            }
            usage.open().of(file).forEach(o -> opened(o, subject));
            loops(loopsOnFile.getOrDefault(file, List.of()), chain, false);
        }

        private void loops(List<String> loops, List<String> chain, boolean viaHolder) {
            for (String loop : loops) {
                if (seen.contains(loop)) {
                    continue;
                }
                if (stretch(loop).disjoint(target)) {
                    continue;
                }
                List<String> via = append(chain, "backs /dev/" + loop);
                backs.add(join(via));
                up(loop, via, viaHolder);
            }
        }

        /** A process has it open: a holder, or a probe that only reads it for a moment. */
        private void opened(Opener o, String subject) {
            add(o.probe() ? probing : held, o.describe(subject));
        }

        /**
         * A device that something holds exclusively where no table says so. The target's own claim
         * is kept apart ({@link SafetyFacts#claimed}): once the wipe has opened it, it is the wipe's.
         * The disk of a partition that is the target is passed over: any partition's claim makes
         * the disk busy, and a claim of the whole disk shows in the partition's own. A partition
         * whose disk's claim is unexplained too is told at the disk, which names it.
         */
        private void claimed(String name, List<String> chain, String subject) {
            if (name.equals(ownDisk)) {
                return;
            }
            if (chain.isEmpty()) {
                claimed = unexplainedClaim(name);
                return;
            }
            SysfsDisk diskOfIt = diskOfPartition.get(name);
            if (diskOfIt != null && !diskOfIt.name().equals(ownDisk) && unexplainedClaim(diskOfIt.name()) != null) {
                return;
            }
            String claim = unexplainedClaim(name);
            if (claim != null) {
                add(held, subject + claim);
            } else if (diskOfIt == null && usage.claims().of(numbers.get(name)) == Claim.UNKNOWN) {
                add(held, subject + "perhaps held by a program or the kernel (its exclusive open cannot be tried: not"
                        + " root, or no device node)");
            }
        }

        /**
         * What {@code name} is written into: its disk when it is a partition, and a loop device's
         * backing device or file, with whatever else is built on those and shares the target's
         * bytes (the disk mounted whole, a second loop device over the same stretch of a file).
         */
        void down(String name, List<String> chain) {
            SysfsDisk disk = diskOfPartition.get(name);
            if (disk != null) {
                List<String> via = append(chain, "its disk " + disk.name());
                up(disk.name(), via, false);
                down(disk.name(), via);
                return;
            }
            disk = disks.get(name);
            LoopBacking b = disk == null ? null : disk.loop().backing();
            if (b == null) {
                return;
            }
            if (b.blockDevice()) {
                String backing = names.get(new DeviceNumber(b.rdevMajor(), b.rdevMinor()));
                if (backing != null && !seen.contains(backing)) {
                    List<String> via = append(chain, "its backing device " + backing);
                    up(backing, via, false);
                    down(backing, via);
                }
            } else {
                upFile(FileKey.of(b), append(chain, "its backing file"));
            }
        }

        private void unreadable(String name) {
            SysfsDisk disk = disks.containsKey(name) ? disks.get(name) : diskOfPartition.get(name);
            if (disk != null) {
                disk.unreadable().forEach(u -> unknown.add("cannot read " + u));
            }
        }

        SafetyFacts facts(String systemDisk, String readOnly, long size, Signatures signatures, List<String> contents) {
            return new SafetyFacts(List.copyOf(unknown), systemDisk, mounted, swap, held, claimed, probing, readOnly, size,
                    backs, signatures, contents);
        }

        private void add(List<String> list, String fact) {
            if (!list.contains(fact)) {
                list.add(fact);
            }
        }
    }

    /**
     * "held by ... (its exclusive open is busy)" when {@code name}'s exclusive open was busy and
     * nothing here uses it, its disk or its partitions; null otherwise. The holder is the one the
     * kernel names for it or, for a disk, for one of its partitions (for a partition, its disk).
     */
    private String unexplainedClaim(String name) {
        return unexplained.computeIfAbsent(name, n -> {
            List<String> family = family(n);
            if (usage.claims().of(numbers.get(n)) != Claim.CLAIMED || family.stream().anyMatch(usedDirectly::contains)) {
                return Optional.empty();
            }
            for (String member : family) {
                Optional<String> holder = usage.claims().holder(member, numbers.get(member));
                if (holder.isPresent()) {
                    String whose = member.equals(n) ? ""
                            : (disks.containsKey(n) ? "its partition " : "its disk ") + member + " is ";
                    return Optional.of(whose + "held by " + holder.get() + " (its exclusive open is busy)");
                }
            }
            return Optional.of("held by a program or the kernel that no table here names (its exclusive open is busy)");
        }).orElse(null);
    }

    /** A device with those whose claims make its exclusive open busy: its partitions, or its disk. */
    private List<String> family(String name) {
        List<String> family = new ArrayList<>(List.of(name));
        SysfsDisk disk = disks.get(name);
        if (disk != null) {
            disk.partitions().forEach(p -> family.add(p.name()));
        } else if (diskOfPartition.containsKey(name)) {
            family.add(diskOfPartition.get(name).name());
        }
        return family;
    }

    /** Where a device's bytes are; a device in a cycle or without a number is its own root. */
    private Stretch stretch(String name) {
        Stretch known = stretches.get(name);
        if (known != null) {
            return known;
        }
        stretches.put(name, Stretch.whole("device " + numbers.get(name), Long.MAX_VALUE));
        Stretch s;
        SysfsDisk disk = diskOfPartition.get(name);
        if (disk != null) {
            SysfsPartition p = disk.partitions().stream().filter(q -> q.name().equals(name)).findFirst().orElseThrow();
            s = stretch(disk.name()).part(p.startSector() * 512, extent(disk, p) - p.startSector() * 512);
        } else {
            disk = disks.get(name);
            LoopBacking b = disk == null ? null : disk.loop().backing();
            if (b == null) {
                s = Stretch.whole("device " + numbers.get(name), disk == null ? Long.MAX_VALUE : disk.sizeBytes());
            } else {
                String backing = b.blockDevice() ? names.get(new DeviceNumber(b.rdevMajor(), b.rdevMinor())) : null;
                Stretch under = backing != null ? stretch(backing)
                        : b.blockDevice() ? Stretch.whole("device " + b.rdevMajor() + ":" + b.rdevMinor(), Long.MAX_VALUE)
                        : Stretch.whole(root(FileKey.of(b)), Long.MAX_VALUE);
                s = under.part(b.offset(), disk.sizeBytes());
            }
        }
        stretches.put(name, s);
        return s;
    }

    /**
     * Where a partition ends on its disk, in bytes. A DOS extended partition shows as 1 KiB in
     * sysfs, but the logical partitions (5 and up) live inside it and its first sector chains
     * their table entries: it reaches to the end of the last of them.
     */
    private static long extent(SysfsDisk disk, SysfsPartition p) {
        long end = (p.startSector() + p.sizeSectors()) * 512;
        if (p.partition() <= 4 && p.sizeSectors() <= 2) {
            for (SysfsPartition logical : disk.partitions()) {
                if (logical.partition() >= 5 && logical.startSector() > p.startSector()) {
                    end = Math.max(end, (logical.startSector() + logical.sizeSectors()) * 512);
                }
            }
        }
        return end;
    }

    private static String root(FileKey file) {
        return "file " + file;
    }

    /** Disk name → the system mount points it carries, found by walking down from each mount. */
    private Map<String, List<String>> systemDisks() {
        Map<String, List<String>> result = new LinkedHashMap<>();
        for (Mount m : usage.mounts()) {
            if (SYSTEM_MOUNTS.contains(m.mountPoint())) {
                String name = names.get(m.device());
                if (name == null && m.sourceDevice() != null) {
                    name = names.get(m.sourceDevice());
                }
                if (name != null) {
                    systemDown(name, m.mountPoint(), new LinkedHashSet<>(), result);
                }
            }
        }
        return result;
    }

    private void systemDown(String name, String mountPoint, Set<String> seen, Map<String, List<String>> result) {
        if (!seen.add(name)) {
            return;
        }
        SysfsDisk d = diskOfPartition.containsKey(name) ? diskOfPartition.get(name) : disks.get(name);
        if (d == null) {
            return;
        }
        List<String> points = result.computeIfAbsent(d.name(), k -> new ArrayList<>());
        if (!points.contains(mountPoint)) {
            points.add(mountPoint);
        }
        d.slaves().forEach(s -> systemDown(s, mountPoint, seen, result));
        LoopBacking b = d.loop().backing();
        if (b != null && b.blockDevice()) {
            String backing = names.get(new DeviceNumber(b.rdevMajor(), b.rdevMinor()));
            if (backing != null) {
                systemDown(backing, mountPoint, seen, result);
            }
        }
    }

    /** "sda2 → dm-0", "sdb1 backs /dev/loop0 → loop0p1": the path from the target to a use. */
    private static String join(List<String> chain) {
        StringBuilder sb = new StringBuilder();
        for (String step : chain) {
            if (sb.length() > 0) {
                sb.append(step.startsWith("backs ") ? " " : " → ");
            }
            sb.append(step);
        }
        return sb.toString();
    }

    /** "", "sda2 → dm-0 is ", "backs /dev/loop0, which is ": what precedes "mounted at /x". */
    private static String subject(List<String> chain) {
        if (chain.isEmpty()) {
            return "";
        }
        return join(chain) + (chain.get(chain.size() - 1).startsWith("backs ") ? ", which is " : " is ");
    }

    private static List<String> append(List<String> chain, String step) {
        List<String> next = new ArrayList<>(chain);
        next.add(step);
        return next;
    }
}
