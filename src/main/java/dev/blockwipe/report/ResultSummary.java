package dev.blockwipe.report;

import dev.blockwipe.engine.ByteRange;
import dev.blockwipe.engine.PassResult;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.VerifyResult;
import dev.blockwipe.engine.WipeResult;
import java.util.Locale;
import java.util.stream.Collectors;

/** One-line summaries of results, for people: the CLI prints them, the GUI shows them on job cards. */
public final class ResultSummary {
    private ResultSummary() {
    }

    public static String result(WipeResult r) {
        String path = Units.printable(r.target().path());
        long planned = r.target().size() * r.plan().passes().size();
        return switch (r.state()) {
            case ERASED -> path + ": ERASED with " + r.plan().method().name() + " (" + passes(r) + "): "
                    + Units.bytes(r.bytesWritten()) + " " + verb(r) + writeRate(r) + ", "
                    + (r.bytesVerified() > 0 ? Units.bytes(r.bytesVerified()) + " verified, no differences" : "not verified")
                    + "; " + Units.duration(r.duration()) + " in all";
            case UNPROVEN -> path + ": DONE, BUT NOT A PROVEN ERASURE with " + r.plan().method().name() + ": "
                    + Units.bytes(r.bytesWritten()) + " " + verb(r) + ", "
                    + (r.bytesVerified() > 0 ? Units.bytes(r.bytesVerified()) + " read back as written" : "not read back")
                    + "; " + r.unproven().replaceFirst("^no proof of erasure: ", "");
            case VERIFY_FAILED -> path + ": VERIFICATION FAILED after " + r.plan().method().name() + ": "
                    + r.verifications().stream().filter(v -> !v.passed()).map(ResultSummary::verification)
                    .collect(Collectors.joining("; "));
            case FAILED -> path + ": FAILED: " + withoutPath(path, r.errors().get(0)) + " ("
                    + Units.bytes(r.bytesWritten()) + " written before)";
            case CANCELLED -> String.format(Locale.ROOT, "%s: CANCELLED at %.0f%% of the writes: %s of %s written and synced",
                    path, planned == 0 ? 0 : 100.0 * r.bytesWritten() / planned, Units.bytes(r.bytesWritten()),
                    Units.bytes(planned));
        };
    }

    public static String verification(VerifyResult v) {
        if (v.passed()) {
            return "OK: " + Units.bytes(v.bytesVerified()) + " all " + v.expected();
        }
        if (v.mismatchedSectors() == 0) {
            return "stopped after " + Units.bytes(v.bytesVerified()) + " of " + Units.bytes(v.bytesPlanned());
        }
        String ranges = v.mismatchRanges().stream().limit(3).map(ResultSummary::range).collect(Collectors.joining(", "));
        return v.mismatchedSectors() + " sector" + (v.mismatchedSectors() == 1 ? "" : "s") + " differ from "
                + v.expected() + ", the first at byte " + v.firstMismatch() + " (" + ranges
                + (v.mismatchRanges().size() > 3 ? ", ..." : "") + ")";
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
        };
    }

    private static String passes(WipeResult r) {
        int n = r.passes().size();
        return n == 1 ? "1 pass" : n + " passes";
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
