package dev.blockwipe.report;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.fault.BadRange;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.fault.Stall;
import dev.blockwipe.engine.job.ResumePoint;
import dev.blockwipe.engine.job.RunRecord;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipePlan;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
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
 * certificate. Immutable; each checkpoint makes a new one, which {@link Journals} writes as its
 * {@link JournalDocument}.
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

    /** The journal as its document, fields in their order. */
    JournalDocument document() {
        JournalDocument.Device device = new JournalDocument.Device(identity.kind(), identity.major() + ":" + identity.minor(),
                identity.inode(), identity.diskseq(), identity.size(), identity.diskOffset(), identity.serial(),
                identity.wwn(), identity.model(), identity.loop(), identity.bootId());
        List<JournalDocument.PlanPass> passes = plan.passes().stream().map(p -> p.pattern() instanceof Pattern.Random r
                ? new JournalDocument.PlanPass(HexFormat.of().formatHex(r.key()), null, p.blanking())
                : new JournalDocument.PlanPass(null, HexFormat.of().formatHex(((Pattern.Repeating) p.pattern()).unit()),
                        p.blanking())).toList();
        JournalDocument.Plan planned = new JournalDocument.Plan(plan.method().name(), passes, plan.verification().text(),
                plan.blockSize(), plan.queueDepth(), plan.randomBlockSize(), plan.randomDepth(), plan.keystream());
        return new JournalDocument(JournalDocument.VERSION, path, device, planned, pass, offset,
                badRanges.stream().map(b -> new JournalDocument.BadRange(b.offset(), b.length(), b.error(), b.pass(),
                        b.stage())).toList(),
                earlier.stream().map(r -> new JournalDocument.Run(r.started(), r.ended(), r.fromPass(), r.fromOffset(),
                        r.toPass(), r.toOffset(), r.bytesWritten(), r.end(), documented(r.stalls()))).toList(),
                new JournalDocument.CurrentRun(current.started(), current.fromPass(), current.fromOffset(),
                        documented(current.stalls()), current.end()),
                updated, certificate);
    }

    private static List<JournalDocument.Stall> documented(List<Stall> stalls) {
        return stalls.stream().map(s -> new JournalDocument.Stall(s.pass(), s.stage(), s.offset(), s.duration().toMillis()))
                .toList();
    }

    /**
     * The journal a document describes.
     *
     * @throws IOException naming what does not fit: a device number, a hex pattern, a method this
     *                     version does not have
     */
    static Journal of(JournalDocument d) throws IOException {
        try {
            String[] number = d.device().deviceNumber().split(":");
            ResumeIdentity identity = new ResumeIdentity(d.device().kind(), Integer.parseInt(number[0]),
                    Integer.parseInt(number[1]), d.device().inode(), d.device().diskSequence(), d.device().sizeBytes(),
                    d.device().diskOffsetBytes(), d.device().serial(), d.device().wwn(), d.device().model(),
                    d.device().loopBacking(), d.device().bootId());
            List<BadRange> bad = d.badRanges().stream().map(b -> new BadRange(b.offset(), b.length(), b.error(), b.pass(),
                    b.stage())).toList();
            List<RunRecord> earlier = d.earlierRuns().stream().map(r -> new RunRecord(r.started(), r.ended(), r.fromPass(),
                    r.fromOffset(), r.toPass(), r.toOffset(), r.bytesWritten(), r.end(), stalls(r.stalls()))).toList();
            JournalDocument.CurrentRun c = d.currentRun();
            Run current = new Run(c.started(), c.fromPass(), c.fromOffset(), stalls(c.stalls()), c.end());
            return new Journal(identity, d.path(), plan(d.plan()), d.pass(), d.offset(), bad, earlier, current, d.updated(),
                    d.certificate() == null ? "" : d.certificate());
        } catch (IllegalArgumentException | NullPointerException | ArrayIndexOutOfBoundsException e) {
            // a field missing or malformed in a journal whose signature holds (a defective writer) is
            // refused like one that cannot be read: where the wipe stopped cannot be told
            throw new IOException("not a journal Blockwipe can read: " + e, e);
        }
    }

    private static WipePlan plan(JournalDocument.Plan p) throws IOException {
        List<Pass> passes = new ArrayList<>();
        for (JournalDocument.PlanPass o : p.passes()) {
            Pattern pattern = o.randomKey() != null ? new Pattern.Random(HexFormat.of().parseHex(o.randomKey()))
                    : new Pattern.Repeating(HexFormat.of().parseHex(o.repeat()));
            passes.add(new Pass(passes.size() + 1, pattern, o.blanking()));
        }
        String name = p.method();
        WipeMethod method = name.equals("custom")
                ? WipeMethods.custom(passes.stream().filter(x -> !x.blanking()).map(x -> x.pattern() instanceof Pattern.Repeating r
                        ? "0x" + HexFormat.of().formatHex(r.unit()) : "random").collect(Collectors.joining(",")))
                : WipeMethods.byName(name).orElseThrow(() -> new IOException("the journal names the method '" + name
                        + "', which this version does not have"));
        return new WipePlan(method, passes, Verification.parse(p.verification()), p.blockSize(), p.queueDepth(),
                p.randomBlockSize(), p.randomDepth(), p.keystream());
    }

    private static List<Stall> stalls(List<JournalDocument.Stall> stalls) {
        return stalls.stream().map(s -> new Stall(s.pass(), s.stage(), s.offset(), Duration.ofMillis(s.millis()))).toList();
    }
}
