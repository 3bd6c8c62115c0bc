package dev.blockwipe.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.blockwipe.engine.BadRange;
import dev.blockwipe.engine.FaultPolicy;
import dev.blockwipe.engine.Pass;
import dev.blockwipe.engine.Pattern;
import dev.blockwipe.engine.ResumePoint;
import dev.blockwipe.engine.RunRecord;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Stall;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.Verification;
import dev.blockwipe.engine.WipeEvent;
import dev.blockwipe.engine.WipeMethod;
import dev.blockwipe.engine.WipeMethods;
import dev.blockwipe.engine.WipePlan;
import dev.blockwipe.engine.WipeRequest;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a wipe that was interrupted needs to go on: the device, the plan (with the random passes'
 * keys, so a resumed random pass writes, and the read-back expects, the same stream), the point up
 * to which everything was written and synced, the bad ranges so far, and the runs so far for the
 * certificate. Immutable; each checkpoint makes a new one, which {@link Journals} writes.
 *
 * @param identity  the device
 * @param path      the path it had, for people
 * @param plan      the plan the job runs
 * @param pass      the pass to go on with (one past the last: only the final read-back is left)
 * @param offset    everything of that pass before this offset is written and synced
 * @param badRanges bad ranges so far
 * @param earlier   the runs before the current one
 * @param current   the run that wrote this journal last
 * @param updated   when
 * @param certificate the certificate's JSON file the run that wrote this journal reserved (in the
 *                  reports directory; where that fails, the same name in the journal directory),
 *                  or empty: once it is there with its signature, this journal is done
 */
