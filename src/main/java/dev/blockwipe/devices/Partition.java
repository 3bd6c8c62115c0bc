package dev.blockwipe.devices;

/**
 * A partition with everything Blockwipe knows about it.
 *
 * @param facts      what sysfs says
 * @param disk       the name of its disk
 * @param alignment  its start relative to the disk's geometry
 * @param signatures what libblkid found in it
 * @param usage      mounts, swap, holders of the partition
 * @param safety     what the safety rules judge
 */
public record Partition(SysfsPartition facts, String disk, Alignment alignment, Signatures signatures, Usage usage,
                        SafetyFacts safety) implements Device {
}
