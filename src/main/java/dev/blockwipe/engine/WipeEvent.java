package dev.blockwipe.engine;

import java.time.Duration;
import java.util.List;

/** What a running job reports, in order, on the thread that runs it. */
public sealed interface WipeEvent {

    record Started(TargetInfo target, WipePlan plan) implements WipeEvent {
    }

    record PassStarted(Pass pass, int passCount, Stage stage) implements WipeEvent {
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

        public double jobFraction() {
            return jobBytesTotal == 0 ? 1 : (double) jobBytesDone / jobBytesTotal;
        }

        /** "24 MiB of 32 MiB": how far the stage has got over the target, earlier runs included. */
        public String stagePosition() {
            return Units.bytes(stageStart + stageBytesDone) + " of " + Units.bytes(stageStart + stageBytesTotal);
        }
    }

    record PassDone(PassResult result) implements WipeEvent {
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
    }

    /**
     * A reading of the drive's temperature (every 10 s or so, and at the start and the end; none
     * from a target that reports none).
     *
     * @param temperatures what the job has seen so far, this reading last
     * @param paused       whether writes are paused because the drive is above the limit
     */
    record Temperature(Temperatures temperatures, boolean paused) implements WipeEvent {
        /** "41 °C, max 44 °C" or "paused: 61 °C above the 60 °C limit". */
        public String text() {
            return paused ? temperatures.pausedText() : temperatures.describe();
        }
    }

    /** @param pass the pass read back, or 0 for the final or a standalone read-back */
    record VerifyStarted(TargetInfo target, int pass, Verification mode, long bytes) implements WipeEvent {
    }

    record Verified(int pass, VerifyResult result) implements WipeEvent {
    }

    /** A job's last event, however it ended; nothing comes after it. */
    sealed interface End extends WipeEvent permits Finished, Failed, Cancelled {
        WipeResult result();
    }

    /** The job ran to its end: ERASED, UNPROVEN or VERIFY_FAILED. */
    record Finished(WipeResult result) implements End {
    }

    record Failed(WipeResult result, String error) implements End {
    }

    record Cancelled(WipeResult result) implements End {
    }
}