public record Journal(ResumeIdentity identity, String path, WipePlan plan, int pass, long offset,
                      List<BadRange> badRanges, List<RunRecord> earlier, Run current, Instant updated,
                      String certificate) {
    static final int VERSION = 1;
    static final String INTERRUPTED = "interrupted (killed, crashed or powered off); counted up to its last checkpoint";
    /** How a run ended that wrote everything, but not its certificate (the process ended first). */
    static final String FINISHED = "finished, but ended before its certificate was written";

    /**
     * The run that wrote the journal last.
     *
     * @param end how it ended ("cancelled", "failed: ..."), or null while it runs (or when it was killed)
     */
    public record Run(Instant started, int fromPass, long fromOffset, List<Stall> stalls, String end) {
        public Run {
            stalls = List.copyOf(stalls);
        }
    }

    public Journal {
        badRanges = List.copyOf(badRanges);
        earlier = List.copyOf(earlier);
    }

    /** A run starts at {@code from}: a new job at its beginning, or a resumed one. */
    static Journal start(ResumeIdentity identity, String path, WipePlan plan, ResumePoint from, Instant now,
                         String certificate) {
        return new Journal(identity, path, plan, from.pass(), from.offset(), from.badRanges(), from.earlier(),
                new Run(now, from.pass(), from.offset(), List.of(), null), now, certificate);
    }

    Journal checkpoint(WipeEvent.Checkpoint c, Instant now) {
        return new Journal(identity, path, plan, c.pass(), c.offset(), c.badRanges(), earlier,
                new Run(current.started(), current.fromPass(), current.fromOffset(), c.stalls(), null), now, certificate);
    }

    Journal ended(String end, Instant now) {
        return new Journal(identity, path, plan, pass, offset, badRanges, earlier,
                new Run(current.started(), current.fromPass(), current.fromOffset(), current.stalls(), end), now,
                certificate);
    }

    /** Where the next run starts, with every run so far (the last one as it ended, or as interrupted). */
    public ResumePoint resumePoint() {
        List<RunRecord> runs = new ArrayList<>(earlier);
        long size = identity.size();
        long written = (pass - current.fromPass()) * size + offset - current.fromOffset();
        runs.add(new RunRecord(current.started(), updated, current.fromPass(), current.fromOffset(), pass, offset,
                written, current.end() != null ? current.end() : INTERRUPTED, current.stalls()));
        return new ResumePoint(pass, offset, badRanges, runs);
    }

    /** The request a resumed run is made with: this plan's method and options, the fault policy of now. */
    public WipeRequest request(FaultPolicy faults) {
        boolean blank = plan.passes().stream().anyMatch(Pass::blanking);
        return new WipeRequest(plan.method(), plan.verification(), blank, 0, 0, faults);
    }

    /** Every pass was written: resuming only reads the target back and writes the certificate. */
    public boolean allWritten() {
        return pass > plan.passes().size();
    }

    /** How much of the writes were done: 0.42. */
    public double fraction() {
        long total = identity.size() * plan.passes().size();
        return total == 0 ? 1 : Math.min(1, ((pass - 1) * identity.size() + offset) / (double) total);
    }

    /** "zero, pass 1 of 1 at 42 % (3 bad sectors), interrupted 2026-12-01T10:00:00Z after 2 runs". */
    public String describe() {
        int passes = plan.passes().size();
        String where = allWritten() ? "all passes written, the read-back and the certificate left"
                : String.format(Locale.ROOT, "pass %d of %d, %.0f%% of the writes done", pass, passes, 100 * fraction());
        long bad = badRanges.stream().mapToLong(BadRange::length).sum();
        int runs = earlier.size() + 1;
        return plan.method().name() + ", " + where + (bad > 0 ? " (" + Units.bytes(bad) + " in bad sectors)" : "") + ", "
                + (current.end() != null ? current.end() : "interrupted") + " at " + updated
                + (runs > 1 ? " after " + runs + " runs" : "");
    }

    ObjectNode toJson(ObjectMapper mapper) {
        ObjectNode n = mapper.createObjectNode();
        n.put("version", VERSION);
        n.put("path", path);
        ObjectNode d = n.putObject("device");
        d.put("kind", identity.kind());
        d.put("deviceNumber", identity.major() + ":" + identity.minor());
        d.put("inode", identity.inode());
        d.put("diskSequence", identity.diskseq());
        d.put("sizeBytes", identity.size());
        d.put("diskOffsetBytes", identity.diskOffset());
        d.put("serial", identity.serial());
        d.put("wwn", identity.wwn());
        d.put("model", identity.model());
        d.put("loopBacking", identity.loop());
        d.put("bootId", identity.bootId());
        n.set("plan", plan(mapper));
        n.put("pass", pass);
        n.put("offset", offset);
        ArrayNode bad = n.putArray("badRanges");
        badRanges.forEach(b -> bad.addObject().put("offset", b.offset()).put("length", b.length()).put("error", b.error())
                .put("pass", b.pass()).put("stage", b.stage().name()));
        ArrayNode runs = n.putArray("earlierRuns");
        for (RunRecord r : earlier) {
            ObjectNode o = runs.addObject();
            o.put("started", r.started().toString());
            o.put("ended", r.ended().toString());
            o.put("fromPass", r.fromPass());
            o.put("fromOffset", r.fromOffset());
            o.put("toPass", r.toPass());
            o.put("toOffset", r.toOffset());
            o.put("bytesWritten", r.bytesWritten());
            o.put("end", r.end());
            o.set("stalls", stalls(mapper, r.stalls()));
        }
        ObjectNode c = n.putObject("currentRun");
        c.put("started", current.started().toString());
        c.put("fromPass", current.fromPass());
        c.put("fromOffset", current.fromOffset());
        c.set("stalls", stalls(mapper, current.stalls()));
        if (current.end() != null) {
            c.put("end", current.end());
        }
        n.put("updated", updated.toString());
        n.put("certificate", certificate);
        return n;
    }

    private ObjectNode plan(ObjectMapper mapper) {
        ObjectNode p = mapper.createObjectNode();
        p.put("method", plan.method().name());
        ArrayNode passes = p.putArray("passes");
        for (Pass pass : plan.passes()) {
            ObjectNode o = passes.addObject();
            if (pass.pattern() instanceof Pattern.Random r) {
                o.put("randomKey", HexFormat.of().formatHex(r.key()));
            } else {
                o.put("repeat", HexFormat.of().formatHex(((Pattern.Repeating) pass.pattern()).unit()));
            }
            o.put("blanking", pass.blanking());
        }
        p.put("verification", plan.verification().text());
        p.put("blockSize", plan.blockSize());
        p.put("queueDepth", plan.queueDepth());
        p.put("randomBlockSize", plan.randomBlockSize());
        p.put("randomDepth", plan.randomDepth());
        p.put("keystream", plan.keystream());
        return p;
    }

    private static ArrayNode stalls(ObjectMapper mapper, List<Stall> stalls) {
        ArrayNode a = mapper.createArrayNode();
        stalls.forEach(s -> a.addObject().put("pass", s.pass()).put("stage", s.stage().name()).put("offset", s.offset())
                .put("millis", s.duration().toMillis()));
        return a;
    }

    /** @throws IOException naming what is missing or wrong */
    static Journal fromJson(JsonNode n) throws IOException {
        try {
            if (n.path("version").asInt() != VERSION) {
                throw new IOException("journal version " + n.path("version").asText("?") + " is not one this version reads");
            }
            JsonNode d = n.required("device");
            String[] number = d.required("deviceNumber").asText().split(":");
            ResumeIdentity identity = new ResumeIdentity(text(d, "kind"), Integer.parseInt(number[0]),
                    Integer.parseInt(number[1]), d.required("inode").asLong(), d.required("diskSequence").asLong(),
                    d.required("sizeBytes").asLong(), d.required("diskOffsetBytes").asLong(), text(d, "serial"),
                    text(d, "wwn"), text(d, "model"), text(d, "loopBacking"), text(d, "bootId"));
            List<BadRange> bad = new ArrayList<>();
            for (JsonNode b : n.required("badRanges")) {
                bad.add(new BadRange(b.required("offset").asLong(), b.required("length").asLong(), text(b, "error"),
                        b.required("pass").asInt(), Stage.valueOf(text(b, "stage"))));
            }
            List<RunRecord> earlier = new ArrayList<>();
            for (JsonNode r : n.required("earlierRuns")) {
                earlier.add(new RunRecord(Instant.parse(text(r, "started")), Instant.parse(text(r, "ended")),
                        r.required("fromPass").asInt(), r.required("fromOffset").asLong(), r.required("toPass").asInt(),
                        r.required("toOffset").asLong(), r.required("bytesWritten").asLong(), text(r, "end"),
                        stalls(r.required("stalls"))));
            }
            JsonNode c = n.required("currentRun");
            Run current = new Run(Instant.parse(text(c, "started")), c.required("fromPass").asInt(),
                    c.required("fromOffset").asLong(), stalls(c.required("stalls")), c.has("end") ? text(c, "end") : null);
            return new Journal(identity, text(n, "path"), plan(n.required("plan")), n.required("pass").asInt(),
                    n.required("offset").asLong(), bad, earlier, current, Instant.parse(text(n, "updated")),
                    n.path("certificate").asText(""));
        } catch (IllegalArgumentException | java.time.DateTimeException | ArrayIndexOutOfBoundsException e) {
            throw new IOException("not a journal Blockwipe can read: " + e.getMessage(), e);
        }
    }

    private static WipePlan plan(JsonNode p) throws IOException {
        List<Pass> passes = new ArrayList<>();
        for (JsonNode o : p.required("passes")) {
            Pattern pattern = o.has("randomKey") ? new Pattern.Random(HexFormat.of().parseHex(text(o, "randomKey")))
                    : new Pattern.Repeating(HexFormat.of().parseHex(text(o, "repeat")));
            passes.add(new Pass(passes.size() + 1, pattern, o.required("blanking").asBoolean()));
        }
        String name = text(p, "method");
        WipeMethod method = name.equals("custom")
                ? WipeMethods.custom(passes.stream().filter(x -> !x.blanking()).map(x -> x.pattern() instanceof Pattern.Repeating r
                        ? "0x" + HexFormat.of().formatHex(r.unit()) : "random").collect(Collectors.joining(",")))
                : WipeMethods.byName(name).orElseThrow(() -> new IOException("the journal names the method '" + name
                        + "', which this version does not have"));
        return new WipePlan(method, passes, Verification.parse(text(p, "verification")), p.required("blockSize").asInt(),
                p.required("queueDepth").asInt(), p.required("randomBlockSize").asInt(), p.required("randomDepth").asInt(),
                text(p, "keystream"));
    }

    private static List<Stall> stalls(JsonNode a) {
        List<Stall> out = new ArrayList<>();
        for (JsonNode s : a) {
            out.add(new Stall(s.required("pass").asInt(), Stage.valueOf(text(s, "stage")), s.required("offset").asLong(),
                    Duration.ofMillis(s.required("millis").asLong())));
        }
        return out;
    }

    private static String text(JsonNode n, String field) {
        return n.required(field).asText();
    }
}
