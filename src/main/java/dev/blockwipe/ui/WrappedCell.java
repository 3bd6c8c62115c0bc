package dev.blockwipe.ui;

import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Control;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.text.Text;

/**
 * A table cell that shows its whole text, wrapped to its column's width (a cut line would hide
 * the end of a verdict's reason or a path); the row grows to fit it. The text takes the cell's
 * colour, so themes and the selected row colour it as they colour any cell.
 */
final class WrappedCell<S> extends TableCell<S, String> {
    /** The cell's left and right padding, which the text must leave. */
    private static final double PADDING = 12;

    private final Text text = new Text();

    WrappedCell(TableColumn<S, String> column) {
        text.wrappingWidthProperty().bind(column.widthProperty().subtract(PADDING));
        text.fillProperty().bind(textFillProperty());
        text.fontProperty().bind(fontProperty());
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        setPrefHeight(Control.USE_COMPUTED_SIZE);
    }

    @Override
    protected void updateItem(String value, boolean empty) {
        super.updateItem(value, empty);
        text.setText(empty || value == null ? "" : value);
        setGraphic(empty || value == null ? null : text);
    }
}
