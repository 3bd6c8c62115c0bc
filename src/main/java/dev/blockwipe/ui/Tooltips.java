package dev.blockwipe.ui;

import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;

/** Tooltips that wrap: the explanations of verdicts and alignment run to several sentences. */
public final class Tooltips {
    private static final double WIDTH = 460;

    private Tooltips() {
    }

    public static Tooltip wrapped(String text) {
        Tooltip tip = new Tooltip(text);
        tip.setWrapText(true);
        tip.setMaxWidth(WIDTH);
        return tip;
    }

    /** Gives {@code label}, whose text may be cut, a tooltip that always holds the whole of it. */
    public static void wholeText(Labeled label) {
        Tooltip tip = wrapped("");
        tip.textProperty().bind(label.textProperty());
        label.setTooltip(tip);
    }
}
