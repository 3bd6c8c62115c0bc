package dev.blockwipe.devices;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Joins what sysfs, mountinfo, swaps and libblkid say into the inventory: signatures per device,
 * and the usage, system disks and safety facts that the {@link DeviceGraph} finds for each.
 */
public final class InventoryBuilder {
    private static final Signatures NOT_PROBED = Signatures.unknown("not probed: not a target of this command");

    private final SignatureProbe probe;
    private final Function<SysfsDisk, Identity> enrichment;

    /**
     * @param probe      libblkid (or a fake in tests)
     * @param enrichment identity from another source (OSHI) for a disk of this same scan,
     *                   {@link Identity#NONE} when it has nothing tied to that disk
     */
    public InventoryBuilder(SignatureProbe probe, Function<SysfsDisk, Identity> enrichment) {
        this.probe = probe;
        this.enrichment = enrichment;
    }

    public DeviceInventory build(List<SysfsDisk> raw, UsageFacts usage) {
        return build(raw, usage, n -> true);
    }

    /** The inventory with signatures only of the devices {@code probed} accepts and of the partitions of such disks. */
    public DeviceInventory build(List<SysfsDisk> raw, UsageFacts usage, Predicate<DeviceNumber> probed) {
        DeviceGraph g = new DeviceGraph(raw, usage);
        List<Disk> disks = new ArrayList<>();
        for (SysfsDisk d : raw) {
            boolean wholeDisk = probed.test(d.number());
            Signatures diskSignatures = d.sizeSectors() == 0 ? Signatures.NONE
                    : wholeDisk ? probe.probe(d.path(), d.number()) : NOT_PROBED;
            List<Partition> partitions = new ArrayList<>();
            List<String> contents = new ArrayList<>();
            for (SysfsPartition p : d.partitions()) {
                Signatures sig = wholeDisk || probed.test(p.number()) ? probe.probe(p.path(), p.number()) : NOT_PROBED;
                partitions.add(new Partition(p, d.name(), Alignment.of(p.startSector() * 512, d.physicalBlockSize()), sig,
                        g.usage(p.name()), g.partition(d, p, sig)));
                if (!sig.blank()) {
                    contents.add(p.name() + ": " + (sig.known() ? sig.describe() : "unknown contents"));
                } else {
                    contents.add(p.name() + ": partition with nothing recognised");
                }
            }
            Transport transport = Transport.of(d.name(), d.devicePath());
            disks.add(new Disk(d, transport, DeviceKind.of(transport, d.rotational(), d.mapperUuid()),
                    d.identity().enrichedBy(enrichment.apply(d)), diskSignatures, g.usage(d.name()),
                    g.systemDisk(d.name()), partitions, g.disk(d, diskSignatures, contents)));
        }
        return new DeviceInventory(disks, g, Instant.now());
    }
}
