package dev.blockwipe.ui;

import java.util.List;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;

/**
 * A toolbar whose secondary buttons give up their labels, keeping their icons and naming themselves
 * in a tooltip, when the window is too narrow for every label: at 1024 pixels (and at 1280 with
 * Identify and the filter) the last buttons went behind the toolbar's overflow arrow, where nobody
 * looks for Settings or the theme. The primary buttons always keep their words.
 */
final class ToolbarLabels {
    private final ToolBar bar;
    private final List<ButtonBase> secondary;
    /** The toolbar's width with every label, measured while they are shown. */
    private double labelled;

    private ToolbarLabels(ToolBar bar, List<ButtonBase> secondary) {
        this.bar = bar;
        this.secondary = secondary;
    }

    /** Drops {@code secondary}'s labels while {@code bar} is narrower than it needs with them. */
    static void giveWay(ToolBar bar, List<ButtonBase> secondary) {
        ToolbarLabels labels = new ToolbarLabels(bar, secondary);
        for (ButtonBase b : secondary) {
            if (b.getTooltip() == null) {
                b.setTooltip(new Tooltip(b.getText().replace("_", "")));
            }
        }
        bar.widthProperty().addListener((obs, was, now) -> labels.fit(now.doubleValue()));
    }

    private void fit(double width) {
        if (!compact()) {
            labelled = bar.prefWidth(-1);
        }
        boolean narrow = width < labelled;
        if (narrow != compact()) {
            secondary.forEach(b -> b.setContentDisplay(narrow ? ContentDisplay.GRAPHIC_ONLY : ContentDisplay.LEFT));
        }
    }

    private boolean compact() {
        return !secondary.isEmpty() && secondary.get(0).getContentDisplay() == ContentDisplay.GRAPHIC_ONLY;
    }
}
