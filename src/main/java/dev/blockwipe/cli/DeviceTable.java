package dev.blockwipe.cli;

import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.engine.Units;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The `list` table: a tree like lsblk's, one row per disk and partition. By default six columns cut to
 * the terminal's width; wide, every column in full. Every cell is printable: models, labels and file
 * names come from devices and users and may hold control characters.
 */
final class DeviceTable {
    private static final String[] WIDE = {"NAME", "MAJ:MIN", "SIZE", "KIND", "MODEL", "SERIAL", "CONTENTS", "MOUNTS",
        "VERDICT", "WHY"};
    private static final String[] NARROW = {"NAME", "SIZE", "KIND", "MODEL", "VERDICT", "WHY"};
    private static final int NAME = 0;
    private static final int MODEL = 3;
    private static final int WHY = 5;
    /** The longest NAME the narrow table shows in full: "└─nvme10n1p12" and a little more. */
    private static final int NAME_MAX = 16;

    /** One device's cells in both tables. */
    private record Row(String[] wide, String[] narrow) {
    }

    private final List<Row> rows = new ArrayList<>();

    void disk(Disk d) {
        String model = d.facts().loop().backingFile().isEmpty() ? d.identity().model() : d.facts().loop().backingFile();
        rows.add(row(d.name(), d, d.kind().label(), model, d.identity().serial(), ""));
    }

    void partition(Partition p, boolean last) {
        String misaligned = p.alignment().aligned() ? "" : "misaligned: starts " + p.alignment().physicalOffset()
                + " bytes into a disk block";
        rows.add(row((last ? "└─" : "├─") + p.name(), p, "", p.signatures().entryName(), "", misaligned));
    }

    private static Row row(String name, Device d, String kind, String model, String serial, String note) {
        String contents = d.signatures().known()
                ? d.signatures().found().isEmpty() ? "" : d.signatures().describe()
                : "unknown";
        String mounts = String.join(",", d.usage().mountPoints().stream().filter(m -> m.startsWith("/")).toList());
        if (d.usage().swap()) {
            mounts = mounts.isEmpty() ? "[SWAP]" : mounts + ",[SWAP]";
        }
        SafetyVerdict v = d.verdict();
        String size = Units.bytes(d.size());
        // The narrow table has no CONTENTS column: its WHY says what a CONFIRM device holds.
        String why = v.blocked() ? v.describe() : "";
        String reason = v instanceof SafetyVerdict.Wipeable ? "" : v.describe();
        return new Row(
                printable(name, d.number().toString(), size, kind, model, serial, contents, mounts, v.level(),
                        joined(why, note)),
                printable(name, size, kind, model, v.level(), joined(reason, note)));
    }

    private static String joined(String a, String b) {
        return a.isEmpty() || b.isEmpty() ? a + b : a + "; " + b;
    }

    private static String[] printable(String... cells) {
        return Arrays.stream(cells).map(Units::printable).toArray(String[]::new);
    }

    /** Every column in full, each as wide as its longest cell. */
    void printWide(PrintWriter out) {
        List<String[]> cells = cells(WIDE, Row::wide);
        Columns.print(out, cells, Columns.naturalWidths(cells), Integer.MAX_VALUE);
    }

    /**
     * The narrow table in at most {@code columns} columns: NAME, SIZE, KIND and VERDICT as wide as they
     * need (NAME up to {@link #NAME_MAX}), MODEL and WHY share the rest; a cell too long for its column
     * is cut with an ellipsis, a path at its start so that the file name stays.
     */
    void print(PrintWriter out, int columns) {
        List<String[]> cells = cells(NARROW, Row::narrow);
        int[] width = Columns.naturalWidths(cells);
        width[NAME] = Math.min(width[NAME], NAME_MAX);
        int rest = columns - Columns.GAP * (width.length - 1);
        for (int i = 0; i < width.length; i++) {
            rest -= i == MODEL || i == WHY ? 0 : width[i];
        }
        if (width[MODEL] + width[WHY] > rest) {
            // WHY is the reason a device is blocked: it keeps at least three fifths when both are long.
            width[MODEL] = Math.min(width[MODEL], Math.max(rest - width[WHY], rest * 2 / 5));
            width[WHY] = rest - width[MODEL];
        }
        Columns.print(out, cells, width, columns);
    }

    private List<String[]> cells(String[] header, Function<Row, String[]> table) {
        List<String[]> all = new ArrayList<>();
        all.add(header);
        rows.stream().map(table).forEach(all::add);
        return all;
    }
}
