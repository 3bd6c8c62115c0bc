package dev.blockwipe.devices;

/** A disk or a partition: what the device tree shows and a wipe targets. */
public sealed interface Device permits Disk, Partition {
    /** What sysfs says of it. */
    SysfsNode facts();

    default String name() {
        return facts().name();
    }

    /** "/dev/NAME". */
    default String path() {
        return facts().path();
    }

    default DeviceNumber number() {
        return facts().number();
    }

    /** Bytes. */
    default long size() {
        return facts().sizeBytes();
    }

    Signatures signatures();

    Usage usage();

    /** The facts the safety rules judge. */
    SafetyFacts safety();

    /** The verdict without --force. */
    default SafetyVerdict verdict() {
        return SafetyRules.verdict(safety(), false);
    }
}
