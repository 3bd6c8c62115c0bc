package dev.blockwipe.report;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.fault.BadRange;
import dev.blockwipe.engine.fault.Stall;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.fault.ThermalPause;
import dev.blockwipe.engine.firmware.FirmwareRecord;
import dev.blockwipe.engine.io.ByteRange;
import dev.blockwipe.engine.job.PassResult;
import dev.blockwipe.engine.job.ResumePoint;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.NistClass;
import dev.blockwipe.engine.verify.VerifyResult;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/** One-line summaries of results, for people: the CLI prints them, the GUI shows them on job cards. */
public final class ResultSummary {
    private ResultSummary() {
    }

    public static String result(WipeResult r) {
        String path = Units.printable(r.target().path());
        return switch (r.state()) {
            case ERASED -> path + ": ERASED with " + r.plan().method().name() + " (" + passes(r) + "): "
                    + done(r) + writeRate(r) + ", " + verified(r) + "; " + Units.duration(r.duration()) + " in all" + stalls(r);
            case ERASED_EXCEPT_BAD_SECTORS -> path + ": ERASED EXCEPT " + r.badSectors()
                    + (r.badSectors() == 1 ? " BAD SECTOR (" : " BAD SECTORS (") + Units.bytes(r.badBytes()) + ")"
                    + " with " + r.plan().method().name() + " (" + passes(r) + "): " + done(r) + writeRate(r) + ", "
                    + verified(r) + "; bad: " + badRanges(r.badRanges(), 3) + "; " + Units.duration(r.duration())
                    + " in all" + stalls(r);
            case PURGED -> path + ": PURGED BY THE DRIVE with " + r.plan().method().name() + ": " + purge(r) + "; "
                    + Units.duration(r.duration()) + " in all";
            case UNPROVEN -> path + ": DONE, BUT NOT A PROVEN ERASURE with " + r.plan().method().name() + ": "
                    + Units.bytes(r.bytesWritten()) + " " + verb(r) + ", "
                    + (r.bytesVerified() > 0 ? Units.bytes(r.bytesVerified()) + " read back as written" : "not read back")
                    + "; " + r.unproven().replaceFirst("^no proof of erasure: ", "");
            case VERIFY_FAILED -> path + ": VERIFICATION FAILED after " + r.plan().method().name() + ": "
                    + (r.firmware() != null && !r.firmware().canaries().allChanged() ? purge(r)
                    : r.verifications().stream().filter(v -> !v.passed()).map(ResultSummary::verification)
                    .collect(Collectors.joining("; ")));
            case FAILED -> path + ": FAILED: " + withoutPath(path, r.errors().get(0)) + " ("
                    + Units.bytes(r.bytesWritten()) + " written before" + (r.badRanges().isEmpty() ? ""
                    : "; bad: " + badRanges(r.badRanges(), 3)) + ")" + stalls(r);
            case CANCELLED -> (r.allWritten()
                    ? path + ": CANCELLED during the read-back, every pass written and synced: " + readBack(r)
                    : path + ": CANCELLED at " + percentWritten(r) + " of the writes: " + Units.bytes(r.bytesWritten())
                    + " written and synced") + stalls(r);
        };
    }

    /**
     * Whether a firmware erase is NIST Purge, and why: the drive's word, the canaries and the
     * read-back where there is one, all three named ("Purge: the drive reported success, 64 of 64
     * canaries changed, every byte read back as 0x00"); null for other methods.
     */
    public static String purge(WipeResult r) {
        FirmwareRecord f = r.firmware();
        if (f == null) {
            return null;
        }
        String drive = f.outcome().succeeded() ? "the drive reported success"
                : "the drive reported " + (f.outcome().steps().isEmpty() ? "nothing (it was not asked)" : "failure: "
                + f.outcome().driveStatus());
        String canaries = "canaries " + f.canaries().summary();
        List<VerifyResult> reads = r.verifications();
        String readBack = reads.isEmpty() ? "nothing else read back (" + f.readsAs() + ")"
                : reads.stream().allMatch(VerifyResult::passed) ? "every byte read back as " + reads.get(0).expected()
                : reads.stream().filter(v -> !v.passed()).map(ResultSummary::verification).collect(Collectors.joining("; "));
        return (r.nist() == NistClass.PURGE ? "Purge: " : "not Purge: ") + drive + ", " + canaries + ", " + readBack;
    }

