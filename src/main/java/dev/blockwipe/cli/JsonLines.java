package dev.blockwipe.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.report.Json;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.ResultJson;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Clock;

/**
 * One JSON object per event on standard output, for scripts and fleet tools: the {@link JsonLine}
 * of each event, and the lines of the command itself (plan, waiting, certificate). Every object has
 * "event", "time" and "target"; the last one of a job ("finished", "failed", "cancelled") carries
 * the whole result.
 */
final class JsonLines implements WipeListener {
    private final PrintWriter out;
    private final Clock clock;
    private final Lines lines = new Lines();
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
        print(event.accept(lines));
    }

    /** A job that waits for another one on the same disk before it starts. */
    void waiting(String path, String behind, String shared) {
        target = path;
        print(new JsonLine.Waiting(head("waiting"), behind, shared));
    }

    /**
     * What --no-act would have done, instead of doing it.
     *
     * @param unproven why the result will be no proof of erasure (UNPROVEN), or null
     */
    void plan(String path, String method, int passes, String verification, String unproven) {
        target = path;
        print(new JsonLine.Plan(head("plan"), method, passes, verification, unproven, false));
    }

    /** The last line of a job: where its signed certificate went. */
    void certificate(String path, ReportStore.CertificateFiles files) {
        target = path;
        print(new JsonLine.Certificate(head("certificate"), files.json().toString(), files.signature().toString(),
                files.pdf().toString(), files.log().toString()));
    }

    /** Every event is a line; the passes' speed profiles stay out of them (they are in the certificate). */
    private final class Lines implements WipeEvent.Visitor<JsonLine> {
        @Override
        public JsonLine started(WipeEvent.Started s) {
            target = s.target().path();
            return new JsonLine.Started(head("started"), ResultJson.Target.of(s.target()),
                    ResultJson.Method.of(s.plan().method()),
                    s.plan().passes().stream().map(Pass::pattern).map(Pattern::describe).toList(),
                    s.plan().verification().text(), s.plan().blockSize(), s.plan().queueDepth());
        }

        @Override
        public JsonLine passStarted(WipeEvent.PassStarted p) {
            return new JsonLine.PassStarted(head("passStarted"), p.pass().number(), p.passCount(),
                    p.pass().pattern().describe(), p.pass().blanking(), p.stage());
        }

        @Override
        public JsonLine progress(WipeEvent.Progress p) {
            return new JsonLine.Progress(head("progress"), p.stage(), p.pass(), p.passCount(), p.stageStart(),
                    p.stageBytesDone(), p.stageBytesTotal(), p.jobBytesDone(), p.jobBytesTotal(),
                    Math.round(p.jobFraction() * 10000) / 10000.0, Math.round(p.rate()), Math.round(p.averageRate()),
                    p.eta() == null ? null : p.eta().toSeconds(), p.stall() == null ? null : ResultJson.Stall.of(p.stall()));
        }

        @Override
        public JsonLine passDone(WipeEvent.PassDone d) {
            return new JsonLine.PassDone(head("passDone"), ResultJson.Pass.of(d.result(), false));
        }

        @Override
        public JsonLine checkpoint(WipeEvent.Checkpoint c) {
            return new JsonLine.Checkpoint(head("checkpoint"), c.pass(), c.offset(), c.badRanges().size());
        }

        @Override
        public JsonLine temperature(WipeEvent.Temperature t) {
            return new JsonLine.Temperature(head("temperature"), t.temperatures().last(), t.temperatures().max(),
                    t.paused(), t.text());
        }

        @Override
        public JsonLine verifyStarted(WipeEvent.VerifyStarted v) {
            target = v.target().path();
            return new JsonLine.VerifyStarted(head("verifyStarted"), v.pass(), v.mode().text(), v.bytes());
        }

        @Override
        public JsonLine verified(WipeEvent.Verified v) {
            return new JsonLine.Verified(head("verified"), v.pass(), ResultJson.Verification.of(v.result()));
        }

        @Override
        public JsonLine finished(WipeEvent.Finished f) {
            return new JsonLine.Finished(head("finished"), ResultJson.Result.of(f.result(), false));
        }

        @Override
        public JsonLine failed(WipeEvent.Failed f) {
            return new JsonLine.Failed(head("failed"), f.error(), ResultJson.Result.of(f.result(), false));
        }

        @Override
        public JsonLine cancelled(WipeEvent.Cancelled c) {
            return new JsonLine.Cancelled(head("cancelled"), ResultJson.Result.of(c.result(), false));
        }
    }

    private JsonLine.Head head(String event) {
        return new JsonLine.Head(event, clock.instant(), target);
    }

    private void print(JsonLine line) {
        try {
            out.println(Json.mapper().writeValueAsString(line));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        out.flush();
    }
}
