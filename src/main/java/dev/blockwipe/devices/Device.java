package dev.blockwipe.devices;

/** A disk or a partition: what the device tree shows and a wipe targets. */
public sealed interface Device permits Disk, Partition {
    String name();

    /** "/dev/NAME". */
    String path();

    DeviceNumber number();

    long size();

    Signatures signatures();

    Usage usage();

    /** The facts the safety rules judge. */
    SafetyFacts safety();

    /** The verdict without --force. */
    default SafetyVerdict verdict() {
        return SafetyRules.verdict(safety(), false);
    }
}
