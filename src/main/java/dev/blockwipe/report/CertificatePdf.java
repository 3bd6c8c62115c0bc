package dev.blockwipe.report;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.PassResult;
import dev.blockwipe.engine.job.RunRecord;
import dev.blockwipe.engine.job.SpeedAcrossDisk;
import dev.blockwipe.engine.job.ThroughputPoint;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.verify.VerifyResult;
import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * The certificate as an A4 PDF an auditor can read: a result banner, the facts of the device, the
 * sanitization and the host, the speed profile drawn as vectors, the signing key's fingerprint and
 * the verifier's sign-off lines on the first page; the pass table after it. Standard fonts only, so
 * the file renders anywhere; characters they cannot encode are spelled out.
 */
public final class CertificatePdf {
    private static final float MARGIN = 48;
    private static final float WIDTH = PDRectangle.A4.getWidth() - 2 * MARGIN;
    private static final float LABEL = 130;
    private static final float MARK_SIZE = 36;
    /** The space above a section's title, and what it needs below that to start on this page. */
    private static final float SECTION_GAP = 14;
    private static final float SECTION_ROOM = 40;
    /** The lines to sign with their captions. */
    private static final float SIGN_OFF_ROOM = 60;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    private static final Color GOOD = new Color(0x2e, 0x7d, 0x32);
    private static final Color BAD = new Color(0xc6, 0x28, 0x28);
    private static final Color WARN = new Color(0xd8, 0x5c, 0x00);
    private static final Color GREY = new Color(0x5f, 0x66, 0x73);
    private static final Color[] SERIES = {new Color(0x2d, 0x6c, 0xdf), new Color(0xf5, 0x7c, 0x00),
        new Color(0x6a, 0x1b, 0x9a), new Color(0x00, 0x83, 0x8f)};

