package dev.blockwipe.report;

import dev.blockwipe.devices.NaturalOrder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * One line of a list of certificates, the same in the window's Certificates dialog and in {@code
 * blockwipe report list}: when, which device (serial, the owner's asset tag), how, and the result.
 *
 * @param json    the certificate's file
 * @param created when it was made, date and time in UTC ("2026-12-05 16:12:04 UTC"), or empty
 * @param outcome its result, or "unreadable: " and why
 * @param problem why the file could not be read, or null
 */
public record CertificateListing(Path json, String created, String device, String serial, String assetTag,
                                 String method, String outcome, String problem) {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    /** A column of the list: its heading and what it shows of a line. */
    public enum Column {
        DATE("Date", CertificateListing::created),
        DEVICE("Device", CertificateListing::device),
        SERIAL("Serial", CertificateListing::serial),
        ASSET_TAG("Asset tag", CertificateListing::assetTag),
        METHOD("Method", CertificateListing::method),
        RESULT("Result", CertificateListing::outcome);

        private final String heading;
        private final Function<CertificateListing, String> value;

        Column(String heading, Function<CertificateListing, String> value) {
            this.heading = heading;
            this.value = value;
        }

        public String heading() {
            return heading;
        }

        public String of(CertificateListing line) {
            String v = value.apply(line);
            return v == null ? "" : v;
        }
    }

    static CertificateListing of(Path json, CertificateDocument c) {
        return new CertificateListing(json, WHEN.format(c.created()), c.device().name(), c.device().serial(),
                c.device().assetTag(), c.sanitization().method(), c.result().outcome(), null);
    }

    /**
     * Newest first, those of one second in the devices' natural order (loop2 before loop10: a
     * batch's certificates share their second, and their files' names put loop10 first); lines
     * without a date (unreadable files) last.
     */
    static final Comparator<CertificateListing> NEWEST_FIRST = Comparator
            .comparing(CertificateListing::created, Comparator.reverseOrder())
            .thenComparing(CertificateListing::device, NaturalOrder.INSTANCE);

    /**
     * The certificates of {@code store} in {@link #NEWEST_FIRST} order; a file that cannot be read
     * is a line that says so, and the list goes on. Slow: reads every file.
     */
    public static List<CertificateListing> read(ReportStore store) throws IOException {
        List<CertificateListing> list = new ArrayList<>();
        for (Path json : store.list()) {
            try {
                list.add(of(json, store.read(json)));
            } catch (IOException e) {
                list.add(new CertificateListing(json, "", "", "", "", "", "unreadable: " + e.getMessage(),
                        e.getMessage()));
            }
        }
        list.sort(NEWEST_FIRST);
        return list;
    }

    /**
     * The columns that have a value in at least one line, in their order: a column empty in every
     * line (no certificate has an asset tag, say) says nothing and is left out. Date, device and
     * result always show.
     */
    public static List<Column> shown(List<CertificateListing> lines) {
        return Arrays.stream(Column.values()).filter(c -> c == Column.DATE || c == Column.DEVICE
                || c == Column.RESULT || lines.stream().anyMatch(l -> !c.of(l).isEmpty())).toList();
    }
}
