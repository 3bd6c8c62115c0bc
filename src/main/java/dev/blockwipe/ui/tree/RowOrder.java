package dev.blockwipe.ui.tree;

import dev.blockwipe.devices.SafetyVerdict;
import java.util.Comparator;

/**
 * How the tree orders its disks and image files (partitions keep their order in the partition
 * table). Each order is stable: rows it holds equal keep the inventory's natural order by name.
 */
public enum RowOrder {
    /** The inventory's order: disks by name, naturally (sda, sdb, …, sdz, sdaa; loop2 before loop10), then image files. */
    NAME("Name", (a, b) -> 0),
    /** Largest first. */
    SIZE("Size", Comparator.comparingLong((DeviceRow r) -> r.facts().size()).reversed()),
    /** Wipeable first, then those that need a confirmation, blocked last. */
    VERDICT("Verdict", Comparator.comparingInt((DeviceRow r) -> rank(r.facts().verdict())));

    private final String label;
    private final Comparator<DeviceRow> comparator;

    RowOrder(String label, Comparator<DeviceRow> comparator) {
        this.label = label;
        this.comparator = comparator;
    }

    /** "Name", "Size", "Verdict": what the sort choice shows. */
    public String label() {
        return label;
    }

    Comparator<DeviceRow> comparator() {
        return comparator;
    }

    private static int rank(SafetyVerdict v) {
        return v instanceof SafetyVerdict.Wipeable ? 0 : v.blocked() ? 2 : 1;
    }
}
