package dev.blockwipe.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.blockwipe.engine.BadRange;
import dev.blockwipe.engine.ByteRange;
import dev.blockwipe.engine.FailureCause;
import dev.blockwipe.engine.PassResult;
import dev.blockwipe.engine.RunRecord;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Stall;
import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.Temperatures;
import dev.blockwipe.engine.ThermalPause;
import dev.blockwipe.engine.ThroughputPoint;
import dev.blockwipe.engine.VerifyResult;
import dev.blockwipe.engine.WipeMethod;
import dev.blockwipe.engine.WipeResult;
import java.time.Duration;

/**
 * Engine values as JSON objects in a fixed field order, for the CLI's JSON lines and the
 * certificates. Written field by field rather than by reflection: a random pass's key must never
 * reach a report, and the order must not change when a record gains a component.
 */
public final class ResultJson {
    private final ObjectMapper mapper;

    public ResultJson(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public ObjectNode target(TargetInfo t) {
        ObjectNode n = mapper.createObjectNode();
        n.put("path", t.path());
        n.put("name", t.name());
        n.put("kind", t.kind().label());
        n.put("identity", t.identity().describe());
        n.put("sizeBytes", t.size());
        n.put("logicalBlockSize", t.logicalBlockSize());
        n.put("physicalBlockSize", t.physicalBlockSize());
        n.put("diskOffsetBytes", t.diskOffset());
        n.put("rotational", t.rotational());
        n.put("ioMode", t.ioMode().label());
        return n;
    }

    public ObjectNode method(WipeMethod m) {
        ObjectNode n = mapper.createObjectNode();
        n.put("name", m.name());
        n.put("title", m.title());
        n.put("technique", m.technique().label());
        n.put("nist80088", m.nist().label());
        n.put("source", m.source());
        return n;
    }

    /** The whole result; {@code withProfiles} adds each pass's speed profile. */
    public ObjectNode result(WipeResult r, boolean withProfiles) {
        ObjectNode n = mapper.createObjectNode();
        n.put("state", r.state().name());
        n.put("nist80088", r.nist().label());
        if (r.unproven() != null) {
            n.put("unproven", r.unproven());
        }
        if (r.cause() != FailureCause.NONE) {
            n.put("cause", r.cause().name());
        }
        n.set("target", target(r.target()));
        n.set("method", method(r.plan().method()));
        n.put("verification", r.plan().verification().text());
        n.put("blockSize", r.plan().blockSize());
        n.put("queueDepth", r.plan().queueDepth());
        n.put("started", r.started().toString());
        n.put("finished", r.finished().toString());
        n.put("durationSeconds", seconds(r.duration()));
        n.put("bytesWritten", r.bytesWritten());
        n.put("bytesVerified", r.bytesVerified());
        n.put("mismatchedSectors", r.mismatchedSectors());
        ArrayNode passes = n.putArray("passes");
        r.passes().forEach(p -> passes.add(pass(p, withProfiles)));
        if (r.verification() != null) {
            n.set("finalVerification", verification(r.verification()));
        }
        n.set("badSectors", badSectors(r));
        ArrayNode stalls = n.putArray("stalls");
        r.stalls().forEach(st -> stalls.add(stall(st)));
        n.set("temperature", temperature(r.temperatures()));
        r.errors().forEach(n.putArray("errors")::add);
        r.warnings().forEach(n.putArray("warnings")::add);
        return n;
    }

    /** How many sectors could not be written or read back, and where (merged ranges). */
    public ObjectNode badSectors(WipeResult r) {
        ObjectNode n = mapper.createObjectNode();
        n.put("sectors", r.badSectors());
        n.put("bytes", r.badBytes());
        ArrayNode ranges = n.putArray("ranges");
        for (BadRange b : r.badRanges()) {
            ranges.addObject().put("offset", b.offset()).put("length", b.length()).put("error", b.error())
                    .put("pass", b.pass()).put("failedTo", b.stage() == Stage.VERIFY ? "read" : "write");
        }
        return n;
    }

    /**
     * What the drive reported of its temperature: {@code reported} false (and no degrees) for
     * targets without a sensor; the limit is null when there was none.
     */
    public ObjectNode temperature(Temperatures t) {
        ObjectNode n = mapper.createObjectNode();
        n.put("reported", t.reported());
        n.put("samples", t.samples());
        if (t.reported()) {
            n.put("minCelsius", t.min()).put("maxCelsius", t.max()).put("lastCelsius", t.last());
        } else {
            n.putNull("minCelsius").putNull("maxCelsius").putNull("lastCelsius");
        }
        if (t.limit() > 0) {
            n.put("limitCelsius", t.limit());
        } else {
            n.putNull("limitCelsius");
        }
        ArrayNode pauses = n.putArray("pauses");
        for (ThermalPause p : t.pauses()) {
            pauses.addObject().put("pass", p.pass()).put("offset", p.offset()).put("celsius", p.celsius())
                    .put("seconds", seconds(p.duration()));
        }
        return n;
    }

    public ObjectNode stall(Stall s) {
        ObjectNode n = mapper.createObjectNode();
        n.put("pass", s.pass());
        n.put("stage", s.stage().name());
        n.put("offset", s.offset());
        n.put("seconds", seconds(s.duration()));
        return n;
    }

    public ObjectNode run(RunRecord r) {
        ObjectNode n = mapper.createObjectNode();
        n.put("started", r.started().toString());
        n.put("ended", r.ended().toString());
        n.put("fromPass", r.fromPass());
        n.put("fromOffset", r.fromOffset());
        n.put("toPass", r.toPass());
        n.put("toOffset", r.toOffset());
        n.put("bytesWritten", r.bytesWritten());
        n.put("end", r.end());
        ArrayNode stalls = n.putArray("stalls");
        r.stalls().forEach(st -> stalls.add(stall(st)));
        return n;
    }

    public ObjectNode pass(PassResult p, boolean withProfile) {
        ObjectNode n = mapper.createObjectNode();
        n.put("number", p.number());
        n.put("pattern", p.pattern());
        n.put("blanking", p.blanking());
        n.put("stage", p.stage().name());
        n.put("bytesPlanned", p.bytesPlanned());
        n.put("startOffset", p.startOffset());
        n.put("bytesWritten", p.bytesWritten());
        n.put("started", p.started().toString());
        n.put("durationSeconds", seconds(p.duration()));
        n.put("ioMode", p.ioMode().label());
        n.put("requestBytes", p.requests().bytes());
        n.put("inFlight", p.requests().inFlight());
        n.put("averageBytesPerSecond", Math.round(p.averageRate()));
        n.put("minBytesPerSecond", Math.round(p.minRate()));
        n.put("maxBytesPerSecond", Math.round(p.maxRate()));
        if (p.verification() != null) {
            n.set("verification", verification(p.verification()));
        }
        if (withProfile) {
            ArrayNode profile = n.putArray("profile");
            for (ThroughputPoint point : p.profile()) {
                profile.addArray().add(Math.round(point.seconds() * 1000) / 1000.0).add(Math.round(point.bytesPerSecond()))
                        .add(p.startOffset() + point.bytesDone());
            }
        }
        return n;
    }

    public ObjectNode verification(VerifyResult v) {
        ObjectNode n = mapper.createObjectNode();
        n.put("mode", v.mode());
        n.put("expected", v.expected());
        n.put("passed", v.passed());
        n.put("complete", v.complete());
        n.put("bytesPlanned", v.bytesPlanned());
        n.put("bytesVerified", v.bytesVerified());
        n.put("bytesSkippedAsBad", v.skippedBytes());
        n.put("bytesUnreadable", v.unreadableBytes());
        n.put("mismatchedSectors", v.mismatchedSectors());
        if (v.firstMismatch() >= 0) {
            n.put("firstMismatchOffset", v.firstMismatch());
        }
        ArrayNode ranges = n.putArray("mismatchRanges");
        for (ByteRange range : v.mismatchRanges()) {
            ranges.addObject().put("offset", range.offset()).put("length", range.length());
        }
        n.put("durationSeconds", seconds(v.duration()));
        n.put("requestBytes", v.requests().bytes());
        n.put("inFlight", v.requests().inFlight());
        return n;
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1_000_000L / 1000.0;
    }
}