    /** "42%": how much of the writes were done, never rounded up to 100% while some are left. */
    public static String percentWritten(WipeResult r) {
        return (int) Math.floor(100 * r.writtenFraction()) + "%";
    }

    /**
     * "32 MiB written", or where bytes of the passes could not be written "32 MiB written except
     * 4 KiB" (never a rounded figure that hides them); "… by this run" for a resumed job, whose
     * earlier runs wrote the rest.
     */
    private static String done(WipeResult r) {
        long planned = r.passes().stream().mapToLong(PassResult::bytesPlanned).sum();
        long missing = planned - r.bytesWritten();
        String byRun = r.resumedFrom().equals(ResumePoint.START) ? "" : " by this run";
        return missing > 0 ? Units.bytes(planned) + " " + verb(r) + byRun + " except " + Units.bytes(missing)
                : Units.bytes(r.bytesWritten()) + " " + verb(r) + byRun;
    }

    /** "12 MiB of 32 MiB read back" for a read-back that was stopped. */
    private static String readBack(WipeResult r) {
        long planned = r.verifications().stream().mapToLong(VerifyResult::bytesPlanned).sum();
        return Units.bytes(r.bytesVerified()) + " of " + Units.bytes(planned) + " read back";
    }

    /** "3 bad sectors (1.5 KiB)". */
    public static String badSectors(WipeResult r) {
        long n = r.badSectors();
        return n + " bad sector" + (n == 1 ? "" : "s") + " (" + Units.bytes(r.badBytes()) + ")";
    }

    /**
     * "4096 bytes at offset 6291456 not written (EIO, pass 1); ..." for the first {@code limit}
     * ranges, and how many more there are.
     */
    public static String badRanges(List<BadRange> ranges, int limit) {
        String listed = ranges.stream().limit(limit).map(ResultSummary::badRange).collect(Collectors.joining("; "));
        return ranges.size() > limit ? listed + "; and " + (ranges.size() - limit) + " more" : listed;
    }

    public static String badRange(BadRange b) {
        return b.length() + " bytes at offset " + b.offset() + (b.stage() == Stage.VERIFY ? " unreadable" : " not written")
                + " (" + b.error() + (b.pass() > 0 ? ", pass " + b.pass() : ", read-back") + ")";
    }

    /**
     * "38 to 44 °C, last 41 °C (12 readings); limit 60 °C, writes paused once for 3 m 10 s (from 61 °C
     * in pass 1 at offset 1048576)", or "not reported".
     */
    public static String temperature(Temperatures t) {
        String seen = !t.reported() ? "not reported"
                : t.min() + " to " + t.max() + " °C, last " + t.last() + " °C (" + t.samples() + " reading"
                + (t.samples() == 1 ? "" : "s") + ")";
        if (t.limit() == 0) {
            return seen;
        }
        if (t.pauses().isEmpty()) {
            return seen + "; limit " + t.limit() + " °C, never reached";
        }
        Duration paused = t.pauses().stream().map(ThermalPause::duration).reduce(Duration.ZERO, Duration::plus);
        return seen + "; limit " + t.limit() + " °C, writes paused " + (t.pauses().size() == 1 ? "once" : t.pauses().size()
                + " times") + " for " + Units.duration(paused) + " (" + t.pauses().stream()
                .map(p -> "from " + p.celsius() + " °C in pass " + p.pass() + " at offset " + p.offset())
                .collect(Collectors.joining("; ")) + ")";
    }