    private final PDType1Font regular = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
    private final PDType1Font bold = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);
    private final Certificate cert;
    private PDDocument doc;
    private PDPageContentStream out;
    private float y;

    public CertificatePdf(Certificate cert) {
        this.cert = cert;
    }

    /**
     * Draws a throwaway page with the certificate's fonts, text, shapes and compression, into
     * nothing: the real certificate then finds PDFBox's classes, font metrics and glyph list loaded.
     */
    static void warmUp() throws IOException {
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(PDRectangle.A4);
            document.addPage(page);
            try (PDPageContentStream stream = new PDPageContentStream(document, page)) {
                float at = 100;
                for (Standard14Fonts.FontName name : new Standard14Fonts.FontName[] {Standard14Fonts.FontName.HELVETICA,
                    Standard14Fonts.FontName.HELVETICA_BOLD}) {
                    PDType1Font font = new PDType1Font(name);
                    stream.beginText();
                    stream.setFont(font, 10);
                    stream.newLineAtOffset(MARGIN, at += 20);
                    stream.showText(encodable(font, "Certificate 0123456789 MB/s, 64 MiB - " + font.getStringWidth("x")));
                    stream.endText();
                }
                stream.setNonStrokingColor(GOOD);
                stream.addRect(MARGIN, MARGIN, WIDTH, 34);
                stream.fill();
                new PdfMark(stream, MARGIN, MARGIN, MARK_SIZE).draw();
            }
            document.save(OutputStream.nullOutputStream());
        }
    }

    public void write(OutputStream stream) throws IOException {
        try (PDDocument document = new PDDocument()) {
            doc = document;
            PDDocumentInformation info = doc.getDocumentInformation();
            info.setTitle("Certificate of data sanitization: " + cert.result().target().path());
            info.setAuthor(cert.operator().name().isEmpty() ? "Blockwipe" : cert.operator().name());
            info.setCreator("Blockwipe " + cert.tool());
            info.setSubject(cert.outcome());
            firstPage();
            passTable();
            out.close();
            doc.save(stream);
        }
    }

    private void firstPage() throws IOException {
        newPage();
        WipeResult r = cert.result();
        mark();
        text(bold, 18, MARGIN, "Certificate of Data Sanitization");
        y -= 16;
        text(regular, 9, MARGIN, "Blockwipe " + cert.tool() + "  -  certificate " + cert.id() + "  -  "
                + TIME.format(cert.created()));
        y -= 12;
        banner();
        section("Device");
        fact("Device", r.target().path() + "  (" + cert.device().kind() + ", " + cert.device().transport() + ")");
        if (!cert.device().assetTag().isEmpty()) {
            fact("Asset tag", cert.device().assetTag());
        }
        fact("Model / vendor", joinOr("not reported", cert.device().model(), cert.device().vendor()));
        fact("Serial number", cert.device().serial().isEmpty() ? "none reported" : cert.device().serial());
        fact("WWN / firmware", joinOr("not reported", cert.device().wwn(), cert.device().firmware()));
        if (!cert.device().backingFile().isEmpty()) {
            fact("Backing file", cert.device().backingFile());
        }
        fact("Size", Units.bytes(r.target().size()) + " (" + r.target().size() + " bytes), blocks "
                + r.target().logicalBlockSize() + " / " + r.target().physicalBlockSize() + " bytes");
        fact("Found before", joinOr("nothing recognised", concat(cert.device().signatures(), cert.device().partitions())
                .toArray(String[]::new)));
        if (r.smartBefore().available() || r.smartAfter().available()) {
            fact("SMART before", r.smartBefore().summary().replaceFirst("^SMART: ", ""));
            fact("SMART after", r.smartAfter().summary().replaceFirst("^SMART: ", ""));
        }
        section("Sanitization");
        fact("Method", r.plan().method().title() + " (" + r.plan().method().name() + ")");
        fact("NIST SP 800-88", r.nist().label() + ", technique: " + r.plan().method().technique().label());
        if (!cert.limitations().isEmpty()) {
            fact("Limitation", String.join("; ", cert.limitations()));
        }
        fact("Passes", passPatterns(r));
        fact("Random data", r.plan().keystream());
        fact("Verification", verification(r));
        if (r.firmware() != null) {
            fact("Drive command", r.firmware().command() + (r.firmware().estimate().isEmpty() ? ""
                    : " (the drive estimated " + r.firmware().estimate() + ")"));
            fact("Drive status", r.firmware().outcome().driveStatus());
            fact("Canaries", r.firmware().canaries().planted().size() + " random blocks of "
                    + Units.bytes(r.firmware().canaries().blockBytes()) + " written before, "
                    + r.firmware().canaries().summary() + " when read back after");
            fact("Purge", ResultSummary.purge(r));
        }
        fact("Time", TIME.format(r.started()) + " to " + TIME.format(r.finished()) + " (" + Units.duration(r.duration()) + ")");
        fact("Throughput", "average " + Units.rate(cert.average()) + ", requests " + requests(r) + ", "
                + r.target().ioMode().label());
        fact("Bad sectors", r.badRanges().isEmpty() ? "none"
                : ResultSummary.badSectors(r) + ": " + ResultSummary.badRanges(r.badRanges(), 12));
        fact("Temperature", ResultSummary.temperature(r.temperatures()));
        if (!r.stalls().isEmpty()) {
            fact("Stalls", r.stalls().stream().map(ResultSummary::stall).collect(Collectors.joining("; ")));
        }
        List<RunRecord> runs = r.runs(cert.outcome());
        if (runs.size() > 1) {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                lines.add((i + 1) + ": " + run(runs.get(i), r.target().size()));
            }
            fact("Runs", String.join("; ", lines));
        }
        fact("Errors", r.errors().isEmpty() ? "none" : String.join("; ", r.errors()));
        if (!r.warnings().isEmpty()) {
            fact("Notes", String.join("; ", r.warnings()));
        }
        section("Host and operator");
        fact("Host", joinOr("unknown", cert.host().hostname(),
                cert.host().machineId().isEmpty() ? "" : "machine-id " + cert.host().machineId()));
        fact("System", cert.host().describeSystem());
        fact("Operator", joinOr("not named", cert.operator().name(), cert.operator().organisation()));
        section("Speed profile (MB/s over time, one colour per pass)");
        overTime();
        acrossDevice();
        String signed = "Ed25519, key " + cert.keyFingerprint();
        String check = "blockwipe report verify <certificate>.json  (the .json.sig beside it holds the signature)";
        // the signature, how to check it and the lines to sign on one page: near the end of the page,
        // the lines alone went over to a page of their own, which signed says nothing of what it signs
        ensure(SECTION_GAP + SECTION_ROOM + factHeight(signed) + factHeight(check) + 8 + SIGN_OFF_ROOM);
        section("Signature and sign-off");
        fact("Signed", signed);
        fact("Check", check);
        y -= 8;
        signOff();
    }

    /** The application's mark at the top right, level with the title. */
    private void mark() throws IOException {
        new PdfMark(out, MARGIN + WIDTH - MARK_SIZE, y - MARK_SIZE + 4, MARK_SIZE).draw();
        out.setNonStrokingColor(Color.BLACK);
    }

    private void banner() throws IOException {
        float height = 34;
        y -= height;
        WipeResult r = cert.result();
        boolean exceptBad = r.state() == FinalState.ERASED_EXCEPT_BAD_SECTORS;
        out.setNonStrokingColor(cert.erased() ? GOOD : exceptBad ? WARN : BAD);
        out.addRect(MARGIN, y, WIDTH, height);
        out.fill();
        out.setNonStrokingColor(Color.WHITE);
        String readBack = r.bytesVerified() > 0 ? "read back: no differences" : "not read back";
        String headline = exceptBad ? "ERASED EXCEPT " + r.badSectors() + (r.badSectors() == 1 ? " BAD SECTOR" : " BAD SECTORS")
                : cert.outcome().toUpperCase(Locale.ROOT);
        String detail = cert.erased() ? readBack : exceptBad ? "the rest " + readBack : r.state().name();
        String line = headline + "  -  " + detail;
        float room = WIDTH - 24;
        float size = Math.min(16, room / (bold.getStringWidth(line) / 1000));
        write(bold, size, MARGIN + 12, y + 12, line);
        out.setNonStrokingColor(Color.BLACK);
        y -= 6;
    }

    private void section(String title) throws IOException {
        y -= SECTION_GAP;
        ensure(SECTION_ROOM);
        text(bold, 11, MARGIN, title);
        y -= 3;
        out.setStrokingColor(GREY);
        out.setLineWidth(0.5f);
        out.moveTo(MARGIN, y);
        out.lineTo(MARGIN + WIDTH, y);
        out.stroke();
        y -= 2;
    }

    private void fact(String label, String value) throws IOException {
        List<String> lines = factLines(value);
        ensure(11 * lines.size() + 2);
        y -= 11;
        out.setNonStrokingColor(GREY);
        write(regular, 9, MARGIN, y, label);
        out.setNonStrokingColor(Color.BLACK);
        for (int i = 0; i < lines.size(); i++) {
            if (i > 0) {
                y -= 11;
            }
            write(regular, 9, MARGIN + LABEL, y, lines.get(i));
        }
    }

    private List<String> factLines(String value) throws IOException {
        return wrap(value, regular, 9, WIDTH - LABEL);
    }

    private float factHeight(String value) throws IOException {
        return 11 * factLines(value).size();
    }

    /** The passes' rates one after another over the time they took. */
    private void overTime() throws IOException {
        List<PassResult> passes = cert.result().passes();
        double total = passes.stream().mapToDouble(p -> p.duration().toNanos() / 1e9).sum();
        List<List<double[]>> lines = new ArrayList<>();
        double start = 0;
        for (PassResult p : passes) {
            List<double[]> line = new ArrayList<>();
            for (ThroughputPoint point : p.profile()) {
                line.add(new double[] {(start + point.seconds()) / total, point.bytesPerSecond()});
            }
            lines.add(line);
            start += p.duration().toNanos() / 1e9;
        }
        graph(total > 0 ? lines : List.of(), 100, "writes: " + Units.duration(Duration.ofMillis((long) (total * 1000))));
    }

    /**
     * Each write pass's rate in twenty regions from the device's start (left) to its end (right);
     * left out where no pass lasted long enough to place two samples on the device.
     */
    private void acrossDevice() throws IOException {
        long size = cert.result().target().size();
        List<List<double[]>> lines = new ArrayList<>();
        for (PassResult p : cert.result().passes()) {
            List<double[]> line = new ArrayList<>();
            for (SpeedAcrossDisk.Region r : SpeedAcrossDisk.drawable(p)) {
                if (!Double.isNaN(r.bytesPerSecond())) {
                    line.add(new double[] {r.middle() / size, r.bytesPerSecond()});
                }
            }
            lines.add(line);
        }
        if (lines.stream().allMatch(List::isEmpty)) {
            return;
        }
        section("Speed across the device (MB/s by position, write passes)");
        graph(lines, 60, "0 to " + Units.bytes(size));
    }

    /** A framed graph of MB/s, {@code height} points high, one line per pass in the pass's colour; x runs from 0 to 1. */
    private void graph(List<List<double[]>> lines, float height, String caption) throws IOException {
        ensure(height + 20);
        y -= height + 6;
        float left = MARGIN + 34;
        float width = WIDTH - 34;
        double max = lines.stream().flatMap(List::stream).mapToDouble(p -> p[1]).max().orElse(0) / 1e6;
        out.setStrokingColor(GREY);
        out.setLineWidth(0.5f);
        out.addRect(left, y, width, height);
        out.stroke();
        out.setNonStrokingColor(GREY);
        write(regular, 7, MARGIN, y + height - 7, String.format(Locale.ROOT, "%.0f", max));
        write(regular, 7, MARGIN, y, "0");
        write(regular, 7, left + width - 70, y - 9, caption);
        out.setNonStrokingColor(Color.BLACK);
        if (max <= 0) {
            write(regular, 9, left + 10, y + height / 2, "no throughput samples");
            return;
        }
        for (int i = 0; i < lines.size(); i++) {
            out.setStrokingColor(SERIES[i % SERIES.length]);
            out.setLineWidth(1f);
            boolean first = true;
            for (double[] point : lines.get(i)) {
                float px = (float) (left + width * point[0]);
                float py = (float) (y + height * point[1] / 1e6 / max);
                if (first) {
                    out.moveTo(px, py);
                    first = false;
                } else {
                    out.lineTo(px, py);
                }
            }
            if (!first) {
                out.stroke();
            }
        }
        out.setStrokingColor(Color.BLACK);
    }

    private void signOff() throws IOException {
        ensure(SIGN_OFF_ROOM);
        String[] fields = {"Verified by (name, title)", "Date", "Signature"};
        float column = WIDTH / 3;
        y -= 34;
        for (int i = 0; i < fields.length; i++) {
            float x = MARGIN + i * column;
            out.setStrokingColor(Color.BLACK);
            out.moveTo(x, y);
            out.lineTo(x + column - 16, y);
            out.stroke();
            out.setNonStrokingColor(GREY);
            write(regular, 8, x, y - 10, fields[i]);
        }
        out.setNonStrokingColor(Color.BLACK);
        y -= 14;
    }

    private void passTable() throws IOException {
        newPage();
        text(bold, 13, MARGIN, "Passes");
        y -= 8;
        float[] columns = {MARGIN, MARGIN + 22, MARGIN + 125, MARGIN + 240, MARGIN + 292, MARGIN + 355, MARGIN + 410};
        String[] head = {"#", "Pattern", "Started", "Duration", "Written", "MB/s avg (min-max)", "Read-back"};
        row(bold, columns, head);
        for (PassResult p : cert.result().passes()) {
            VerifyResult v = p.verification();
            row(regular, columns, new String[] {String.valueOf(p.number()), p.pattern() + (p.blanking() ? " (blank)" : ""),
                TIME.format(p.started()).replace(" UTC", ""), Units.duration(p.duration()), Units.bytes(p.bytesWritten()),
                String.format(Locale.ROOT, "%.0f (%.0f-%.0f)", p.averageRate() / 1e6, p.minRate() / 1e6, p.maxRate() / 1e6),
                v == null ? "" : v.passed() ? "OK" : v.mismatchedSectors() + " sectors differ"});
        }
        VerifyResult last = cert.result().verification();
        if (last != null) {
            y -= 10;
            fact("Final read-back", verificationText(last));
        }
    }

    private void row(PDType1Font font, float[] columns, String[] cells) throws IOException {
        ensure(14);
        y -= 13;
        for (int i = 0; i < cells.length; i++) {
            float room = (i + 1 < columns.length ? columns[i + 1] : MARGIN + WIDTH) - columns[i] - 4;
            List<String> lines = wrap(cells[i], font, 8, room);
            write(font, 8, columns[i], y, lines.isEmpty() ? "" : lines.get(0));
        }
    }

    /** The request shapes the passes and read-backs really made: "2 MiB x 2", or each in turn where they differ. */
    private static String requests(WipeResult r) {
        return Stream.concat(r.passes().stream().map(PassResult::requests), r.verifications().stream().map(VerifyResult::requests))
                .distinct().map(RequestShape::describe).collect(Collectors.joining(", ")) + " (size x in flight)";
    }

    private static String passPatterns(WipeResult r) {
        List<String> list = new ArrayList<>();
        r.plan().passes().forEach(p -> list.add(p.number() + ": " + p.pattern().describe() + (p.blanking() ? " (blanking)" : "")));
        return String.join(", ", list);
    }

    /** "2026-12-01 10:00:00 to 10:04:12 UTC, pass 1 at 0 B to pass 2 at 1.2 GiB, 3.4 GiB written: cancelled". */
    private static String run(RunRecord run, long size) {
        return TIME.format(run.started()).replace(" UTC", "") + " to " + TIME.format(run.ended()) + ", pass "
                + run.fromPass() + " at " + Units.bytes(run.fromOffset()) + " to " + reached(run, size) + ", "
                + Units.bytes(run.bytesWritten()) + " written: " + run.end();
    }

    private static String reached(RunRecord run, long size) {
        return run.toOffset() == 0 && run.toPass() > 1 ? "the end of pass " + (run.toPass() - 1)
                : "pass " + run.toPass() + " at " + Units.bytes(Math.min(run.toOffset(), size));
    }

    private static String verification(WipeResult r) {
        if (r.verifications().isEmpty()) {
            return r.plan().verification().text() + ": nothing read back";
        }
        long mismatched = r.mismatchedSectors();
        return r.plan().verification().text() + ": " + Units.bytes(r.bytesVerified()) + " read back, "
                + (mismatched == 0 ? "no differences" : mismatched + " sectors differ");
    }

    private static String verificationText(VerifyResult v) {
        return v.mode() + ", expected " + v.expected() + ": " + Units.bytes(v.bytesVerified()) + " of "
                + Units.bytes(v.bytesPlanned()) + (v.passed() ? ", no differences" : ", " + v.mismatchedSectors()
                + " sectors differ, first at byte " + v.firstMismatch());
    }

    private void newPage() throws IOException {
        if (out != null) {
            out.close();
        }
        PDPage page = new PDPage(PDRectangle.A4);
        doc.addPage(page);
        out = new PDPageContentStream(doc, page);
        y = PDRectangle.A4.getHeight() - MARGIN;
    }

    private void ensure(float room) throws IOException {
        if (y - room < MARGIN) {
            newPage();
        }
    }

    private void text(PDType1Font font, float size, float x, String s) throws IOException {
        y -= size;
        write(font, size, x, y, s);
    }

    private void write(PDType1Font font, float size, float x, float atY, String s) throws IOException {
        out.beginText();
        out.setFont(font, size);
        out.newLineAtOffset(x, atY);
        out.showText(encodable(font, s));
        out.endText();
    }

    /** Breaks {@code s} into lines that fit {@code width} points. */
    private static List<String> wrap(String s, PDType1Font font, float size, float width) throws IOException {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : encodable(font, s).split(" ")) {
            String candidate = line.length() == 0 ? word : line + " " + word;
            if (line.length() > 0 && font.getStringWidth(candidate) / 1000 * size > width) {
                lines.add(line.toString());
                line = new StringBuilder(word);
            } else {
                line = new StringBuilder(candidate);
            }
        }
        lines.add(line.toString());
        return lines;
    }

    /** The standard fonts speak WinAnsi: arrows and ticks are spelled out, anything else unknown becomes '?'. */
    static String encodable(PDType1Font font, String s) {
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            String c = new String(Character.toChars(cp));
            switch (c) {
                case "→" -> sb.append("->");
                case "✓" -> sb.append("OK");
                case "✗", "✖" -> sb.append("x");
                default -> {
                    try {
                        font.encode(c);
                        sb.append(c);
                    } catch (IllegalArgumentException | IOException e) {
                        sb.append('?');
                    }
                }
            }
        });
        return sb.toString();
    }

    /** The non-blank parts joined with ", ", or {@code otherwise} when all are blank. */
    private static String joinOr(String otherwise, String... parts) {
        List<String> kept = new ArrayList<>();
        for (String part : parts) {
            if (!part.isBlank()) {
                kept.add(part);
            }
        }
        return kept.isEmpty() ? otherwise : String.join(", ", kept);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
