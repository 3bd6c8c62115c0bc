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
 *
 * <p>Wipes that run at once may share what limits them (the CPU and memory behind loop devices,
 * one controller or USB hub): twelve loop devices wiped together took 10 to 13 s each where one
 * alone was estimated at 2.9 s. So each wipe is kept with how many ran at once with it, and a
 * batch is estimated from wipes that ran in about the same company; without such wipes the
 * estimate says that it was measured in other company.
 */
public final class ThroughputEstimates {
    /** A wipe estimates devices from 1/8 to 8 times its size. */
    static final double SIMILAR = 8;
    /** Wipes kept per kind of device: the newest, so that a device that got slower shows it. */
    static final int KEPT = 32;
    /** A wipe estimates batches from half to twice as many wipes at once as it ran with. */
    static final double SIMILAR_COMPANY = 2;

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

    /**
     * One earlier wipe: the size of the device, the bytes it wrote and read back in how many
     * seconds, and how many wipes ran at once with it on average, itself included.
     */
    private record Wipe(long deviceSize, long bytes, double seconds, double company) {
    }

    /**
     * What an estimate rests on.
     *
     * @param rate   bytes per second
     * @param wipes  how many earlier wipes measured it (0: the kind's typical rate)
     * @param larger those wipes were of devices more than {@link #SIMILAR} times larger
     * @param company how many wipes ran at once with those, on average (1 for the typical rate)
     * @param alike  the batch to estimate is within {@link #SIMILAR_COMPANY} times that company
     */
    record Basis(double rate, int wipes, boolean larger, double company, boolean alike) {
    }

    private final Map<String, Deque<Wipe>> measured = new HashMap<>();

    /**
     * A job on a device of {@code kind} and {@code deviceSize} bytes ended: its bytes written and
     * read back over all of its time, as the estimate counts them; not a drive's own erase, whose
     * time is no throughput. {@code company}: how many jobs worked at once with it, on average,
     * itself included.
     */
    public void ended(String kind, long deviceSize, WipeResult r, double company) {
        if (r.firmware() == null) {
            measured(kind, deviceSize, r.bytesWritten() + r.bytesVerified(), r.duration().toNanos() / 1e9, company);
        }
    }

    /**
     * A job on a device of {@code kind} and {@code deviceSize} bytes wrote and read back
     * {@code bytes} in {@code seconds}, with {@code company} jobs at once; a job that moved nothing
     * measures no rate.
     */
    void measured(String kind, long deviceSize, long bytes, double seconds, double company) {
        if (bytes <= 0 || seconds <= 0 || deviceSize <= 0) {
            return;
        }
        Deque<Wipe> wipes = measured.computeIfAbsent(kind, k -> new ArrayDeque<>());
        wipes.addLast(new Wipe(deviceSize, bytes, seconds, Math.max(1, company)));
        while (wipes.size() > KEPT) {
            wipes.removeFirst();
        }
    }

    /**
     * The rate for a device of {@code kind} and {@code size} bytes wiped in a batch of
     * {@code together} at once, and what it comes from: the wipes of about that size (else of
     * larger devices), of those the ones that ran in about that company if there are any.
     */
    Basis basis(String kind, long size, int together) {
        List<Wipe> wipes = List.copyOf(measured.getOrDefault(kind, new ArrayDeque<>()));
        List<Wipe> similar = wipes.stream()
                .filter(w -> w.deviceSize() * SIMILAR >= size && w.deviceSize() <= size * SIMILAR).toList();
        List<Wipe> larger = wipes.stream().filter(w -> w.deviceSize() > size * SIMILAR).toList();
        List<Wipe> sized = similar.isEmpty() ? larger : similar;
        if (sized.isEmpty()) {
            return new Basis(kind(kind).typicalRate(), 0, false, 1, alike(1, together));
        }
        List<Wipe> alike = sized.stream().filter(w -> alike(w.company(), together)).toList();
        List<Wipe> chosen = alike.isEmpty() ? sized : alike;
        double bytes = chosen.stream().mapToDouble(Wipe::bytes).sum();
        double seconds = chosen.stream().mapToDouble(Wipe::seconds).sum();
        double company = chosen.stream().mapToDouble(Wipe::company).average().orElse(1);
        return new Basis(bytes / seconds, chosen.size(), similar.isEmpty(), company, !alike.isEmpty());
    }

    public Duration estimate(long size, String kind, WipeMethod method, Verification verification, boolean blank,
                             int together) {
        double passes = method.passCount() + (blank ? 1 : 0);
        double writeWork = !method.technique().isOverwrite() ? 0.05 : passes;
        return seconds((writeWork + reads(passes, verification)) * size / basis(kind, size, together).rate());
    }

    /** "~ 4 m 10 s (a guess: 150 MB/s is typical of HDDs, none wiped here yet)", for one of {@code together} wiped at once. */
    public String describe(long size, String kind, WipeMethod method, Verification verification, boolean blank,
                           int together) {
        return "~ " + Units.duration(estimate(size, kind, method, verification, blank, together)) + " ("
                + describeBasis(kind, size, together) + ")";
    }

    /**
     * "~ 1 m 0 s to read back (…)": the read-back of one pass alone, for a drive that erases
     * itself, whose own time is the drive's estimate, not a throughput.
     */
    public String describeReadBack(long size, String kind, Verification verification, int together) {
        return "~ " + Units.duration(seconds(reads(1, verification) * size / basis(kind, size, together).rate()))
                + " to read back (" + describeBasis(kind, size, together) + ")";
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
     * wipe of a larger HDD here", "a guess: 150 MB/s is typical of HDDs, none wiped here yet";
     * with the company they ran in where that is not one at a time ("…, about 12 at once"), and
     * where it is not that of the batch, what that may do ("…; 12 at once may take longer").
     */
    String describeBasis(String kind, long size, int together) {
        Basis b = basis(kind, size, together);
        Kind k = kind(kind);
        String rate = Units.rate(b.rate());
        String company = b.alike() ? "" : "; " + (together == 1 ? "one alone" : together + " at once") + " may take "
                + (together > b.company() ? "longer" : "less");
        if (b.wipes() == 0) {
            return "a guess: " + rate + " is typical of " + k.many() + ", none"
                    + (measured.containsKey(kind) ? " this size" : "") + " wiped here yet" + company;
        }
        String wipes = b.wipes() == 1 ? "1 earlier wipe of " + (b.larger() ? "a larger " + noArticle(k.one()) : k.one())
                : b.wipes() + " earlier wipes of " + (b.larger() ? "larger " : "") + k.many();
        long ranWith = Math.round(b.company());
        return rate + ", from " + wipes + (b.larger() ? "" : " this size") + " here"
                + (ranWith > 1 ? ", about " + ranWith + " at once" : b.alike() ? "" : ", one at a time") + company;
    }

    /** Whether a rate measured with {@code company} wipes at once estimates a batch of {@code together}. */
    private static boolean alike(double company, int together) {
        return company * SIMILAR_COMPANY >= together && company <= together * SIMILAR_COMPANY;
    }

    private static Kind kind(String kind) {
        return KINDS.getOrDefault(kind, UNKNOWN);
    }

    /** "a loop device" → "loop device". */
    private static String noArticle(String one) {
        return one.substring(one.indexOf(' ') + 1);
    }
}
