package dev.blockwipe.ui.dialogs;

import dev.blockwipe.ui.Styles;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;

/** "To confirm, type loop3 below:" and the field to type it in (id {@code confirmation}). */
public final class TypedConfirmationView {
    private final TextField field = new TextField();
    private final VBox box;

    public TypedConfirmationView(TypedConfirmation confirmation) {
        field.getStyleClass().add(Styles.CONFIRM_TEXT);
        field.setPromptText(confirmation.expected());
        field.textProperty().bindBidirectional(confirmation.typedProperty());
        field.setId("confirmation");
        box = new VBox(8, new Label("To confirm, type " + confirmation.expected() + " below:"), field);
    }

    public VBox node() {
        return box;
    }

    TextField field() {
        return field;
    }
}
