package dev.blockwipe.devices;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every disk and partition of the machine at one moment, with usage and verdicts.
 *
 * @param disks     whole devices in /sys/block order, each with its partitions
 * @param graph     what is stacked on what, and the mounts and swap they were judged against
 * @param scannedAt when the facts were read
 */
public record DeviceInventory(List<Disk> disks, DeviceGraph graph, Instant scannedAt) {
    public DeviceInventory {
        disks = List.copyOf(disks);
    }

    /** The mounts and swap of this scan. */
    public UsageFacts usage() {
        return graph.usageFacts();
    }

    /** Disks and partitions, each disk followed by its partitions. */
    public Stream<Device> devices() {
        return disks.stream().flatMap(d -> Stream.concat(Stream.of(d), d.partitions().stream()));
    }

    /** Disks a user would want to see: unattached loop devices and unset zram devices are left out. */
    public List<Disk> visibleDisks() {
        return disks.stream().filter(d -> !d.placeholder()).toList();
    }

    public Optional<Device> byNumber(DeviceNumber number) {
        return devices().filter(d -> d.number().equals(number)).findFirst();
    }

    /** By kernel name ("sdb1"); a path is located and found {@link #byNumber}. */
    public Optional<Device> byName(String name) {
        return devices().filter(d -> d.name().equals(name)).findFirst();
    }

    public Optional<Disk> disk(String name) {
        return disks.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /** The disk that {@code device} is, or that it is a partition of. */
    public Optional<Disk> diskOf(Device device) {
        return device instanceof Disk d ? Optional.of(d) : disk(((Partition) device).disk());
    }
}
