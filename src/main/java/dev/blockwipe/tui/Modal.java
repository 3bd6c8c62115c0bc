package dev.blockwipe.tui;

import com.googlecode.lanterna.input.KeyStroke;

/**
 * A question that holds the screen until it is answered (the wipe form, a yes/no, a message):
 * the console's loop keeps running the view models' work and drawing while it is open, as a
 * JavaFX dialog's showAndWait keeps the FX thread's events going.
 */
interface Modal {
    /** Draws the whole screen. */
    void draw(Canvas c);

    /** Takes a key stroke; true when the question is answered (or dismissed). */
    boolean key(KeyStroke k);

    /** Runs modals until they are answered: the console's loop. */
    @FunctionalInterface
    interface Runner {
        void run(Modal m);
    }
}
