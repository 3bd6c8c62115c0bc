package dev.blockwipe.ui;

import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.Button;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCombination;

/**
 * One thing the window offers, with its label (mnemonic included) and when it is unavailable. The
 * toolbar button and the menu item are made from the same command, so they run the same action
 * and are disabled together.
 */
record Command(String text, Runnable action, ObservableBooleanValue disabled) {

    Command(String text, Runnable action) {
        this(text, action, new SimpleBooleanProperty(false));
    }

    Button button() {
        Button button = new Button(text);
        button.setOnAction(e -> action.run());
        button.disableProperty().bind(disabled);
        return button;
    }

    /** @param accelerator the key that runs it from anywhere in the window, or null */
    MenuItem item(KeyCombination accelerator) {
        MenuItem item = new MenuItem(text);
        item.setOnAction(e -> action.run());
        item.disableProperty().bind(disabled);
        item.setAccelerator(accelerator);
        return item;
    }
}
