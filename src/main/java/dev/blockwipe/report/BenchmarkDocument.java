package dev.blockwipe.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.engine.bench.Benchmark;
import dev.blockwipe.engine.io.Access;
import java.time.Instant;
import java.util.List;

/**
 * A benchmark's figures as one JSON object: what {@code blockwipe bench --json} prints, and, with
 * the report's name, the time, the host and the device in front, what the window saves beside
 * the device's certificates (unsigned: it certifies nothing). The components are in the order the
 * fields are written; those left out of one of the two forms are {@code NON_NULL}.
 *
 * @param ioMode the {@code IoMode}'s name (O_DIRECT, BUFFERED), not its label as in the certificates
 */
public record BenchmarkDocument(@JsonInclude(JsonInclude.Include.NON_NULL) String report,
                                @JsonInclude(JsonInclude.Include.NON_NULL) Instant time,
                                @JsonInclude(JsonInclude.Include.NON_NULL) String host,
                                @JsonInclude(JsonInclude.Include.NON_NULL) ResultJson.Target device,
                                String target, long size, String ioMode, boolean complete, Options options,
                                int wipeBlockSize, int wipeQueueDepth, List<Measurement> sequential,
                                List<Sample> profile, @JsonInclude(JsonInclude.Include.NON_NULL) Integer accessReads,
                                @JsonInclude(JsonInclude.Include.NON_NULL) Double accessTimeSeconds,
                                @JsonInclude(JsonInclude.Include.NON_NULL) Double accessTimeMaxSeconds,
                                @JsonInclude(JsonInclude.Include.NON_NULL) List<AccessRead> access) {

    public record Options(boolean write, int samples, long sampleBytes, int accessReads) {
    }

    public record Measurement(Access op, int blockSize, int queueDepth, long offset, long bytes, double seconds,
                              long bytesPerSecond) {
    }

    public record Sample(Access op, double position, long offset, long bytes, double seconds,
                         long bytesPerSecond) {
    }

    public record AccessRead(long offset, double seconds) {
    }

    /** The figures alone, as the CLI prints them. */
    public static BenchmarkDocument of(Benchmark.Result r) {
        return of(r, null, null, null, null);
    }

    /** The figures as a saved report: when, where, and the device as the open descriptor described it. */
    public static BenchmarkDocument report(Benchmark.Result r, Instant time, HostInfo host) {
        return of(r, "blockwipe benchmark", time, host.hostname(), ResultJson.Target.of(r.target()));
    }

    private static BenchmarkDocument of(Benchmark.Result r, String report, Instant time, String host,
                                        ResultJson.Target device) {
        Benchmark.Options o = r.options();
        boolean timed = r.accessReads() > 0;
        return new BenchmarkDocument(report, time, host, device, r.target().path(), r.target().size(),
                r.target().ioMode().name(), r.complete(),
                new Options(o.write(), o.samples(), o.sampleBytes(), o.accessReads()), r.wipeBlockSize(), r.wipeDepth(),
                r.matrix().stream().map(m -> new Measurement(m.op(), m.blockSize(), m.depth(), m.offset(), m.bytes(),
                        m.nanos() / 1e9, Math.round(m.bytesPerSecond()))).toList(),
                r.profile().stream().map(s -> new Sample(s.op(), s.position(), s.offset(), s.bytes(), s.nanos() / 1e9,
                        Math.round(s.bytesPerSecond()))).toList(),
                timed ? r.accessReads() : null, timed ? r.accessSeconds() : null, timed ? r.accessMaxSeconds() : null,
                timed ? r.access().stream().map(a -> new AccessRead(a.offset(), a.seconds())).toList() : null);
    }
}
