package dev.blockwipe.engine;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Turns the ticks of the sweeps into {@link WipeEvent.Progress} events with job-wide totals and an
 * ETA at the job's average rate so far.
 */
final class JobProgress {
    private final WipeListener listener;
    private final LongSupplier clock;
    private final long jobStart;
    private final long jobTotal;
    private final int passCount;
    private long jobDoneBefore;

    JobProgress(WipeListener listener, LongSupplier clock, long jobTotal, int passCount) {
        this.listener = listener;
        this.clock = clock;
        this.jobStart = clock.getAsLong();
        this.jobTotal = jobTotal;
        this.passCount = passCount;
    }

    /** A ticker for one stage; {@code throughput} records the stage's rates. */
    Sweep.Ticker stage(Stage stage, int pass, long stageTotal, Throughput throughput) {
        return bytesDone -> {
            long now = clock.getAsLong();
            throughput.update(now, bytesDone);
            long jobDone = jobDoneBefore + bytesDone;
            double jobRate = now > jobStart ? jobDone * 1e9 / (now - jobStart) : 0;
            Duration eta = jobRate > 0 ? Duration.ofMillis((long) ((jobTotal - jobDone) * 1000 / jobRate)) : null;
            listener.on(new WipeEvent.Progress(stage, pass, passCount, bytesDone, stageTotal, jobDone, jobTotal,
                    throughput.currentRate(), throughput.averageRate(), eta));
        };
    }

    /** The stage that just ended did {@code bytes}; later stages count from there. */
    void stageDone(long bytes) {
        jobDoneBefore += bytes;
    }

    long now() {
        return clock.getAsLong();
    }
}
