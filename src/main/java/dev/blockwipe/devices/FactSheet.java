package dev.blockwipe.devices;

import dev.blockwipe.engine.Units;
import java.util.ArrayList;
import java.util.List;

/** Every fact about one device as "key: value" lines: `blockwipe show` prints them, the GUI's details pane lists them. */
public final class FactSheet {
    /** One line; empty values are left out of sheets. */
    public record Fact(String key, String value) {
    }

    /** What an unknown fact of a hardware disk reads, rather than a guess or a blank. */
    static final String NOT_REPORTED = "not reported by the device";

    private final List<Fact> facts = new ArrayList<>();

    private FactSheet() {
    }

    public static List<Fact> of(DeviceInventory inventory, Device d) {
        FactSheet f = new FactSheet();
        f.add("device", d.path() + " (" + d.number() + ")");
        SysfsDisk whole = d instanceof Disk k ? k.facts() : inventory.disk(((Partition) d).disk()).map(Disk::facts).orElse(null);
        if (whole != null && whole.diskseq() != 0) {
            f.add("disk sequence", String.valueOf(whole.diskseq()));
        }
        f.add("size", Units.bytes(d.size()) + " (" + d.size() + " bytes)");
        if (d instanceof Disk disk) {
            f.disk(disk);
        } else {
            f.partition((Partition) d, inventory);
        }
        f.add("contents", d.signatures().describe());
        d.signatures().found().forEach(s -> f.add("  " + s.usage(), s.describe() + (s.uuid().isEmpty() ? "" : " UUID " + s.uuid())));
        f.add("usage", d.usage().inUse() ? d.usage().describe() : "not in use");
        SafetyVerdict v = d.verdict();
        f.add("verdict", v.level() + ": " + v.describe()
                + (v instanceof SafetyVerdict.Blocked b && b.reason().forceOverrides() ? " (--force overrides this)" : ""));
        return List.copyOf(f.facts);
    }

    private void disk(Disk d) {
        add("kind", d.kind().label() + " (transport " + d.transport().label() + ")");
        identity(d, "model", d.identity().model());
        identity(d, "vendor", d.identity().vendor());
        identity(d, "serial", d.identity().serial());
        identity(d, "wwn", d.identity().wwn());
        identity(d, "firmware", d.identity().firmware());
        add("block sizes", d.facts().logicalBlockSize() + " logical / " + d.facts().physicalBlockSize() + " physical");
        add("rotational", d.facts().rotational() ? "yes" : "no");
        add("removable", d.facts().removable() ? "yes" : "no");
        add("read-only", d.facts().readOnly() ? "yes" : "no");
        add("discard", d.facts().discardMaxBytes() > 0 ? "yes, up to " + Units.bytes(d.facts().discardMaxBytes()) : "no");
        add("zero-out", d.facts().writeZeroesMaxBytes() > 0 ? "yes, up to " + Units.bytes(d.facts().writeZeroesMaxBytes()) : "no");
        add("max request", d.facts().maxSectorsKb() + " KiB");
        add("optimal I/O size", d.facts().optimalIoSize() == 0 ? "not reported" : Units.bytes(d.facts().optimalIoSize()));
        add("backing file", d.facts().loop().backingFile());
        if (d.facts().loop().backing() != null) {
            add("backing object", d.facts().loop().backing().describe());
        }
        add("mapper name", d.facts().mapperName());
        add("built on", String.join(", ", d.facts().slaves()));
        add("holders", String.join(", ", d.usage().holders()));
        add("system disk", d.systemDisk() ? "yes" : "no");
        add("partition table", d.signatures().partitionTable());
        d.partitions().forEach(p -> add("  partition " + p.facts().partition(), p.name() + ", " + Units.bytes(p.size())
                + ", " + p.signatures().describe()));
    }

    private void partition(Partition p, DeviceInventory inventory) {
        add("disk", "/dev/" + p.disk());
        add("number", String.valueOf(p.facts().partition()));
        add("partition table", inventory.disk(p.disk()).map(d -> d.signatures().partitionTable()).orElse(""));
        add("entry name", p.signatures().entryName().isEmpty() ? p.facts().entryName() : p.signatures().entryName());
        add("start", "sector " + p.facts().startSector() + " (byte " + p.alignment().startBytes() + ")");
        add("alignment", p.alignment().describe());
        add("holders", String.join(", ", p.usage().holders()));
        add("read-only", p.facts().readOnly() ? "yes" : "no");
    }

    /** An identity fact of a disk: a hardware disk that does not report one is said to, not left out. */
    private void identity(Disk d, String key, String value) {
        add(key, value.isEmpty() && d.transport().hardware() ? NOT_REPORTED : value);
    }

    private void add(String key, String value) {
        if (value != null && !value.isEmpty()) {
            facts.add(new Fact(key, value));
        }
    }
}
