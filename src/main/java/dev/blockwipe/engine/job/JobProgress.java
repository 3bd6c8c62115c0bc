package dev.blockwipe.engine.job;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.Stall;
import dev.blockwipe.engine.io.Sweep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Turns the ticks of the sweeps into {@link WipeEvent.Progress} events with job-wide totals, an ETA
 * at the job's average rate so far, and the request that waits longer than the stall limit; keeps
 * every stall for the result.
 */
final class JobProgress {
    private final WipeListener listener;
    private final LongSupplier clock;
    private final long jobStart;
    private final long jobTotal;
    /** What earlier runs of a resumed job did: counted as done, but not in this run's rate. */
    private final long doneEarlier;
    private final int passCount;
    private final long stallNanos;
    private final List<Stall> stalls = new ArrayList<>();
    private Stall current;
    private long jobDoneBefore;

    /**
     * @param jobTotal    the bytes the whole job writes and reads, earlier runs included
     * @param doneEarlier the part of them earlier runs did (0 for a job that starts now)
     */
    JobProgress(WipeListener listener, LongSupplier clock, long jobTotal, long doneEarlier, int passCount,
                Duration stallAfter) {
        this.listener = listener;
        this.clock = clock;
        this.jobStart = clock.getAsLong();
        this.jobTotal = jobTotal;
        this.doneEarlier = doneEarlier;
        this.jobDoneBefore = doneEarlier;
        this.passCount = passCount;
        this.stallNanos = stallAfter.toNanos();
    }

    /**
     * A ticker for one stage that this run starts at {@code stageStart} (where an earlier run
     * stopped, or 0) and in which it does {@code stageTotal} bytes; {@code throughput} records the
     * stage's rates.
     */
    Sweep.Ticker stage(Stage stage, int pass, long stageStart, long stageTotal, Throughput throughput) {
        return (bytesDone, oldest) -> {
            long now = clock.getAsLong();
            Stall stall = oldest != null && oldest.nanos() >= stallNanos
                    ? new Stall(pass, stage, oldest.offset(), Duration.ofNanos(oldest.nanos())) : null;
            track(stall);
            throughput.update(now, bytesDone);
            long jobDone = jobDoneBefore + bytesDone;
            double jobRate = now > jobStart ? (jobDone - doneEarlier) * 1e9 / (now - jobStart) : 0;
            Duration eta = jobRate > 0 ? Duration.ofMillis((long) ((jobTotal - jobDone) * 1000 / jobRate)) : null;
            listener.on(new WipeEvent.Progress(stage, pass, passCount, stageStart, bytesDone, stageTotal, jobDone, jobTotal,
                    throughput.currentRate(), throughput.averageRate(), eta, stall));
        };
    }

    /** A stall ends when its request completes (another one, or none, is the oldest then). */
    private void track(Stall stall) {
        if (current != null && (stall == null || stall.offset() != current.offset() || stall.stage() != current.stage())) {
            stalls.add(current);
        }
        current = stall;
    }

    /** Every stall so far, the one still going included. */
    List<Stall> stalls() {
        List<Stall> all = new ArrayList<>(stalls);
        if (current != null) {
            all.add(current);
        }
        return all;
    }

    /** The stage that just ended did {@code bytes}; later stages count from there. */
    void stageDone(long bytes) {
        jobDoneBefore += bytes;
    }

    long now() {
        return clock.getAsLong();
    }
}
