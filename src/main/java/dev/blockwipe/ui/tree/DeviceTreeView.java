package dev.blockwipe.ui.tree;

import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.engine.Units;
import dev.blockwipe.ui.Styles;
import dev.blockwipe.ui.Tooltips;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongSupplier;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.css.PseudoClass;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * Disks with their partitions, and image files: a check box per row (disabled, with the reason as
 * tooltip, where the row may not be wiped), identity, size, kind badge, contents, usage, verdict
 * (with the reason when blocked) and job state. Space checks the selected row. Tree items are kept per row, so rescans keep
 * what is expanded; the row of a device that vanished is greyed until it goes. The selection is the
 * model's, by row: only the user moves it, whatever the tree does meanwhile ({@link #changing}); the
 * rows keep still under the pointer ({@link SteadyRows}). Tab into the tree lands on the selected row.
 */
public final class DeviceTreeView {
    private final TreeTableView<DeviceRow> table = new TreeTableView<>();
    private final Map<DeviceRow, TreeItem<DeviceRow>> items = new HashMap<>();
    /** Per tree item, how to stop it following its rows (once the item has left the tree). */
    private final Map<TreeItem<DeviceRow>, Runnable> unmirror = new HashMap<>();
    private final DeviceTreeModel vm;
    private final TreeFilterModel filter;
    private final SteadyRows steady;
    /** Above zero while the view changes the tree itself: the selection's moves then are not the user's. */
    private int changing;

    /**
     * @param filter which rows are shown, in which order
     */
    public DeviceTreeView(DeviceTreeModel vm, TreeFilterModel filter) {
        this(vm, filter, System::nanoTime);
    }

