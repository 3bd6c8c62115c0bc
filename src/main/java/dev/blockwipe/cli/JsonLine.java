package dev.blockwipe.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.report.ResultJson;
import java.time.Instant;
import java.util.List;

/**
 * The lines {@code --json} prints, one record per kind: a record's components are its line's
 * fields in their written order, after the three every line starts with ({@link Head}). Scripts
 * and fleet tools read these lines, so a field is renamed or moved only on purpose: the tests pin
 * every kind byte for byte (json-lines.golden.jsonl). Components that are
 * {@code @JsonInclude(NON_NULL)} are left out where they do not apply.
 */
sealed interface JsonLine {

    /**
     * @param event  the kind of line
     * @param time   when the line was written
     * @param target the path of the job's target, as the user gave it
     */
    record Head(String event, Instant time, String target) {
    }

    /** What {@code --no-act} would have done. */
    record Plan(@JsonUnwrapped Head head, String method, int passes, String verification,
                @JsonInclude(JsonInclude.Include.NON_NULL) String unproven, boolean written) implements JsonLine {
    }

    /** A job waits for another one on the same disk before it starts. */
    record Waiting(@JsonUnwrapped Head head, String behind, String shares) implements JsonLine {
    }

    /** The last line of a job: where its signed certificate went. */
    record Certificate(@JsonUnwrapped Head head, String json, String signature, String pdf, String log)
            implements JsonLine {
    }

    /** @param passes each pass's pattern */
    record Started(@JsonUnwrapped Head head, ResultJson.Target device, ResultJson.Method method, List<String> passes,
                   String verification, int blockSize, int queueDepth) implements JsonLine {
    }

    record PassStarted(@JsonUnwrapped Head head, int pass, int passes, String pattern, boolean blanking, Stage stage)
            implements JsonLine {
    }

    /**
     * @param fraction   of the whole job, to four decimals
     * @param etaSeconds left out while unknown
     * @param stall      left out unless a request is waiting longer than the stall limit
     */
    record Progress(@JsonUnwrapped Head head, Stage stage, int pass, int passes, long stageStart, long stageBytesDone,
                    long stageBytesTotal, long jobBytesDone, long jobBytesTotal, double fraction, long bytesPerSecond,
                    long averageBytesPerSecond, @JsonInclude(JsonInclude.Include.NON_NULL) Long etaSeconds,
                    @JsonInclude(JsonInclude.Include.NON_NULL) ResultJson.Stall stall) implements JsonLine {
    }

    record PassDone(@JsonUnwrapped Head head, ResultJson.Pass pass) implements JsonLine {
    }

    /** @param badRanges how many bad ranges the job has found so far */
    record Checkpoint(@JsonUnwrapped Head head, int pass, long offset, int badRanges) implements JsonLine {
    }

    record Temperature(@JsonUnwrapped Head head, int celsius, int maxCelsius, boolean paused, String text)
            implements JsonLine {
    }

    record VerifyStarted(@JsonUnwrapped Head head, int pass, String mode, long bytes) implements JsonLine {
    }

    record Verified(@JsonUnwrapped Head head, int pass, ResultJson.Verification verification) implements JsonLine {
    }

    record Finished(@JsonUnwrapped Head head, ResultJson.Result result) implements JsonLine {
    }

    record Failed(@JsonUnwrapped Head head, String error, ResultJson.Result result) implements JsonLine {
    }

    record Cancelled(@JsonUnwrapped Head head, ResultJson.Result result) implements JsonLine {
    }
}
