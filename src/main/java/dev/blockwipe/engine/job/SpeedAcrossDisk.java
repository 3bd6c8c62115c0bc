package dev.blockwipe.engine.job;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A write pass's speed across the device: its range cut into {@link #REGIONS} equal regions, each
 * region's rate its bytes over the time the pass spent in it (from the pass's profile). A region
 * far below the pass's median region is a hint that the disk is failing there (sectors the drive
 * retries or remaps), worth a line on the certificate; a disk's normal slope (outer tracks faster
 * than inner ones, about 2:1) stays well above the threshold. Passes too short to tell (under
 * {@link #MIN_SECONDS}) are not judged.
 */
public final class SpeedAcrossDisk {
    static final int REGIONS = 20;
    /** A region under this share of the median region's rate is slow. */
    static final double SLOW_SHARE = 0.25;
    static final double MIN_SECONDS = 10;

    /** One region: device offsets [start, end) and its rate in bytes per second (NaN when no sample fell in it). */
    public record Region(long start, long end, double bytesPerSecond) {
        /** The device offset halfway through the region. */
        public double middle() {
            return (start + end) / 2.0;
        }
    }

    private SpeedAcrossDisk() {
    }

    /** The pass's regions, or empty when it has fewer than two samples. */
    public static List<Region> regions(PassResult pass) {
        List<ThroughputPoint> points = pass.profile();
        long span = pass.bytesPlanned();
        if (points.size() < 2 || span <= 0) {
            return List.of();
        }
        double[] bytes = new double[REGIONS];
        double[] seconds = new double[REGIONS];
        ThroughputPoint previous = new ThroughputPoint(0, 0, 0);
        for (ThroughputPoint p : points) {
            long moved = p.bytesDone() - previous.bytesDone();
            double took = p.seconds() - previous.seconds();
            if (moved > 0 && took > 0) {
                int region = (int) Math.min(REGIONS - 1, (previous.bytesDone() + moved / 2) * REGIONS / span);
                bytes[region] += moved;
                seconds[region] += took;
            }
            previous = p;
        }
        List<Region> regions = new ArrayList<>(REGIONS);
        for (int i = 0; i < REGIONS; i++) {
            regions.add(new Region(pass.startOffset() + span * i / REGIONS, pass.startOffset() + span * (i + 1) / REGIONS,
                    seconds[i] > 0 ? bytes[i] / seconds[i] : Double.NaN));
        }
        return regions;
    }

    /**
     * The regions of a write pass that placed samples in at least two of them, which is what a
     * graph of its speed across the device needs; empty for other passes and for passes too short.
     */
    public static List<Region> drawable(PassResult pass) {
        List<Region> regions = pass.stage() == Stage.WRITE ? regions(pass) : List.of();
        return regions.stream().filter(r -> !Double.isNaN(r.bytesPerSecond())).count() >= 2 ? regions : List.of();
    }

    /**
     * What a completed write pass says about slow regions, one line, or empty: "slow in pass 1:
     * 1.2 GiB–1.4 GiB at 9 MB/s, under a quarter of the median 410 MB/s across the device (…)".
     */
    public static Optional<String> slowRegions(PassResult pass) {
        if (pass.stage() != Stage.WRITE || pass.duration().toMillis() < MIN_SECONDS * 1000
                || pass.bytesWritten() < pass.bytesPlanned()) {
            return Optional.empty();
        }
        List<Region> regions = regions(pass);
        double[] rates = regions.stream().mapToDouble(Region::bytesPerSecond).filter(r -> !Double.isNaN(r)).toArray();
        if (rates.length < REGIONS / 2) {
            return Optional.empty();
        }
        double median = Median.of(rates);
        List<String> slow = regions.stream().filter(r -> r.bytesPerSecond() < SLOW_SHARE * median)
                .map(r -> Units.bytes(r.start()) + "–" + Units.bytes(r.end()) + " at " + Units.rate(r.bytesPerSecond()))
                .toList();
        if (slow.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("slow in pass " + pass.number() + ": " + String.join(", ", slow)
                + ", under a quarter of the median " + Units.rate(median) + " across the device: a hint that the disk"
                + " is failing there (check its SMART data)");
    }
}