    /**
     * @param clock nanoseconds, for how long ago a row moved ({@link SteadyRows})
     */
    DeviceTreeView(DeviceTreeModel vm, TreeFilterModel filter, LongSupplier clock) {
        this.vm = vm;
        this.filter = filter;
        this.steady = new SteadyRows(table, clock);
        TreeItem<DeviceRow> root = new TreeItem<>();
        table.setRoot(root);
        table.setShowRoot(false);
        table.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("Reading devices…"));
        TreeTableColumn<DeviceRow, String> device = deviceColumn();
        table.getColumns().addAll(List.of(checkColumn(), device,
                text("Model", 150, f -> f.model()), text("Serial", 110, RowFacts::serial),
                fixed(text("Size", 75, f -> Units.bytes(f.size())), 72), fixed(kindColumn(), 90),
                text("Contents", 170, RowFacts::contents), text("Usage", 150, RowFacts::usage),
                fixed(verdictColumn(), 108), fixed(jobColumn(), 96)));
        table.setTreeColumn(device);
        table.setRowFactory(t -> new RemovedAwareRow());
        mirror(filter.shown(), root);
        table.getSelectionModel().selectedItemProperty().addListener((obs, was, now) -> {
            if (changing == 0) {
                vm.selectedProperty().set(now == null ? null : now.getValue());
            }
        });
        vm.selectedProperty().addListener((obs, was, now) -> showSelection());
        table.focusedProperty().addListener((obs, was, now) -> {
            if (now) {
                focusSelectedRow();
            }
        });
        table.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            TreeItem<DeviceRow> item = table.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.SPACE && item != null) {
                DeviceRow row = item.getValue();
                if (row.checkableProperty().get()) {
                    row.checkedProperty().set(!row.checkedProperty().get());
                }
                e.consume();
            }
        });
    }

    /** A row greyed (pseudo-class {@code :removed}) while its device is shown as gone. */
    private static final class RemovedAwareRow extends TreeTableRow<DeviceRow> {
        private static final PseudoClass REMOVED = PseudoClass.getPseudoClass("removed");
        private final ChangeListener<Boolean> removed = (obs, was, now) -> pseudoClassStateChanged(REMOVED, now);
        private DeviceRow shown;

        @Override
        protected void updateItem(DeviceRow row, boolean empty) {
            super.updateItem(row, empty);
            if (shown != null) {
                shown.removedProperty().removeListener(removed);
            }
            shown = empty ? null : row;
            if (shown != null) {
                shown.removedProperty().addListener(removed);
            }
            pseudoClassStateChanged(REMOVED, shown != null && shown.removedProperty().get());
        }
    }

    public TreeTableView<DeviceRow> node() {
        return table;
    }

    /** Gives the keyboard to the tree, on its selected row: where it goes back after every dialog. */
    public void focusSelected() {
        table.requestFocus();
        focusSelectedRow();
    }

    private void focusSelectedRow() {
        int index = table.getSelectionModel().getSelectedIndex();
        if (index >= 0) {
            table.getFocusModel().focus(index);
        }
    }

    /**
     * Runs a change the view makes to the tree, then selects the model's selected row again: the
     * control moves or drops its selection when items above it come, go or move (removing several
     * at once, it picked a neighbour), and the model must never follow that.
     */
    private void changing(Runnable change) {
        changing++;
        try {
            change.run();
        } finally {
            changing--;
        }
        if (changing == 0) {
            showSelection();
        }
    }

    /** The model's selected row selected in the control, or nothing; a row hidden in a collapsed disk is left as it is. */
    private void showSelection() {
        DeviceRow row = vm.selectedProperty().get();
        TreeItem<DeviceRow> item = row == null ? null : items.get(row);
        TreeTableView.TreeTableViewSelectionModel<DeviceRow> selection = table.getSelectionModel();
        int index = item == null ? -1 : table.getRow(item);
        changing++;
        try {
            if (item == null) {
                selection.clearSelection();
            } else if (index >= 0 && (selection.getSelectedIndex() != index || selection.getSelectedItem() != item)) {
                selection.clearAndSelect(index);
            }
        } finally {
            changing--;
        }
    }

    /**
     * Keeps {@code parent}'s children in step with {@code rows}, reusing each row's tree item and
     * touching only what changed: a device that comes or goes is one insertion or removal, so the
     * selection and the rows under the mouse stay where they are (replacing the whole list cleared
     * the selection on every hot-plug).
     */
    private void mirror(ObservableList<DeviceRow> rows, TreeItem<DeviceRow> parent) {
        Runnable sync = () -> changing(() -> {
            steady.changing();
            List<TreeItem<DeviceRow>> wanted = rows.stream().map(this::item).toList();
            ObservableList<TreeItem<DeviceRow>> children = parent.getChildren();
            List<TreeItem<DeviceRow>> gone = children.stream().filter(c -> !wanted.contains(c)).toList();
            children.removeAll(gone);
            gone.forEach(this::forget);
            for (int i = 0; i < wanted.size(); i++) {
                TreeItem<DeviceRow> item = wanted.get(i);
                if (i >= children.size() || children.get(i) != item) {
                    children.remove(item);
                    children.add(i, item);
                }
            }
        });
        ListChangeListener<DeviceRow> follow = c -> sync.run();
        rows.addListener(follow);
        unmirror.put(parent, () -> rows.removeListener(follow));
        sync.run();
    }

    /** The item of a row that went or was hidden, and its partitions' items: they no longer follow their rows. */
    private void forget(TreeItem<DeviceRow> item) {
        items.remove(item.getValue());
        unmirror.remove(item).run();
        item.getChildren().forEach(this::forget);
    }

    /**
     * Collapse all: every disk shows only its own row. A selected partition is no longer selected
     * (the table would select its disk, and Space would then tick the whole disk).
     */
    public void collapseAll() {
        TreeItem<DeviceRow> chosen = table.getSelectionModel().getSelectedItem();
        if (chosen != null && chosen.getParent() != table.getRoot()) {
            table.getSelectionModel().clearSelection();
        }
        table.getRoot().getChildren().forEach(item -> item.setExpanded(false));
    }

    /** Expand all: every disk shows its partitions. */
    public void expandAll() {
        table.getRoot().getChildren().forEach(item -> item.setExpanded(true));
    }

    private TreeItem<DeviceRow> item(DeviceRow row) {
        TreeItem<DeviceRow> item = items.get(row);
        if (item == null) {
            item = new TreeItem<>(row);
            item.setExpanded(true);
            items.put(row, item);
            mirror(filter.children(row), item);
        }
        return item;
    }

    private static TreeTableColumn<DeviceRow, DeviceRow> checkColumn() {
        TreeTableColumn<DeviceRow, DeviceRow> col = new TreeTableColumn<>("");
        col.setPrefWidth(36);
        col.setMinWidth(36);
        col.setMaxWidth(36);
        col.setSortable(false);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue()));
        col.setCellFactory(c -> new TreeTableCell<>() {
            private final CheckBox box = new CheckBox();
            private DeviceRow bound;

            {
                // Tab goes to the tree's selected row, not to the first check box in sight; Space ticks
                box.setFocusTraversable(false);
            }

            @Override
            protected void updateItem(DeviceRow row, boolean empty) {
                super.updateItem(row, empty);
                if (bound != null) {
                    box.selectedProperty().unbindBidirectional(bound.checkedProperty());
                    box.disableProperty().unbind();
                    bound = null;
                }
                if (empty || row == null) {
                    setGraphic(null);
                    setTooltip(null);
                    return;
                }
                bound = row;
                box.setId("check-" + row.facts().name());
                box.selectedProperty().bindBidirectional(row.checkedProperty());
                box.disableProperty().bind(row.checkableProperty().not());
                Tooltip tip = Tooltips.wrapped("");
                tip.textProperty().bind(Bindings.when(row.checkableProperty()).then("Select " + row.facts().name()
                        + " to wipe (Space)").otherwise(row.whyNotProperty()));
                setTooltip(tip);
                setGraphic(box);
            }
        });
        return col;
    }

    private static TreeTableColumn<DeviceRow, String> deviceColumn() {
        // a partition's name is indented under its disk's: nvme0n1p12 still shows whole
        TreeTableColumn<DeviceRow, String> col = text("Device", 150, RowFacts::name);
        col.setSortable(false);
        col.setMinWidth(135);
        return col;
    }

    /** Columns whose values are short and must stay readable at 1024 pixels; the others give way. */
    private static <T> TreeTableColumn<DeviceRow, T> fixed(TreeTableColumn<DeviceRow, T> col, double min) {
        col.setMinWidth(min);
        return col;
    }

    private static TreeTableColumn<DeviceRow, String> text(String title, double width, Function<RowFacts, String> value) {
        TreeTableColumn<DeviceRow, String> col = new TreeTableColumn<>(title);
        col.setPrefWidth(width);
        col.setCellValueFactory(c -> facts(c.getValue().getValue(), value));
        col.setCellFactory(c -> new WholeTextCell());
        return col;
    }

    /**
     * A cell whose whole text is its tooltip, as a narrow column cuts it; a path (a loop device's
     * or an image's file) is cut at its start, where the folders are, keeping the file name at its
     * end, as the CLI's table does.
     */
    private static final class WholeTextCell extends TreeTableCell<DeviceRow, String> {
        private final Tooltip whole = Tooltips.wrapped("");

        @Override
        protected void updateItem(String text, boolean empty) {
            super.updateItem(text, empty);
            boolean blank = empty || text == null || text.isEmpty();
            setText(empty ? null : text);
            setTextOverrun(!blank && text.startsWith("/") ? OverrunStyle.LEADING_ELLIPSIS : OverrunStyle.ELLIPSIS);
            whole.setText(blank ? "" : text);
            setTooltip(blank ? null : whole);
        }
    }

    private static ObservableValue<String> facts(DeviceRow row, Function<RowFacts, String> value) {
        return Bindings.createStringBinding(() -> value.apply(row.facts()), row.factsProperty());
    }

    /** A column whose cells draw from the whole row's facts. */
    private static TreeTableColumn<DeviceRow, RowFacts> factsColumn(String title, double width) {
        TreeTableColumn<DeviceRow, RowFacts> col = new TreeTableColumn<>(title);
        col.setPrefWidth(width);
        col.setCellValueFactory(c -> c.getValue().getValue().factsProperty());
        return col;
    }

    /** The disk's kind as a badge; on a partition that is misaligned on its disk, a warning badge instead. */
    private static TreeTableColumn<DeviceRow, RowFacts> kindColumn() {
        // 90 px: the widest badges, "NVMe SSD" and "misaligned", whole (78 cut "NVMe …" on a 1280 px screen)
        TreeTableColumn<DeviceRow, RowFacts> col = factsColumn("Kind", 92);
        col.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(RowFacts f, boolean empty) {
                super.updateItem(f, empty);
                boolean partition = !empty && getTableRow() != null && getTableRow().getTreeItem() != null
                        && getTableRow().getTreeItem().getParent() != getTreeTableView().getRoot();
                setGraphic(null);
                setTooltip(null);
                if (empty || f == null) {
                    return;
                }
                if (!f.misalignment().isEmpty()) {
                    Label badge = new Label("misaligned");
                    badge.getStyleClass().addAll(Styles.BADGE, Styles.BADGE_MISALIGNED);
                    setGraphic(badge);
                    setTooltip(Tooltips.wrapped(f.misalignment()));
                } else if (!f.kind().isEmpty() && !partition) {
                    Label badge = new Label(f.kind());
                    badge.getStyleClass().addAll(Styles.BADGE, Styles.badge(f.kind()));
                    setGraphic(badge);
                }
            }
        });
        return col;
    }

    private static TreeTableColumn<DeviceRow, RowFacts> verdictColumn() {
        TreeTableColumn<DeviceRow, RowFacts> col = factsColumn("Verdict", 190);
        col.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(RowFacts f, boolean empty) {
                super.updateItem(f, empty);
                getStyleClass().removeAll(Styles.VERDICT_BLOCKED, Styles.VERDICT_CONFIRM, Styles.VERDICT_WIPEABLE);
                if (empty || f == null) {
                    setText(null);
                    setTooltip(null);
                    return;
                }
                SafetyVerdict v = f.verdict();
                String mark = v.blocked() ? "✖ " : v instanceof SafetyVerdict.Wipeable ? "✓ " : "⚠ ";
                setText(mark + v.level().toLowerCase(Locale.ROOT) + (v.blocked() ? ": " + v.describe() : ""));
                getStyleClass().add(Styles.verdict(v.level()));
                setTooltip(Tooltips.wrapped(v.level() + ": " + v.describe()));
            }
        });
        return col;
    }

    private static TreeTableColumn<DeviceRow, String> jobColumn() {
        TreeTableColumn<DeviceRow, String> col = new TreeTableColumn<>("Job");
        col.setPrefWidth(110);
        col.setCellValueFactory(c -> c.getValue().getValue().jobProperty());
        return col;
    }
}
