package dev.blockwipe.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.blockwipe.engine.Benchmark;
import java.time.Instant;

/**
 * A benchmark's figures as one JSON object: what {@code blockwipe bench --json} prints, and, with
 * the time and the host in front, what the window saves beside the device's certificates.
 */
public final class BenchmarkJson {
    private final ObjectMapper mapper;

    public BenchmarkJson(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** The figures, in a fixed field order. */
    public ObjectNode result(Benchmark.Result r) {
        return fill(mapper.createObjectNode(), r);
    }

    /** The figures as a saved report: when, where, and the device as the open descriptor described it. */
    public ObjectNode report(Benchmark.Result r, Instant time, HostInfo host) {
        ObjectNode n = mapper.createObjectNode();
        n.put("report", "blockwipe benchmark");
        n.put("time", time.toString());
        n.put("host", host.hostname());
        n.set("device", new ResultJson(mapper).target(r.target()));
        return fill(n, r);
    }

    private ObjectNode fill(ObjectNode n, Benchmark.Result r) {
        n.put("target", r.target().path());
        n.put("size", r.target().size());
        n.put("ioMode", r.target().ioMode().name());
        n.put("complete", r.complete());
        ObjectNode options = n.putObject("options");
        options.put("write", r.options().write());
        options.put("samples", r.options().samples());
        options.put("sampleBytes", r.options().sampleBytes());
        options.put("accessReads", r.options().accessReads());
        n.put("wipeBlockSize", r.wipeBlockSize());
        n.put("wipeQueueDepth", r.wipeDepth());
        ArrayNode matrix = n.putArray("sequential");
        for (Benchmark.Measurement m : r.matrix()) {
            ObjectNode e = matrix.addObject();
            e.put("op", m.op().name());
            e.put("blockSize", m.blockSize());
            e.put("queueDepth", m.depth());
            e.put("offset", m.offset());
            e.put("bytes", m.bytes());
            e.put("seconds", m.nanos() / 1e9);
            e.put("bytesPerSecond", Math.round(m.bytesPerSecond()));
        }
        ArrayNode profile = n.putArray("profile");
        for (Benchmark.Sample s : r.profile()) {
            ObjectNode e = profile.addObject();
            e.put("op", s.op().name());
            e.put("position", s.position());
            e.put("offset", s.offset());
            e.put("bytes", s.bytes());
            e.put("seconds", s.nanos() / 1e9);
            e.put("bytesPerSecond", Math.round(s.bytesPerSecond()));
        }
        if (r.accessReads() > 0) {
            n.put("accessReads", r.accessReads());
            n.put("accessTimeSeconds", r.accessSeconds());
            n.put("accessTimeMaxSeconds", r.accessMaxSeconds());
            ArrayNode access = n.putArray("access");
            for (Benchmark.AccessRead a : r.access()) {
                ObjectNode e = access.addObject();
                e.put("offset", a.offset());
                e.put("seconds", a.seconds());
            }
        }
        return n;
    }
}
