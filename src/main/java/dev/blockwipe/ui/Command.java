package dev.blockwipe.ui;

import java.util.Optional;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.Button;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;

/**
 * One thing the window offers, with its label (mnemonic included) and when it is unavailable. The
 * toolbar button and the menu item are made from the same command, so they run the same action
 * and are disabled together, and show the same icon.
 */
record Command(String text, Runnable action, ObservableBooleanValue disabled, Optional<Ikon> icon) {

    Command(String text, Runnable action, ObservableBooleanValue disabled) {
        this(text, action, disabled, Optional.empty());
    }

    Command(String text, Runnable action) {
        this(text, action, new SimpleBooleanProperty(false));
    }

    /** The same command with {@code glyph} on its button and menu item. */
    Command withIcon(Ikon glyph) {
        return new Command(text, action, disabled, Optional.of(glyph));
    }

    Button button() {
        Button button = new Button(text);
        button.setOnAction(e -> action.run());
        button.disableProperty().bind(disabled);
        icon.ifPresent(i -> button.setGraphic(Glyphs.of(i)));
        return button;
    }

    /** @param accelerator the key that runs it from anywhere in the window, or null */
    MenuItem item(KeyCombination accelerator) {
        MenuItem item = new MenuItem(text);
        item.setOnAction(e -> action.run());
        item.disableProperty().bind(disabled);
        item.setAccelerator(accelerator);
        icon.ifPresent(i -> item.setGraphic(Glyphs.of(i)));
        return item;
    }
}
