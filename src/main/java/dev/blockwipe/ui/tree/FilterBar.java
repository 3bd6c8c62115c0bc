package dev.blockwipe.ui.tree;

import dev.blockwipe.ui.Styles;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * Above the device tree: the search field (Ctrl+F; Escape empties it and goes back to the tree),
 * hide loop devices, hide blocked, the order, collapse and expand all, and what the filter hides,
 * with a link that shows everything again. It only binds to the {@link TreeFilterModel}.
 */
public final class FilterBar {
    /** Ctrl+F: the keyboard to the search field. */
    public static final KeyCombination FIND = new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN);

    private final FlowPane bar = new FlowPane(8, 4);
    private final TextField search = new TextField();

    public FilterBar(TreeFilterModel filter, DeviceTreeView tree) {
        search.setId("search");
        search.setPromptText("Search name, model, serial");
        search.setPrefColumnCount(14);
        search.setTooltip(new Tooltip("Shows the rows whose name, path, model, serial or WWN contain this text (Ctrl+F;"
                + " Escape empties it)"));
        search.textProperty().bindBidirectional(filter.searchProperty());
        search.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                search.clear();
                tree.node().requestFocus();
                e.consume();
            }
        });
        CheckBox hideLoop = new CheckBox("Hide loop devices");
        hideLoop.setId("hide-loop");
        hideLoop.selectedProperty().bindBidirectional(filter.hideLoopProperty());
        CheckBox hideBlocked = new CheckBox("Hide blocked");
        hideBlocked.setId("hide-blocked");
        hideBlocked.setTooltip(new Tooltip("Hides the rows Blockwipe refuses to wipe: the system disk, mounted, in use"));
        hideBlocked.selectedProperty().bindBidirectional(filter.hideBlockedProperty());
        ChoiceBox<RowOrder> order = new ChoiceBox<>();
        order.setId("order");
        order.getItems().setAll(RowOrder.values());
        order.setConverter(new StringConverter<>() {
            @Override
            public String toString(RowOrder o) {
                return o == null ? "" : o.label();
            }

            @Override
            public RowOrder fromString(String label) {
                throw new UnsupportedOperationException("the order is chosen, never typed");
            }
        });
        order.valueProperty().bindBidirectional(filter.orderProperty());
        Label sortBy = new Label("Sort by");
        sortBy.setLabelFor(order);
        Button collapse = new Button("Collapse all");
        collapse.setId("collapse-all");
        collapse.setOnAction(e -> tree.collapseAll());
        Button expand = new Button("Expand all");
        expand.setId("expand-all");
        expand.setOnAction(e -> tree.expandAll());
        bar.getChildren().addAll(search, hideLoop, hideBlocked, row(sortBy, order), row(collapse, expand), hidden(filter));
        bar.getStyleClass().add(Styles.FILTER_BAR);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.sceneProperty().addListener((obs, was, now) -> findWith(was, now));
    }

    public Node node() {
        return bar;
    }

    /** The device tree under its filter bar. */
    public static VBox over(TreeFilterModel filter, DeviceTreeView tree) {
        VBox box = new VBox(new FilterBar(filter, tree).node(), tree.node());
        VBox.setVgrow(tree.node(), Priority.ALWAYS);
        return box;
    }

    /** What the filter hides, and a link that shows everything again; nothing while nothing is hidden. */
    private static HBox hidden(TreeFilterModel filter) {
        Label count = new Label();
        count.setId("hidden-count");
        count.textProperty().bind(filter.summaryProperty());
        count.getStyleClass().add(Styles.WARNING);
        Hyperlink clear = new Hyperlink("Show all");
        clear.setId("clear-filter");
        clear.setOnAction(e -> filter.clear());
        HBox box = row(count, clear);
        box.setId("hidden");
        box.visibleProperty().bind(filter.hiddenProperty().greaterThan(0));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private static HBox row(Node... nodes) {
        HBox box = new HBox(4, nodes);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /** Ctrl+F anywhere in the window goes to the search field. */
    private void findWith(Scene was, Scene now) {
        if (was != null) {
            was.getAccelerators().remove(FIND);
        }
        if (now != null) {
            now.getAccelerators().put(FIND, () -> {
                search.requestFocus();
                search.selectAll();
            });
        }
    }
}
