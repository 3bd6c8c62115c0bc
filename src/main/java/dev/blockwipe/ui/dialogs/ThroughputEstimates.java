package dev.blockwipe.ui.dialogs;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.ui.tree.RowFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * How long a wipe will take: size × (passes + read-backs) at the throughput expected for that
 * kind of device, replaced by the average measured in this session once a job on that kind of
 * device has finished.
 */
public final class ThroughputEstimates {
    /** Sustained sequential write rates typical of each kind (bytes per second). */
    private static final Map<String, Double> TYPICAL = Map.of(
            "NVMe SSD", 1.5e9, "SSD", 450e6, "HDD", 150e6, "USB", 30e6, "Loop", 1.5e9, "Virtual", 400e6,
            "RAID", 250e6, "LVM", 300e6, "Mapper", 300e6, RowFactory.IMAGE_KIND, 500e6);
    private static final double UNKNOWN = 100e6;

    private final Map<String, Double> measured = new HashMap<>();

    /** A finished job on a device of {@code kind} averaged {@code bytesPerSecond}. */
    public void measured(String kind, double bytesPerSecond) {
        if (bytesPerSecond > 0) {
            measured.put(kind, bytesPerSecond);
        }
    }

    public double rate(String kind) {
        return measured.getOrDefault(kind, TYPICAL.getOrDefault(kind, UNKNOWN));
    }

    public boolean isMeasured(String kind) {
        return measured.containsKey(kind);
    }

    public Duration estimate(long size, String kind, WipeMethod method, Verification verification, boolean blank) {
        double passes = method.passCount() + (blank ? 1 : 0);
        double writeWork = !method.technique().isOverwrite() ? 0.05 : passes;
        return seconds((writeWork + reads(passes, verification)) * size / rate(kind));
    }

    /** "~ 4 m 10 s (at 150 MB/s, typical for HDD)". */
    public String describe(long size, String kind, WipeMethod method, Verification verification, boolean blank) {
        return "~ " + Units.duration(estimate(size, kind, method, verification, blank)) + basis(kind);
    }

    /**
     * "~ 1 m 0 s to read back (at 1.5 GB/s, typical for NVMe SSD)": the read-back of one pass alone,
     * for a drive that erases itself, whose own time is the drive's estimate, not a throughput.
     */
    public String describeReadBack(long size, String kind, Verification verification) {
        return "~ " + Units.duration(seconds(reads(1, verification) * size / rate(kind))) + " to read back" + basis(kind);
    }

    private static double reads(double passes, Verification verification) {
        return switch (verification.text()) {
            case "off" -> 0;
            case "all" -> passes;
            case "last" -> 1;
            default -> ((Verification.Sample) verification).percent() / 100;
        };
    }

    private static Duration seconds(double seconds) {
        return Duration.ofMillis((long) (seconds * 1000));
    }

    /** " (at 150 MB/s, typical for HDD)". */
    private String basis(String kind) {
        return " (at " + Units.rate(rate(kind)) + ", " + (isMeasured(kind) ? "measured here"
                : "typical for " + (kind.isEmpty() ? "this device" : kind)) + ")";
    }
}
