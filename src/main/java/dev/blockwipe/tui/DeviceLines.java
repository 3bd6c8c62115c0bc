package dev.blockwipe.tui;

import dev.blockwipe.engine.Units;
import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.RowFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The device tree of the window's {@link dev.blockwipe.ui.tree.DeviceTreeModel} as lines of text:
 * disks with their partitions indented under them, each with its tick box, size, what it is or
 * holds, and its verdict (or its job while one runs). Columns share the width that is left after
 * the fixed ones, so the lines fit 80 columns and use more where there are more.
 */
final class DeviceLines {
    private static final int TICK = 5;
    private static final int NAME = 14;
    private static final int SIZE = 10;

    private DeviceLines() {
    }

    /** One row of the tree and how deep it sits (0 for a disk or image, 1 for a partition). */
    record Line(DeviceRow row, int depth) {
    }

    /** The rows depth first: each disk followed by its partitions. */
    static List<Line> of(List<DeviceRow> roots) {
        List<Line> lines = new ArrayList<>();
        roots.forEach(r -> add(r, 0, lines));
        return lines;
    }

    private static void add(DeviceRow row, int depth, List<Line> lines) {
        lines.add(new Line(row, depth));
        row.children().forEach(c -> add(c, depth + 1, lines));
    }

    /** "[x]" ticked, "[ ]" may be ticked, " - " may not be (the state column says why). */
    static String tick(DeviceRow row) {
        return row.checkedProperty().get() ? "[x]" : row.checkableProperty().get() ? "[ ]" : " - ";
    }

    /**
     * The job on it while there is one ("wiping 42%", "erased"); else its verdict as the window's
     * column says it, "wipeable" or "confirm" (it holds data: the typed confirmation asks for more),
     * or why not.
     */
    static String state(DeviceRow row) {
        String job = row.jobProperty().get();
        if (!job.equals("idle")) {
            return job;
        }
        return row.checkableProperty().get() ? row.facts().verdict().level().toLowerCase(Locale.ROOT)
                : row.whyNotProperty().get();
    }

    /** A disk's kind and model (a loop device's backing file); a partition's contents, else its name in the table; and what uses it. */
    static String what(RowFacts f, boolean partition) {
        String first = partition ? (f.contents().isEmpty() ? f.model() : f.contents())
                : Stream.of(f.kind(), f.model()).filter(s -> !s.isEmpty()).collect(Collectors.joining(" "));
        String inside = partition || f.contents().isEmpty() ? "" : f.contents();
        return Stream.of(first, inside, f.usage()).filter(s -> !s.isEmpty()).map(Units::printable)
                .collect(Collectors.joining(" · "));
    }

    static String header(int width) {
        int what = whatWidth(width);
        return Text.fit(Text.fit("", TICK) + Text.fit("DEVICE", NAME) + Text.fit("SIZE", SIZE) + Text.fit("WHAT", what)
                + "STATE", width);
    }

    /** The row's line; the cursor's starts with a "starts with "&gt;"gt;", so that it shows on a terminal that cannot reverse. */
    static String format(Line line, int width, boolean cursor) {
        RowFacts f = line.row().facts();
        String name = "  ".repeat(line.depth()) + Units.printable(f.name());
        return Text.fit((cursor ? ">" : " ") + Text.fit(tick(line.row()), TICK - 1) + Text.fit(name, NAME - 1) + " "
                + Text.fit(Units.bytes(f.size()), SIZE - 1) + " " + Text.fit(what(f, line.depth() > 0), whatWidth(width) - 1)
                + " " + state(line.row()), width);
    }

    /** What and state share the rest, what a little more. */
    private static int whatWidth(int width) {
        return Math.max(12, (width - TICK - NAME - SIZE) * 11 / 20);
    }
}
