package dev.blockwipe.ui.tree;

import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.io.TargetIdentity;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What one row of the device tree shows.
 *
 * @param name      "sdb", "sdb1", "disk.img"
 * @param path      what a wipe opens
 * @param identity  what the row is (device number, disk sequence number, size, serial, WWN, loop
 *                  backing; or file system device, inode, size): the job's open must find the same
 * @param model     model, or a loop device's backing file, or a partition's name in its table
 * @param serial    serial number, or empty
 * @param size      bytes
 * @param kind      "NVMe SSD", "HDD", "Loop", "Image", "" for partitions
 * @param contents  'gpt partition table', 'ext4 "data"', or empty
 * @param usage     mount points, swap, holders, or empty
 * @param misalignment for a partition that does not start on a block of its disk, why that matters; else empty
 * @param verdict   the safety verdict
 * @param signatures what libblkid found on it
 * @param oldData   where writing it may leave old data (a file on btrfs, a loop device over one), so that
 *                  the wipe dialog says before a wipe that its result will be UNPROVEN
 * @param clearLimitation what no overwrite reaches on it (an SSD's spare blocks: {@link
 *                  dev.blockwipe.devices.ClearLimitation}), or empty
 * @param details   every fact, for the details pane
 */
public record RowFacts(String name, String path, TargetIdentity identity, String model, String serial,
                       long size, String kind, String contents, String usage, String misalignment, SafetyVerdict verdict,
                       Signatures signatures, OldData oldData, String clearLimitation,
                       List<FactSheet.Fact> details) {
    public RowFacts {
        details = List.copyOf(details);
    }

    /** Kind, model, serial and size in one line: "NVMe SSD · Samsung 990 · S/N S7U5 · 1 TB". */
    public String oneLine() {
        return Stream.of(kind, model, serial.isEmpty() ? "" : "S/N " + serial, Units.bytes(size))
                .filter(s -> !s.isEmpty()).map(Units::printable).collect(Collectors.joining(" · "));
    }
}
