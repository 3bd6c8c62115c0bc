package dev.blockwipe.engine.job;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Units;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Disks of one model wiped in one session run at about one speed; one far below the others is a
 * hint that it is failing. Each finished job's write rate is compared with those of the same
 * model that finished before it, then kept for the next: in a batch of identical disks wiped side
 * by side, the slow one ends last and so is compared with all the others. Thread-safe.
 */
public final class SiblingSpeeds {
    /** Under this share of the siblings' median, a disk is slow. */
    static final double SLOW_SHARE = 0.5;
    /** Fewer earlier siblings than this say nothing. */
    static final int MIN_SIBLINGS = 2;
    /** Shorter writing than this (seconds) says nothing: caches and start-up dominate. */
    static final double MIN_SECONDS = 10;

    private final Map<String, List<Double>> rates = new HashMap<>();

    /**
     * {@code result} of a disk of {@code model}, with a warning added when it wrote far slower than
     * the disks of that model before it; it is then one of them. A blank model or too little
     * writing is left out.
     */
    public synchronized WipeResult judge(String model, WipeResult result) {
        double rate = writeRate(result.passes());
        if (model.isBlank() || Double.isNaN(rate)) {
            return result;
        }
        List<Double> earlier = rates.computeIfAbsent(model, m -> new ArrayList<>());
        Optional<String> slow = slow(model, rate, earlier);
        earlier.add(rate);
        return slow.map(result::withWarning).orElse(result);
    }

    /** Bytes per second over the complete write passes, or NaN when they took under {@link #MIN_SECONDS}. */
    static double writeRate(List<PassResult> passes) {
        double bytes = 0;
        double seconds = 0;
        for (PassResult p : passes) {
            if (p.stage() == Stage.WRITE && p.bytesWritten() >= p.bytesPlanned()) {
                bytes += p.bytesWritten();
                seconds += p.duration().toNanos() / 1e9;
            }
        }
        return seconds < MIN_SECONDS ? Double.NaN : bytes / seconds;
    }

    /** The warning for a disk that wrote at {@code rate} where its siblings wrote at {@code siblings}. */
    static Optional<String> slow(String model, double rate, List<Double> siblings) {
        if (siblings.size() < MIN_SIBLINGS) {
            return Optional.empty();
        }
        double median = Median.of(siblings.stream().mapToDouble(Double::doubleValue).toArray());
        if (rate >= SLOW_SHARE * median) {
            return Optional.empty();
        }
        return Optional.of("wrote at " + Units.rate(rate) + ", under half the median " + Units.rate(median) + " of the "
                + siblings.size() + " other " + Units.printable(model) + " disks wiped before it in this session: a hint"
                + " that it is failing (check its SMART data)");
    }
}
