package dev.blockwipe.cli;

/**
 * Text cut to a number of terminal columns, so that a table row or a progress line never wraps. One
 * character (code point) counts as one column: names and models are ASCII in practice, and a wide
 * (East Asian) character makes a line at most that much longer.
 */
final class Columns {
    static final String ELLIPSIS = "…";

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
}
