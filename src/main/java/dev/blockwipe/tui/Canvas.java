package dev.blockwipe.tui;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.TextGraphics;

/**
 * Where the console UI draws: whole lines of text, some reversed or bold, which read the same on a
 * terminal without colours (a serial console, a BMC's text console); where the terminal has
 * colours, blocked rows and failures are red and erased ones green.
 */
final class Canvas {
    enum Tone { PLAIN, GOOD, BAD }

    private final TextGraphics g;
    private final TerminalSize size;
    private final boolean colour;

    Canvas(TextGraphics g, TerminalSize size, boolean colour) {
        this.g = g;
        this.size = size;
        this.colour = colour;
    }

    int width() {
        return size.getColumns();
    }

    int height() {
        return size.getRows();
    }

    void line(int row, String text) {
        line(row, text, false, Tone.PLAIN);
    }

    /** A whole line, reversed (the cursor, the title and key bars) and in a tone where there are colours. */
    void line(int row, String text, boolean reversed, Tone tone) {
        if (row < 0 || row >= height()) {
            return;
        }
        g.clearModifiers();
        g.setForegroundColor(colour && tone == Tone.GOOD ? TextColor.ANSI.GREEN
                : colour && tone == Tone.BAD ? TextColor.ANSI.RED : TextColor.ANSI.DEFAULT);
        g.setBackgroundColor(TextColor.ANSI.DEFAULT);
        if (reversed) {
            g.enableModifiers(SGR.REVERSE);
        }
        g.putString(0, row, Text.fit(text, width()));
        g.clearModifiers();
        g.setForegroundColor(TextColor.ANSI.DEFAULT);
    }

    void bold(int row, String text) {
        if (row < 0 || row >= height()) {
            return;
        }
        g.clearModifiers();
        g.enableModifiers(SGR.BOLD);
        g.putString(0, row, Text.fit(text, width()));
        g.clearModifiers();
    }

    void clear() {
        for (int row = 0; row < height(); row++) {
            line(row, "");
        }
    }
}
