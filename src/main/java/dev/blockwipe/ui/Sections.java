package dev.blockwipe.ui;

import javafx.scene.control.Label;

/** The bold title over a part of a window or dialog. */
public final class Sections {
    private Sections() {
    }

    public static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.SECTION_TITLE);
        return l;
    }
}
