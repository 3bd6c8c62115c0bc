package dev.blockwipe.report;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.PassResult;
import dev.blockwipe.engine.job.RunRecord;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.verify.VerifyResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Engine values as they appear in the CLI's JSON lines and in the certificates: one record per
 * JSON object, its components in the order the fields are written. Projected component by
 * component rather than by serialising the engine's records: a random pass's key must never reach
 * a report, and the order must not change when an engine record gains a component. Components
 * that are {@code @JsonInclude(NON_NULL)} are left out where they do not apply (and are absent
 * from documents older than the field); every other one is always written, null included.
 */
public final class ResultJson {
    private ResultJson() {
    }

    /** The target as the open descriptor described it. */
    public record Target(String path, String name, String kind, String identity, long sizeBytes, int logicalBlockSize,
                         int physicalBlockSize, long diskOffsetBytes, boolean rotational, String ioMode) {
        public static Target of(TargetInfo t) {
            return new Target(t.path(), t.name(), t.kind().label(), t.identity().describe(), t.size(),
                    t.logicalBlockSize(), t.physicalBlockSize(), t.diskOffset(), t.rotational(), t.ioMode().label());
        }
    }

    public record Method(String name, String title, String technique, String nist80088, String source) {
        public static Method of(WipeMethod m) {
            return new Method(m.name(), m.title(), m.technique().label(), m.nist().label(), m.source());
        }
    }

    /** A job's whole result, as the last JSON line of a job carries it. */
    public record Result(FinalState state, String nist80088, @JsonInclude(JsonInclude.Include.NON_NULL) String unproven,
                         @JsonInclude(JsonInclude.Include.NON_NULL) FailureCause cause, Target target, Method method,
                         String verification, int blockSize, int queueDepth, Instant started, Instant finished,
                         double durationSeconds, long bytesWritten, long bytesVerified, long mismatchedSectors,
                         List<Pass> passes, @JsonInclude(JsonInclude.Include.NON_NULL) Verification finalVerification,
                         BadSectors badSectors, List<Stall> stalls, Temperature temperature, List<String> errors,
                         List<String> warnings) {
        public static Result of(WipeResult r, boolean withProfiles) {
            return new Result(r.state(), r.nist().label(), r.unproven(), r.cause() == FailureCause.NONE ? null : r.cause(),
                    Target.of(r.target()), Method.of(r.plan().method()), r.plan().verification().text(),
                    r.plan().blockSize(), r.plan().queueDepth(), r.started(), r.finished(), secondsOf(r.duration()),
                    r.bytesWritten(), r.bytesVerified(), r.mismatchedSectors(),
                    r.passes().stream().map(p -> Pass.of(p, withProfiles)).toList(),
                    r.verification() == null ? null : Verification.of(r.verification()), BadSectors.of(r),
                    r.stalls().stream().map(Stall::of).toList(), Temperature.of(r.temperatures()), r.errors(), r.warnings());
        }
    }

    /**
     * One pass. {@code requestBytes} and {@code inFlight} are absent from certificates before
     * schema 6; {@code profile} is left out of the JSON lines.
     */
    public record Pass(int number, String pattern, boolean blanking, Stage stage, long bytesPlanned, long startOffset,
                       long bytesWritten, Instant started, double durationSeconds, String ioMode,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Integer requestBytes,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Integer inFlight, long averageBytesPerSecond,
                       long minBytesPerSecond, long maxBytesPerSecond,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Verification verification,
                       @JsonInclude(JsonInclude.Include.NON_NULL) List<ProfileSample> profile) {
        public static Pass of(PassResult p, boolean withProfile) {
            return new Pass(p.number(), p.pattern(), p.blanking(), p.stage(), p.bytesPlanned(), p.startOffset(),
                    p.bytesWritten(), p.started(), secondsOf(p.duration()), p.ioMode().label(), p.requests().bytes(),
                    p.requests().inFlight(), Math.round(p.averageRate()), Math.round(p.minRate()), Math.round(p.maxRate()),
                    p.verification() == null ? null : Verification.of(p.verification()),
                    withProfile ? p.profile().stream().map(point -> new ProfileSample(
                            Math.round(point.seconds() * 1000) / 1000.0, Math.round(point.bytesPerSecond()),
                            p.startOffset() + point.bytesDone())).toList() : null);
        }
    }

