package dev.blockwipe.cli;

import java.io.PrintWriter;
import java.util.List;

/**
 * Text cut to a number of terminal columns, so that a table row or a progress line never wraps. One
 * character (code point) counts as one column: names and models are ASCII in practice, and a wide
 * (East Asian) character makes a line at most that much longer.
 */
final class Columns {
    static final String ELLIPSIS = "…";
    /** Spaces between the columns of a table. */
    static final int GAP = 2;

    private Columns() {
    }

    /** How many columns {@code text} takes. */
    static int width(String text) {
        return text.codePointCount(0, text.length());
    }

    /** {@code text}, or as much of its start as fits {@code width} followed by an ellipsis. */
    static String cut(String text, int width) {
        if (width(text) <= width) {
            return text;
        }
        if (width <= 0) {
            return "";
        }
        return text.substring(0, text.offsetByCodePoints(0, width - 1)) + ELLIPSIS;
    }

    /** {@code text}, or an ellipsis followed by as much of its end as fits {@code width}. */
    static String cutStart(String text, int width) {
        int over = width(text) - width;
        if (over <= 0) {
            return text;
        }
        if (width <= 0) {
            return "";
        }
        return ELLIPSIS + text.substring(text.offsetByCodePoints(0, over + 1));
    }

    /** {@code text} filled with spaces to {@code width} columns. */
    static String pad(String text, int width) {
        return text + " ".repeat(Math.max(0, width - width(text)));
    }

    /** Each column's width in {@code cells} (a header row and the rows under it): its longest cell's. */
    static int[] naturalWidths(List<String[]> cells) {
        int[] width = new int[cells.get(0).length];
        for (String[] r : cells) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], width(r[i]));
            }
        }
        return width;
    }

    /**
     * A table: each cell padded to its column's {@code width} and {@link #GAP}, a cell too long for
     * it cut with an ellipsis (a path at its start, so that the file name stays), each line at most
     * {@code columns} long.
     */
    static void print(PrintWriter out, List<String[]> cells, int[] width, int columns) {
        for (String[] r : cells) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                String cell = r[i].startsWith("/") ? cutStart(r[i], width[i]) : cut(r[i], width[i]);
                line.append(i == r.length - 1 ? cell : pad(cell, width[i] + GAP));
            }
            // Only a terminal too narrow for even the fixed columns gets here with a longer line.
            out.println(cut(line.toString().stripTrailing(), columns));
        }
    }
}
