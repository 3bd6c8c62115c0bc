package dev.blockwipe.ui.identify;

import dev.blockwipe.ui.Tooltips;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * The status bar's part for Identify: a line per device that shows itself, saying how, with its
 * Stop button; nothing while none does.
 */
public final class IdentifyBar {
    private final HBox box = new HBox(12);

    public IdentifyBar(IdentifyModel model) {
        box.setId("identify-bar");
        model.showing().addListener((ListChangeListener<IdentifyModel.Showing>) change -> show(model));
        show(model);
    }

    public Region node() {
        return box;
    }

    private void show(IdentifyModel model) {
        box.getChildren().setAll(model.showing().stream().map(IdentifyBar::line).toList());
    }

    private static Node line(IdentifyModel.Showing shown) {
        Label what = new Label();
        what.textProperty().bind(shown.methodProperty().map(method -> "Identifying " + shown.name() + ": " + method));
        // the line is long ("…: the reads go to the disk under its backing file"); at 1024 px it
        // squeezed Stop to "..." : the text gives way, whole in its tooltip
        what.setMinWidth(0);
        Tooltips.wholeText(what);
        Button stop = new Button("Stop");
        stop.setId("stop-identify-" + shown.name());
        stop.setMinWidth(Region.USE_PREF_SIZE);
        stop.setOnAction(e -> shown.stop());
        HBox line = new HBox(6, what, stop);
        line.setAlignment(Pos.CENTER_LEFT);
        return line;
    }
}
