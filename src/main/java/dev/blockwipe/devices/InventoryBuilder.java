package dev.blockwipe.devices;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Joins what sysfs, mountinfo, swaps and libblkid say into the inventory: signatures per device,
 * usage followed through partitions and holders (a disk whose partition carries an LVM volume
 * that is mounted is in use), the system disks (followed down through device mapper and RAID),
 * and the facts the safety rules judge.
 */
public final class InventoryBuilder {
    /** Mount points whose devices are the running system. */
    static final List<String> SYSTEM_MOUNTS = List.of("/", "/boot", "/boot/efi", "/usr", "/var");

    private final SignatureProbe probe;
    private final Function<String, Identity> enrichment;

    /**
     * @param probe      libblkid (or a fake in tests)
     * @param enrichment identity by kernel name from another source (OSHI), {@link Identity#NONE} when it has none
     */
    public InventoryBuilder(SignatureProbe probe, Function<String, Identity> enrichment) {
        this.probe = probe;
        this.enrichment = enrichment;
    }

    public DeviceInventory build(List<SysfsDisk> raw, UsageFacts usage) {
        Graph g = new Graph(raw, usage);
        Map<String, List<String>> systemMounts = g.systemDisks();
        List<Disk> disks = new ArrayList<>();
        for (SysfsDisk d : raw) {
            Signatures diskSignatures = d.sizeSectors() == 0 ? Signatures.NONE : probe.probe(d.path());
            List<Partition> partitions = new ArrayList<>();
            List<String> contents = new ArrayList<>();
            for (SysfsPartition p : d.partitions()) {
                Signatures sig = probe.probe(p.path());
                partitions.add(partition(g, d, p, sig, systemMounts));
                if (!sig.blank()) {
                    contents.add(p.name() + ": " + (sig.known() ? sig.describe() : "unknown contents"));
                } else {
                    contents.add(p.name() + ": partition with nothing recognised");
                }
            }
            List<String> sys = systemMounts.get(d.name());
            SafetyFacts safety = new SafetyFacts(g.unknown(d.unreadable()),
                    sys == null ? null : "holds " + String.join(", ", sys),
                    g.uses(d.name(), Use.MOUNT), g.uses(d.name(), Use.SWAP), g.held(d),
                    d.readOnly() ? "read-only (its ro flag is set)" : null, d.sizeBytes(), List.of(),
                    diskSignatures, contents);
            Transport transport = Transport.of(d.name(), d.devicePath());
            disks.add(new Disk(d, transport, DeviceKind.of(transport, d.rotational()),
                    d.identity().enrichedBy(enrichment.apply(d.name())), diskSignatures, g.usage(d.name()), sys != null,
                    partitions, safety));
        }
        return new DeviceInventory(disks, usage, Instant.now());
    }

    private static Partition partition(Graph g, SysfsDisk d, SysfsPartition p, Signatures sig,
                                       Map<String, List<String>> systemMounts) {
        List<String> sys = systemMounts.get(d.name());
        List<String> mounted = new ArrayList<>(g.uses(p.name(), Use.MOUNT));
        g.direct(d.name(), Use.MOUNT).forEach(m -> mounted.add("its disk " + d.name() + " is " + m));
        String readOnly = p.readOnly() ? "read-only (its ro flag is set)"
                : d.readOnly() ? "read-only (its disk " + d.name() + " is)" : null;
        List<String> held = p.holders().stream().map(h -> "held by " + g.describe(h)).toList();
        SafetyFacts safety = new SafetyFacts(g.unknown(d.unreadable()),
                sys == null ? null : "on " + d.name() + ", which holds " + String.join(", ", sys),
                mounted, g.uses(p.name(), Use.SWAP), held, readOnly, p.sizeBytes(), List.of(), sig, List.of());
        return new Partition(p, d.name(), Alignment.of(p.startSector() * 512, d.physicalBlockSize()), sig,
                g.usage(p.name()), safety);
    }

    private enum Use { MOUNT, SWAP }

    /** Names, numbers, partitions, holders and slaves of every device, and how each is used. */
    private static final class Graph {
        private final UsageFacts usage;
        private final Map<String, SysfsDisk> disks = new LinkedHashMap<>();
        private final Map<String, String> diskOfPartition = new HashMap<>();
        private final Map<String, DeviceNumber> numbers = new HashMap<>();
        private final Map<String, List<String>> holders = new HashMap<>();

        Graph(List<SysfsDisk> raw, UsageFacts usage) {
            this.usage = usage;
            for (SysfsDisk d : raw) {
                disks.put(d.name(), d);
                numbers.put(d.name(), d.number());
                holders.put(d.name(), d.holders());
                for (SysfsPartition p : d.partitions()) {
                    diskOfPartition.put(p.name(), d.name());
                    numbers.put(p.name(), p.number());
                    holders.put(p.name(), p.holders());
                }
            }
        }

