package dev.blockwipe.ui.dialogs;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.ui.tree.RowFactory;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long a wipe will take: size × (passes + read-backs) at the rate of the earlier wipes in this
 * session of devices of the same kind and about the same size, else of larger ones, else the rate
 * typical for the kind; each estimate says which.
 *
 * <p>A wipe's rate is its bytes over its time, and that time includes costs that do not grow with
 * the size (opening, the first requests, the sync at the end of each pass): a 64 MiB loop device
 * wiped in 0.7 s "ran at" 93 MB/s, and that rate made an 8 GB loop device, wiped in 8.6 s, an
 * estimate of a minute and a half. So a wipe only estimates devices at most {@link #SIMILAR} times
 * its size, and the wipes that do are pooled by bytes (their bytes over their seconds), so that a
 * long wipe counts more than a short one. A wipe of a larger device leaves such costs out and
 * makes a smaller one's estimate a little short, which costs seconds, not minutes.
 */
public final class ThroughputEstimates {
    /** A wipe estimates devices from 1/8 to 8 times its size. */
    static final double SIMILAR = 8;
    /** Wipes kept per kind of device: the newest, so that a device that got slower shows it. */
    static final int KEPT = 32;

    /** What a kind of device is called in an estimate, and its typical sustained sequential write rate. */
    private record Kind(double typicalRate, String one, String many) {
    }

    private static final Map<String, Kind> KINDS = Map.of(
            "NVMe SSD", new Kind(1.5e9, "an NVMe SSD", "NVMe SSDs"),
            "SSD", new Kind(450e6, "an SSD", "SSDs"),
            "HDD", new Kind(150e6, "an HDD", "HDDs"),
            "USB", new Kind(30e6, "a USB drive", "USB drives"),
            "Loop", new Kind(1.5e9, "a loop device", "loop devices"),
            "Virtual", new Kind(400e6, "a virtual disk", "virtual disks"),
            "RAID", new Kind(250e6, "a RAID array", "RAID arrays"),
            "LVM", new Kind(300e6, "an LVM volume", "LVM volumes"),
            "Mapper", new Kind(300e6, "a mapped device", "mapped devices"),
            RowFactory.IMAGE_KIND, new Kind(500e6, "an image file", "image files"));
    private static final Kind UNKNOWN = new Kind(100e6, "a device of unknown kind", "devices of unknown kind");

    /** One earlier wipe: the size of the device, and the bytes it wrote and read back in how many seconds. */
    private record Wipe(long deviceSize, long bytes, double seconds) {
    }

    /**
     * What an estimate rests on.
     *
     * @param rate   bytes per second
     * @param wipes  how many earlier wipes measured it (0: the kind's typical rate)
     * @param larger those wipes were of devices more than {@link #SIMILAR} times larger
     */
    record Basis(double rate, int wipes, boolean larger) {
    }

    private final Map<String, Deque<Wipe>> measured = new HashMap<>();

    /**
     * A job on a device of {@code kind} and {@code deviceSize} bytes ended: its bytes written and
     * read back over all of its time, as the estimate counts them; not a drive's own erase, whose
     * time is no throughput.
     */
    public void ended(String kind, long deviceSize, WipeResult r) {
        if (r.firmware() == null) {
            measured(kind, deviceSize, r.bytesWritten() + r.bytesVerified(), r.duration().toNanos() / 1e9);
        }
    }

    /**
     * A job on a device of {@code kind} and {@code deviceSize} bytes wrote and read back
     * {@code bytes} in {@code seconds}; a job that moved nothing measures no rate.
     */
    void measured(String kind, long deviceSize, long bytes, double seconds) {
        if (bytes <= 0 || seconds <= 0 || deviceSize <= 0) {
            return;
        }
        Deque<Wipe> wipes = measured.computeIfAbsent(kind, k -> new ArrayDeque<>());
        wipes.addLast(new Wipe(deviceSize, bytes, seconds));
        while (wipes.size() > KEPT) {
            wipes.removeFirst();
        }
    }

    /** The rate for a device of {@code kind} and {@code size} bytes, and what it comes from. */
    Basis basis(String kind, long size) {
        List<Wipe> wipes = List.copyOf(measured.getOrDefault(kind, new ArrayDeque<>()));
        List<Wipe> similar = wipes.stream()
                .filter(w -> w.deviceSize() * SIMILAR >= size && w.deviceSize() <= size * SIMILAR).toList();
        List<Wipe> larger = wipes.stream().filter(w -> w.deviceSize() > size * SIMILAR).toList();
        List<Wipe> chosen = similar.isEmpty() ? larger : similar;
        if (chosen.isEmpty()) {
            return new Basis(kind(kind).typicalRate(), 0, false);
        }
        double bytes = chosen.stream().mapToDouble(Wipe::bytes).sum();
        double seconds = chosen.stream().mapToDouble(Wipe::seconds).sum();
        return new Basis(bytes / seconds, chosen.size(), similar.isEmpty());
    }

    public Duration estimate(long size, String kind, WipeMethod method, Verification verification, boolean blank) {
        double passes = method.passCount() + (blank ? 1 : 0);
        double writeWork = !method.technique().isOverwrite() ? 0.05 : passes;
        return seconds((writeWork + reads(passes, verification)) * size / basis(kind, size).rate());
    }

    /** "~ 4 m 10 s (a guess: 150 MB/s is typical of HDDs, none wiped here yet)". */
    public String describe(long size, String kind, WipeMethod method, Verification verification, boolean blank) {
        return "~ " + Units.duration(estimate(size, kind, method, verification, blank)) + " (" + describeBasis(kind, size) + ")";
    }

    /**
     * "~ 1 m 0 s to read back (…)": the read-back of one pass alone, for a drive that erases
     * itself, whose own time is the drive's estimate, not a throughput.
     */
    public String describeReadBack(long size, String kind, Verification verification) {
        return "~ " + Units.duration(seconds(reads(1, verification) * size / basis(kind, size).rate())) + " to read back ("
                + describeBasis(kind, size) + ")";
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

    /**
     * "976 MB/s, from 3 earlier wipes of loop devices this size here", "200 MB/s, from 1 earlier
     * wipe of a larger HDD here", or "a guess: 150 MB/s is typical of HDDs, none wiped here yet".
     */
    String describeBasis(String kind, long size) {
        Basis b = basis(kind, size);
        Kind k = kind(kind);
        String rate = Units.rate(b.rate());
        if (b.wipes() == 0) {
            return "a guess: " + rate + " is typical of " + k.many() + ", none"
                    + (measured.containsKey(kind) ? " this size" : "") + " wiped here yet";
        }
        String wipes = b.wipes() == 1 ? "1 earlier wipe of " + (b.larger() ? "a larger " + noArticle(k.one()) : k.one())
                : b.wipes() + " earlier wipes of " + (b.larger() ? "larger " : "") + k.many();
        return rate + ", from " + wipes + (b.larger() ? "" : " this size") + " here";
    }

    private static Kind kind(String kind) {
        return KINDS.getOrDefault(kind, UNKNOWN);
    }

    /** "a loop device" → "loop device". */
    private static String noArticle(String one) {
        return one.substring(one.indexOf(' ') + 1);
    }
}
