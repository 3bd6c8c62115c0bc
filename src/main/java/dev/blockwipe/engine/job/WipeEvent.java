package dev.blockwipe.engine.job;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.fault.BadRange;
import dev.blockwipe.engine.fault.Stall;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.verify.VerifyResult;
import java.time.Duration;
import java.util.List;

/**
 * What a running job reports, in order, on the thread that runs it. Consumers dispatch through a
 * {@link Visitor}, which has a method for every kind: a new kind of event then fails to compile in
 * each of them instead of falling through an {@code instanceof} chain on a job thread.
 */
public sealed interface WipeEvent {

    <R> R accept(Visitor<R> visitor);

    /**
     * One method per kind of event. Implement every one, an empty one where a consumer has nothing
     * to do with that kind (and say why): no default, so that a new kind is a decision in every
     * consumer.
     */
    interface Visitor<R> {
        R started(Started e);

        R passStarted(PassStarted e);

        R progress(Progress e);

        R passDone(PassDone e);

        R checkpoint(Checkpoint e);

        R temperature(Temperature e);

        R verifyStarted(VerifyStarted e);

        R verified(Verified e);

        R finished(Finished e);

        R failed(Failed e);

        R cancelled(Cancelled e);
    }

    record Started(TargetInfo target, WipePlan plan) implements WipeEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.started(this);
        }
    }

    record PassStarted(Pass pass, int passCount, Stage stage) implements WipeEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.passStarted(this);
        }
    }

    /**
     * @param stage           what is running
     * @param pass            1-based pass the stage belongs to (0 for a final sample read-back)
     * @param passCount       passes in the plan
     * @param stageStart      where this run started the stage: 0, or where an earlier run of a
     *                        resumed job stopped (the bytes before it were done then)
     * @param stageBytesDone  bytes done in this stage by this run
     * @param stageBytesTotal bytes this stage will do in this run
     * @param jobBytesDone    bytes done over the whole job (writes and reads), earlier runs included
     * @param jobBytesTotal   bytes the whole job does, earlier runs included
     * @param rate            bytes per second over the last second
     * @param averageRate     bytes per second since the stage started
     * @param eta             time left for the whole job at the job's average rate, or null when unknown
     * @param stall           a request that has waited longer than the stall limit so far, or null
     */
    record Progress(Stage stage, int pass, int passCount, long stageStart, long stageBytesDone, long stageBytesTotal,
                    long jobBytesDone, long jobBytesTotal, double rate, double averageRate, Duration eta, Stall stall)
            implements WipeEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.progress(this);
        }

        public double jobFraction() {
            return jobBytesTotal == 0 ? 1 : (double) jobBytesDone / jobBytesTotal;
        }

        /** "24 MiB of 32 MiB": how far the stage has got over the target, earlier runs included. */
        public String stagePosition() {
            return Units.bytes(stageStart + stageBytesDone) + " of " + Units.bytes(stageStart + stageBytesTotal);
        }
    }

    record PassDone(PassResult result) implements WipeEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.passDone(this);
        }
    }

    /**
     * Everything of {@code pass} before {@code offset} is written and synced (fdatasync returned),
     * and these are the bad ranges and stalls so far: what a journal needs to resume from here. A
     * pass that ended (its read-back too, with --verify all) is followed by a checkpoint at the next
     * pass.
     */
    record Checkpoint(int pass, long offset, List<BadRange> badRanges, List<Stall> stalls) implements WipeEvent {
        public Checkpoint {
            badRanges = List.copyOf(badRanges);
            stalls = List.copyOf(stalls);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.checkpoint(this);
        }
    }

    /**
     * A reading of the drive's temperature (every 10 s or so, and at the start and the end; none
     * from a target that reports none).
     *
     * @param temperatures what the job has seen so far, this reading last
     * @param paused       whether writes are paused because the drive is above the limit
     */
    record Temperature(Temperatures temperatures, boolean paused) implements WipeEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.temperature(this);
        }

        /** "41 °C, max 44 °C" or "paused: 61 °C above the 60 °C limit". */
        public String text() {
            return paused ? temperatures.pausedText() : temperatures.describe();
        }
    }

    /** @param pass the pass read back, or 0 for the final or a standalone read-back */
    record VerifyStarted(TargetInfo target, int pass, Verification mode, long bytes) implements WipeEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.verifyStarted(this);
        }
    }

    record Verified(int pass, VerifyResult result) implements WipeEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.verified(this);
        }
    }

    /** A job's last event, however it ended; nothing comes after it. */
    sealed interface End extends WipeEvent permits Finished, Failed, Cancelled {
        WipeResult result();
    }

    /** The job ran to its end: ERASED, UNPROVEN or VERIFY_FAILED. */
    record Finished(WipeResult result) implements End {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.finished(this);
        }
    }

    record Failed(WipeResult result, String error) implements End {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.failed(this);
        }
    }

    record Cancelled(WipeResult result) implements End {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.cancelled(this);
        }
    }
}