    /** One speed sample, written as {@code [seconds, bytes/s, device offset]} to keep long profiles short. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    public record ProfileSample(double seconds, long bytesPerSecond, long offset) {
    }

    /**
     * One read-back. {@code firstMismatchOffset} only where something differed; {@code requestBytes}
     * and {@code inFlight} are absent from certificates before schema 6.
     */
    public record Verification(String mode, String expected, boolean passed, boolean complete, long bytesPlanned,
                               long bytesVerified, long bytesSkippedAsBad, long bytesUnreadable, long mismatchedSectors,
                               @JsonInclude(JsonInclude.Include.NON_NULL) Long firstMismatchOffset,
                               List<Range> mismatchRanges, double durationSeconds,
                               @JsonInclude(JsonInclude.Include.NON_NULL) Integer requestBytes,
                               @JsonInclude(JsonInclude.Include.NON_NULL) Integer inFlight) {
        public static Verification of(VerifyResult v) {
            return new Verification(v.mode(), v.expected(), v.passed(), v.complete(), v.bytesPlanned(), v.bytesVerified(),
                    v.skippedBytes(), v.unreadableBytes(), v.mismatchedSectors(),
                    v.firstMismatch() >= 0 ? v.firstMismatch() : null,
                    v.mismatchRanges().stream().map(r -> new Range(r.offset(), r.length())).toList(),
                    secondsOf(v.duration()), v.requests().bytes(), v.requests().inFlight());
        }
    }

    public record Range(long offset, long length) {
    }

    /** How many sectors could not be written or read back, and where (merged ranges). */
    public record BadSectors(long sectors, long bytes, List<BadRange> ranges) {
        public static BadSectors of(WipeResult r) {
            return new BadSectors(r.badSectors(), r.badBytes(), r.badRanges().stream().map(b -> new BadRange(b.offset(),
                    b.length(), b.error(), b.pass(), b.stage() == Stage.VERIFY ? "read" : "write")).toList());
        }
    }

    /** @param failedTo "write" or "read" */
    public record BadRange(long offset, long length, String error, int pass, String failedTo) {
    }

    /**
     * What the drive reported of its temperature: {@code reported} false (and null degrees) for
     * targets without a sensor; the limit is null when there was none.
     */
    public record Temperature(boolean reported, int samples, Integer minCelsius, Integer maxCelsius, Integer lastCelsius,
                              Integer limitCelsius, List<ThermalPause> pauses) {
        public static Temperature of(Temperatures t) {
            return new Temperature(t.reported(), t.samples(), t.reported() ? t.min() : null, t.reported() ? t.max() : null,
                    t.reported() ? t.last() : null, t.limit() > 0 ? t.limit() : null, t.pauses().stream()
                    .map(p -> new ThermalPause(p.pass(), p.offset(), p.celsius(), secondsOf(p.duration()))).toList());
        }
    }

    public record ThermalPause(int pass, long offset, int celsius, double seconds) {
    }

    public record Stall(int pass, Stage stage, long offset, double seconds) {
        public static Stall of(dev.blockwipe.engine.fault.Stall s) {
            return new Stall(s.pass(), s.stage(), s.offset(), secondsOf(s.duration()));
        }
    }

    /** One run of a job: a job that was resumed has several. */
    public record Run(Instant started, Instant ended, int fromPass, long fromOffset, int toPass, long toOffset,
                      long bytesWritten, String end, List<Stall> stalls) {
        public static Run of(RunRecord r) {
            return new Run(r.started(), r.ended(), r.fromPass(), r.fromOffset(), r.toPass(), r.toOffset(),
                    r.bytesWritten(), r.end(), r.stalls().stream().map(Stall::of).toList());
        }
    }

    /** Milliseconds as seconds: what every duration in these documents is. */
    static double secondsOf(Duration d) {
        return d.toNanos() / 1_000_000L / 1000.0;
    }
}