        List<String> unknown(List<String> unreadable) {
            List<String> list = new ArrayList<>();
            unreadable.forEach(u -> list.add("cannot read " + u));
            if (usage.problem() != null) {
                list.add(usage.problem());
            }
            return list;
        }

        /** "mounted at /x" for the device itself, nothing through others. */
        List<String> direct(String name, Use use) {
            List<String> out = new ArrayList<>();
            for (String where : where(name, use)) {
                out.add(use == Use.MOUNT ? "mounted at " + where : "active swap");
            }
            return out;
        }

        /**
         * Every way {@code name} is used: itself, its partitions, and whatever is built on them,
         * worded with the path that leads there ("sda2 → dm-0 is mounted at /").
         */
        List<String> uses(String name, Use use) {
            List<String> out = new ArrayList<>();
            walk(name, new ArrayList<>(), new LinkedHashSet<>(), use, out);
            return out;
        }

        private void walk(String name, List<String> chain, Set<String> seen, Use use, List<String> out) {
            if (!seen.add(name)) {
                return;
            }
            for (String where : where(name, use)) {
                String subject = chain.isEmpty() ? "" : String.join(" → ", chain) + " is ";
                out.add(subject + (use == Use.MOUNT ? "mounted at " + where : "active swap"));
            }
            SysfsDisk disk = disks.get(name);
            if (disk != null) {
                for (SysfsPartition p : disk.partitions()) {
                    walk(p.name(), append(chain, p.name()), seen, use, out);
                }
            }
            for (String h : holders.getOrDefault(name, List.of())) {
                walk(h, append(chain, h), seen, use, out);
            }
        }

        /** Direct holders of a disk and of its partitions. */
        List<String> held(SysfsDisk d) {
            List<String> out = new ArrayList<>();
            d.holders().forEach(h -> out.add("held by " + describe(h)));
            for (SysfsPartition p : d.partitions()) {
                p.holders().forEach(h -> out.add(p.name() + " is held by " + describe(h)));
            }
            return out;
        }

        Usage usage(String name) {
            List<String> mounts = new ArrayList<>();
            for (String u : uses(name, Use.MOUNT)) {
                mounts.add(u.startsWith("mounted at ") ? u.substring("mounted at ".length()) : u);
            }
            boolean swap = !uses(name, Use.SWAP).isEmpty();
            return new Usage(mounts, swap, holders.getOrDefault(name, List.of()));
        }

        /** "md0 (RAID)", "dm-0 (cryptroot, dm-crypt)", "dm-1 (vg0-data, LVM)". */
        String describe(String holder) {
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

        /** Disk name → the system mount points it carries, found by walking down from each mount. */
        Map<String, List<String>> systemDisks() {
            Map<String, List<String>> result = new LinkedHashMap<>();
            for (Mount m : usage.mounts()) {
                if (SYSTEM_MOUNTS.contains(m.mountPoint())) {
                    String name = nameOf(m);
                    if (name != null) {
                        down(name, m.mountPoint(), new LinkedHashSet<>(), result);
                    }
                }
            }
            return result;
        }

        private void down(String name, String mountPoint, Set<String> seen, Map<String, List<String>> result) {
            if (!seen.add(name)) {
                return;
            }
            String disk = diskOfPartition.getOrDefault(name, name);
            List<String> points = result.computeIfAbsent(disk, k -> new ArrayList<>());
            if (!points.contains(mountPoint)) {
                points.add(mountPoint);
            }
            SysfsDisk d = disks.get(disk);
            if (d != null) {
                d.slaves().forEach(s -> down(s, mountPoint, seen, result));
            }
        }

        private List<String> where(String name, Use use) {
            DeviceNumber number = numbers.get(name);
            if (use == Use.SWAP) {
                return usage.swapDevices().contains(number) ? List.of("swap") : List.of();
            }
            return usage.mounts().stream()
                    .filter(m -> m.device().equals(number) || m.source().equals("/dev/" + name))
                    .map(Mount::mountPoint).distinct().toList();
        }

        private String nameOf(Mount m) {
            for (Map.Entry<String, DeviceNumber> e : numbers.entrySet()) {
                if (e.getValue().equals(m.device()) || m.source().equals("/dev/" + e.getKey())) {
                    return e.getKey();
                }
            }
            return null;
        }

        private static List<String> append(List<String> chain, String name) {
            List<String> next = new ArrayList<>(chain);
            next.add(name);
            return next;
        }
    }
}
