package dev.blockwipe.ui.tree;

import dev.blockwipe.devices.DeviceKind;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Which rows the tree shows: those whose name, path, model (a loop device's or image's file),
 * serial or WWN contain the search text, ignoring case, less loop devices and blocked rows when
 * those are hidden. A partition matches the search when its disk does (it is part of what was
 * searched for); whether it is a loop device or blocked is its own.
 *
 * @param search      text to look for; blank matches every row
 * @param hideLoop    loop devices (and their partitions) are left out
 * @param hideBlocked rows whose verdict is a refusal (system disk, mounted, in use) are left out
 */
public record RowFilter(String search, boolean hideLoop, boolean hideBlocked) {
    /** Every row shown. */
    public static final RowFilter NONE = new RowFilter("", false, false);

    public RowFilter {
        search = search.strip().toLowerCase(Locale.ROOT);
    }

    /** Whether this filter leaves anything out. */
    public boolean active() {
        return !search.isEmpty() || hideLoop || hideBlocked;
    }

    /**
     * Whether {@code row} passes on its own facts.
     *
     * @param disk the disk of a partition, null for a disk or an image file
     */
    public boolean passes(RowFacts row, RowFacts disk) {
        return (matches(row) || disk != null && matches(disk))
                && !(hideLoop && row.kind().equals(DeviceKind.LOOP.label()))
                && !(hideBlocked && row.verdict().blocked());
    }

    private boolean matches(RowFacts f) {
        return search.isEmpty() || Stream.of(f.name(), f.path(), f.model(), f.serial(), f.identity().wwn())
                .anyMatch(s -> s.toLowerCase(Locale.ROOT).contains(search));
    }
}
