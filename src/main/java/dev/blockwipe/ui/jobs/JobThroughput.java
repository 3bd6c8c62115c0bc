package dev.blockwipe.ui.jobs;

import dev.blockwipe.engine.Stage;
import java.util.ArrayDeque;

/**
 * A job's speed as the user sees it: the bytes it has moved (written and read back, across every
 * pass and stage) over the last second of wall-clock time, and over the whole job. Pass and stage
 * boundaries do not reset it; a job younger than the window shows its speed so far (a 0.3 s pass
 * reads its real speed, not 0); a job whose device takes nothing for a whole window reads 0.
 */
final class JobThroughput {
    static final long WINDOW_NANOS = 1_000_000_000L;

    private record Sample(long nanos, long bytes) {
    }

    private final ArrayDeque<Sample> samples = new ArrayDeque<>();
    private long startNanos = -1;
    private Stage stage;
    private int pass = -1;
    private long finishedStages;
    private long stageBytes;

    /** The job started at {@code nanos}. */
    void start(long nanos) {
        startNanos = nanos;
        samples.clear();
        samples.addLast(new Sample(nanos, 0));
    }

    /** At {@code nanos}, the stage {@code stage} of pass {@code pass} has moved {@code stageBytesDone}. */
    void progress(long nanos, Stage stage, int pass, long stageBytesDone) {
        if (stage != this.stage || pass != this.pass) {
            finishedStages += stageBytes;
            stageBytes = 0;
            this.stage = stage;
            this.pass = pass;
        }
        stageBytes = Math.max(stageBytes, stageBytesDone);
        if (!samples.isEmpty() && nanos >= samples.getLast().nanos()) {
            samples.addLast(new Sample(nanos, moved()));
        }
        trim(nanos);
    }

    /** Bytes moved since the start. */
    long moved() {
        return finishedStages + stageBytes;
    }

    /** Bytes per second over the window that ends at {@code now}, or since the start when the job is younger. */
    double rate(long now) {
        if (samples.isEmpty() || now <= startNanos) {
            return 0;
        }
        trim(now);
        long from = Math.max(startNanos, now - WINDOW_NANOS);
        return (moved() - movedAt(from)) * 1e9 / (now - from);
    }

    /** Bytes per second since the start. */
    double average(long now) {
        return now > startNanos && startNanos >= 0 ? moved() * 1e9 / (now - startNanos) : 0;
    }

    /** Bytes moved at {@code nanos}, interpolated between the samples around it. */
    private long movedAt(long nanos) {
        Sample before = null;
        for (Sample s : samples) {
            if (s.nanos() > nanos) {
                if (before == null) {
                    return s.bytes();
                }
                double part = (double) (nanos - before.nanos()) / (s.nanos() - before.nanos());
                return before.bytes() + Math.round(part * (s.bytes() - before.bytes()));
            }
            before = s;
        }
        return before == null ? 0 : before.bytes();
    }

    /** Drops samples older than the window, keeping the last one before it (the window's left edge lies after it). */
    private void trim(long now) {
        while (samples.size() > 1) {
            Sample first = samples.pollFirst();
            if (samples.peekFirst().nanos() > now - WINDOW_NANOS) {
                samples.addFirst(first);
                return;
            }
        }
    }
}
