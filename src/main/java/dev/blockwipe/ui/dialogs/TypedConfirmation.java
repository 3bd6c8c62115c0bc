package dev.blockwipe.ui.dialogs;

import dev.blockwipe.service.ConfirmationWord;
import dev.blockwipe.ui.tree.RowFacts;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The confirmation of a write that destroys data: the user types what {@link ConfirmationWord}
 * asks, the device's name (one target, so it must be read) or "WIPE 3 TARGETS" (several). Used by
 * the wipe dialog and by the write benchmark, so both ask the same for the same risk.
 */
public final class TypedConfirmation {
    private final String expected;
    private final StringProperty typed = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper confirmed = new ReadOnlyBooleanWrapper();

    public TypedConfirmation(List<RowFacts> targets) {
        expected = ConfirmationWord.expected(targets.stream().map(RowFacts::name).toList());
        confirmed.bind(Bindings.createBooleanBinding(() -> ConfirmationWord.matches(typed.get(), expected), typed));
    }

    /** What the user must type. */
    public String expected() {
        return expected;
    }

    /** What the user typed. */
    public StringProperty typedProperty() {
        return typed;
    }

    /** The typed text matches. */
    public ReadOnlyBooleanProperty confirmedProperty() {
        return confirmed.getReadOnlyProperty();
    }
}
