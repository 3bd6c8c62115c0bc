package dev.blockwipe.devices;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.io.TargetInfo;

/**
 * Where a partition starts relative to its disk's geometry.
 *
 * @param startBytes      offset on the disk
 * @param physicalBlock   the disk's physical block size
 * @param physicalOffset  startBytes modulo the disk's alignment unit (physical block, at least 4 KiB)
 * @param mibOffset       startBytes modulo 1 MiB
 */
public record Alignment(long startBytes, int physicalBlock, long physicalOffset, long mibOffset) {
    private static final long MIB = 1 << 20;

    public static Alignment of(long startBytes, int physicalBlock) {
        return new Alignment(startBytes, physicalBlock, startBytes % TargetInfo.alignmentUnit(physicalBlock),
                startBytes % MIB);
    }

    public boolean aligned() {
        return physicalOffset == 0;
    }

    /** "aligned (1 MiB)", "aligned to 4 KiB, not 1 MiB", or the warning with its cost. */
    public String describe() {
        if (mibOffset == 0) {
            return "aligned (starts at " + Units.bytes(startBytes) + ", on a 1 MiB boundary)";
        }
        if (aligned()) {
            return "aligned to " + Units.bytes(TargetInfo.alignmentUnit(physicalBlock)) + ", not to 1 MiB (starts at byte "
                    + startBytes + ")";
        }
        return "MISALIGNED: starts at byte " + startBytes + ", " + physicalOffset + " bytes past a "
                + Units.bytes(TargetInfo.alignmentUnit(physicalBlock)) + " block of the disk. Every write aligned to the"
                + " partition straddles two disk blocks, which the disk must read, merge and rewrite (a partition at"
                + " sector 1 halved a wiper's speed in the field). Blockwipe aligns its writes to the disk instead.";
    }
}