    /** "stalled for 2 min 3 s at offset 1048576 (pass 1, write)". */
    public static String stall(Stall s) {
        return "stalled for " + Units.duration(s.duration()) + " at offset " + s.offset() + " ("
                + (s.pass() > 0 ? "pass " + s.pass() + ", " : "") + s.stage().label() + ")";
    }

    private static String stalls(WipeResult r) {
        if (r.stalls().isEmpty()) {
            return "";
        }
        Stall longest = r.stalls().stream().max(Comparator.comparing(Stall::duration)).orElseThrow();
        return "; " + r.stalls().size() + " request" + (r.stalls().size() == 1 ? "" : "s") + " stalled, the longest "
                + stall(longest);
    }

    private static String verified(WipeResult r) {
        if (r.bytesVerified() == 0) {
            return "not verified";
        }
        long unreadable = r.verifications().stream().mapToLong(VerifyResult::unreadableBytes).sum();
        return Units.bytes(r.bytesVerified()) + " verified, no differences"
                + (unreadable > 0 ? ", " + Units.bytes(unreadable) + " unreadable" : "");
    }

    public static String verification(VerifyResult v) {
        if (v.passed()) {
            return "OK: " + Units.bytes(v.bytesVerified()) + " all " + v.expected() + unread(v);
        }
        if (v.mismatchedSectors() == 0) {
            return "stopped after " + Units.bytes(v.bytesVerified()) + " of " + Units.bytes(v.bytesPlanned());
        }
        String ranges = v.mismatchRanges().stream().limit(3).map(ResultSummary::range).collect(Collectors.joining(", "));
        return v.mismatchedSectors() + " sector" + (v.mismatchedSectors() == 1 ? "" : "s") + " differ from "
                + v.expected() + ", the first at byte " + v.firstMismatch() + " (" + ranges
                + (v.mismatchRanges().size() > 3 ? ", ..." : "") + ")";
    }

    /** ", 4 KiB not read (bad), 512 B unreadable" where there were such. */
    private static String unread(VerifyResult v) {
        return (v.skippedBytes() > 0 ? ", " + Units.bytes(v.skippedBytes()) + " not read (could not be written)" : "")
                + (v.unreadableBytes() > 0 ? ", " + Units.bytes(v.unreadableBytes()) + " unreadable" : "");
    }

    private static String range(ByteRange r) {
        return "bytes " + r.offset() + "-" + (r.end() - 1);
    }

    /** What happened to the bytes: written, or zeroed or discarded by the device (nothing written). */
    private static String verb(WipeResult r) {
        return switch (r.plan().method().technique()) {
            case OVERWRITE -> "written";
            case ZERO_OUT -> "zeroed by the device";
            case DISCARD, SECURE_DISCARD -> "discarded";
            case FIRMWARE -> "erased by the drive";
        };
    }

    /**
     * "3 passes", or for a resumed job "3 passes, resumed in pass 2 at 11 MiB" ("resumed at the
     * read-back" when every pass had been written).
     */
    private static String passes(WipeResult r) {
        int n = r.plan().passes().size();
        ResumePoint from = r.resumedFrom();
        String resumed = from.equals(ResumePoint.START) ? ""
                : from.pass() > n ? ", resumed at the read-back"
                : ", resumed in pass " + from.pass() + " at " + Units.bytes(from.offset());
        return (n == 1 ? "1 pass" : n + " passes") + resumed;
    }

    private static String writeRate(WipeResult r) {
        double seconds = r.passes().stream().mapToDouble(p -> p.duration().toNanos() / 1e9).sum();
        long bytes = r.passes().stream().mapToLong(PassResult::bytesWritten).sum();
        return seconds > 0 ? " at " + Units.rate(bytes / seconds) : "";
    }

    /** Engine messages start with the path; the summary already does. */
    private static String withoutPath(String path, String message) {
        return message.startsWith(path + ": ") ? message.substring(path.length() + 2) : message;
    }
}
