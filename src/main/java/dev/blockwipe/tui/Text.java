package dev.blockwipe.tui;

import java.util.ArrayList;
import java.util.List;

/** Fitting text into terminal cells: cut to a width, padded to a width, broken into lines. */
final class Text {
    private Text() {
    }

    /** {@code s} in one line of {@code width} cells: cut, with "~" marking the cut (ASCII, for serial consoles), or padded with spaces. */
    static String fit(String s, int width) {
        if (width <= 0) {
            return "";
        }
        String one = s.replace('\n', ' ');
        if (one.length() > width) {
            return width == 1 ? one.substring(0, 1) : one.substring(0, width - 1) + "~";
        }
        return one + " ".repeat(width - one.length());
    }

    /** {@code s} broken at spaces into lines of at most {@code width} cells; a longer word is cut. */
    static List<String> wrap(String s, int width) {
        List<String> lines = new ArrayList<>();
        for (String paragraph : s.split("\n", -1)) {
            StringBuilder line = new StringBuilder();
            for (String word : paragraph.split(" ")) {
                while (word.length() > width) {
                    if (line.length() > 0) {
                        lines.add(line.toString());
                        line.setLength(0);
                    }
                    lines.add(word.substring(0, width));
                    word = word.substring(width);
                }
                if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                    lines.add(line.toString());
                    line.setLength(0);
                }
                if (line.length() > 0) {
                    line.append(' ');
                }
                line.append(word);
            }
            lines.add(line.toString());
        }
        return lines;
    }
}
