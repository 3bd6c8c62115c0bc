package dev.blockwipe.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.blockwipe.engine.Pass;
import dev.blockwipe.engine.WipeEvent;
import dev.blockwipe.engine.WipeListener;
import dev.blockwipe.report.Json;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.ResultJson;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Clock;

/**
 * One JSON object per event on standard output, for scripts and fleet tools. Every object has
 * "event", "time" and "target"; the last one of a job ("finished", "failed", "cancelled") carries
 * the whole result.
 */
final class JsonLines implements WipeListener {
    private final ResultJson json = new ResultJson(Json.mapper());
    private final PrintWriter out;
    private final Clock clock;
    private String target = "";

    JsonLines(PrintWriter out) {
        this(out, Clock.systemUTC());
    }

    /** @param clock what each line's "time" is read from */
    JsonLines(PrintWriter out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    @Override
    public void on(WipeEvent event) {
        ObjectNode n;
        if (event instanceof WipeEvent.Started s) {
            target = s.target().path();
            n = started(s);
        } else if (event instanceof WipeEvent.PassStarted p) {
            n = head("passStarted");
            n.put("pass", p.pass().number());
            n.put("passes", p.passCount());
            n.put("pattern", p.pass().pattern().describe());
            n.put("blanking", p.pass().blanking());
            n.put("stage", p.stage().name());
        } else if (event instanceof WipeEvent.Progress p) {
            n = progress(p);
        } else if (event instanceof WipeEvent.PassDone d) {
            n = head("passDone");
            n.set("pass", json.pass(d.result(), false));
        } else if (event instanceof WipeEvent.VerifyStarted v) {
            target = v.target().path();
            n = head("verifyStarted");
            n.put("pass", v.pass());
            n.put("mode", v.mode().text());
            n.put("bytes", v.bytes());
        } else if (event instanceof WipeEvent.Verified v) {
            n = head("verified");
            n.put("pass", v.pass());
            n.set("verification", json.verification(v.result()));
        } else if (event instanceof WipeEvent.Checkpoint c) {
            n = head("checkpoint");
            n.put("pass", c.pass());
            n.put("offset", c.offset());
            n.put("badRanges", c.badRanges().size());
        } else if (event instanceof WipeEvent.Temperature t) {
            n = head("temperature");
            n.put("celsius", t.temperatures().last());
            n.put("maxCelsius", t.temperatures().max());
            n.put("paused", t.paused());
            n.put("text", t.text());
        } else if (event instanceof WipeEvent.Finished f) {
            n = head("finished");
            n.set("result", json.result(f.result(), false));
        } else if (event instanceof WipeEvent.Failed f) {
            n = head("failed");
            n.put("error", f.error());
            n.set("result", json.result(f.result(), false));
        } else {
            WipeEvent.Cancelled c = (WipeEvent.Cancelled) event;
            n = head("cancelled");
            n.set("result", json.result(c.result(), false));
        }
        print(n);
    }

    /** A job that waits for another one on the same disk before it starts. */
    void waiting(String path, String behind, String shared) {
        target = path;
        ObjectNode n = head("waiting");
        n.put("behind", behind);
        n.put("shares", shared);
        print(n);
    }

    /**
     * What --no-act would have done, instead of doing it.
     *
     * @param unproven why the result will be no proof of erasure (UNPROVEN), or null
     */
    void plan(String path, String method, int passes, String verification, String unproven) {
        target = path;
        ObjectNode n = head("plan");
        n.put("method", method);
        n.put("passes", passes);
        n.put("verification", verification);
        if (unproven != null) {
            n.put("unproven", unproven);
        }
        n.put("written", false);
        print(n);
    }

    /** The last line of a job: where its signed certificate went. */
    void certificate(String path, ReportStore.CertificateFiles files) {
        target = path;
        ObjectNode n = head("certificate");
        n.put("json", files.json().toString());
        n.put("signature", files.signature().toString());
        n.put("pdf", files.pdf().toString());
        n.put("log", files.log().toString());
        print(n);
    }

    private ObjectNode started(WipeEvent.Started s) {
        ObjectNode n = head("started");
        n.set("device", json.target(s.target()));
        n.set("method", json.method(s.plan().method()));
        ArrayNode passes = n.putArray("passes");
        s.plan().passes().stream().map(Pass::pattern).forEach(p -> passes.add(p.describe()));
        n.put("verification", s.plan().verification().text());
        n.put("blockSize", s.plan().blockSize());
        n.put("queueDepth", s.plan().queueDepth());
        return n;
    }

    private ObjectNode progress(WipeEvent.Progress p) {
        ObjectNode n = head("progress");
        n.put("stage", p.stage().name());
        n.put("pass", p.pass());
        n.put("passes", p.passCount());
        n.put("stageStart", p.stageStart());
        n.put("stageBytesDone", p.stageBytesDone());
        n.put("stageBytesTotal", p.stageBytesTotal());
        n.put("jobBytesDone", p.jobBytesDone());
        n.put("jobBytesTotal", p.jobBytesTotal());
        n.put("fraction", Math.round(p.jobFraction() * 10000) / 10000.0);
        n.put("bytesPerSecond", Math.round(p.rate()));
        n.put("averageBytesPerSecond", Math.round(p.averageRate()));
        if (p.eta() != null) {
            n.put("etaSeconds", p.eta().toSeconds());
        }
        if (p.stall() != null) {
            n.set("stall", json.stall(p.stall()));
        }
        return n;
    }

    private ObjectNode head(String event) {
        ObjectNode n = Json.mapper().createObjectNode();
        n.put("event", event);
        n.put("time", clock.instant().toString());
        n.put("target", target);
        return n;
    }

    private void print(ObjectNode n) {
        try {
            out.println(Json.mapper().writeValueAsString(n));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        out.flush();
    }
}
