package dev.blockwipe.ui;

import javafx.scene.Node;
import javafx.scene.control.Dialog;
import javafx.stage.Window;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The icons of the window: Ikonli's Feather line icons, which the theme colours with the text
 * around them. Dialog icons are larger and carry the colour of what they say (blockwipe.css).
 */
public final class Glyphs {
    /** Style class of a dialog's icon; with {@link Styles#PROBLEM} or {@link Styles#WARNING} it takes that colour. */
    public static final String DIALOG_ICON = "dialog-icon";

    private Glyphs() {
    }

    /** An icon the size of the text, for a button or menu item. */
    public static Node of(Ikon icon) {
        return FontIcon.of(icon);
    }

    /** A dialog's icon, in the colour of {@code styleClass} (an accent, {@link Styles#PROBLEM}, {@link Styles#WARNING}). */
    public static Node dialog(Ikon icon, String styleClass) {
        FontIcon glyph = FontIcon.of(icon);
        glyph.getStyleClass().addAll(DIALOG_ICON, styleClass);
        return glyph;
    }

    /** {@code dialog} with the icon of a question, in place of JavaFX's old "?" picture, styled as {@code owner}'s window. */
    public static <D extends Dialog<?>> D question(D dialog, Window owner) {
        return dressed(dialog, dialog(Feather.HELP_CIRCLE, Styles.ACCENT), owner);
    }

    /** {@code dialog} with the icon of an error, in place of JavaFX's old "!" picture. */
    public static <D extends Dialog<?>> D problem(D dialog, Window owner) {
        return dressed(dialog, dialog(Feather.ALERT_OCTAGON, Styles.PROBLEM), owner);
    }

    /** {@code dialog} with the icon of a warning: a confirmation before something that cannot be undone. */
    public static <D extends Dialog<?>> D warning(D dialog, Window owner) {
        return dressed(dialog, dialog(Feather.ALERT_TRIANGLE, Styles.WARNING), owner);
    }

    private static <D extends Dialog<?>> D dressed(D dialog, Node icon, Window owner) {
        dialog.setGraphic(icon);
        if (owner != null && owner.getScene() != null) {
            dialog.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        return dialog;
    }
}
