package dev.blockwipe.ui.tree;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.MouseEvent;

/**
 * Keeps the device tree still under the user while devices come and go. After a change, the row
 * under the pointer (else the selected row, else, once scrolled, the top row) is put back where it
 * was on screen, the scroll position taking up the rows that came or went above it. A press on a
 * row that moved on screen less than {@link #SETTLE} ago is dropped, with its release and click:
 * it was aimed at what was there before.
 */
final class SteadyRows {
    /** How long a row that moved refuses clicks: half a second. */
    static final long SETTLE = 500_000_000L;

    private final TreeTableView<DeviceRow> table;
    private final LongSupplier clock;
    private final Runnable afterLayout = this::settle;
    /** The shown rows' tops (table coordinates) as the user saw them before the tree changed; null when it did not. */
    private Map<TreeItem<?>, Place> before;
    /** The view was scrolled then: the top row is kept too. */
    private boolean scrolled;
    private final Map<TreeItem<?>, Long> movedAt = new HashMap<>();
    private double pointerY = Double.NaN;
    private boolean refusing;

    /**
     * @param clock nanoseconds
     */
    SteadyRows(TreeTableView<DeviceRow> table, LongSupplier clock) {
        this.table = table;
        this.clock = clock;
        table.addEventFilter(MouseEvent.MOUSE_MOVED, e -> pointerY = e.getY());
        table.addEventFilter(MouseEvent.MOUSE_DRAGGED, e -> pointerY = e.getY());
        table.addEventHandler(MouseEvent.MOUSE_EXITED, e -> pointerY = Double.NaN);
        table.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
            Long moved = movedAt.get(rowAt(e));
            refusing = moved != null && clock.getAsLong() - moved < SETTLE;
            if (refusing) {
                e.consume();
            }
        });
        table.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> {
            if (refusing) {
                e.consume();
            }
        });
        table.addEventFilter(MouseEvent.MOUSE_CLICKED, e -> {
            if (refusing) {
                e.consume();
            }
        });
        table.sceneProperty().addListener((obs, was, now) -> listen(was, now));
        listen(null, table.getScene());
    }

    /**
     * The tree is about to change (or has just changed: its rows are laid out anew only at the
     * next pulse): notes where the rows are on screen, once per pulse.
     */
    void changing() {
        if (before == null) {
            VirtualFlow<?> flow = flow();
            before = shown(flow);
            scrolled = flow != null && flow.getPosition() > 0;
        }
    }

    private void listen(Scene was, Scene now) {
        if (was != null) {
            was.removePostLayoutPulseListener(afterLayout);
        }
        if (now != null) {
            now.addPostLayoutPulseListener(afterLayout);
        }
    }

    /** After the layout of a pulse in which the tree changed: the anchor back in place, and which rows moved. */
    private void settle() {
        if (before == null) {
            return;
        }
        Map<TreeItem<?>, Place> was = before;
        before = null;
        VirtualFlow<?> flow = flow();
        if (flow == null) {
            return;
        }
        anchor(was).ifPresent(item -> keep(flow, item, was.get(item).top()));
        long now = clock.getAsLong();
        movedAt.values().removeIf(at -> now - at >= SETTLE);
        shown(flow).forEach((item, place) -> {
            Place old = was.get(item);
            if (old == null || Math.abs(old.top() - place.top()) > 0.5) {
                movedAt.put(item, now);
            }
        });
    }

    /** The first of these still in the tree: the row under the pointer, the selected row, the shown rows once scrolled. */
    private Optional<TreeItem<?>> anchor(Map<TreeItem<?>, Place> was) {
        List<TreeItem<?>> wanted = new ArrayList<>();
        was.forEach((item, place) -> {
            if (pointerY >= place.top() && pointerY < place.top() + place.height()) {
                wanted.add(item);
            }
        });
        TreeItem<?> selected = table.getSelectionModel().getSelectedItem();
        if (was.containsKey(selected)) {
            wanted.add(selected);
        }
        if (scrolled) {
            wanted.addAll(was.keySet());
        }
        return wanted.stream().filter(item -> table.getRow(cast(item)) >= 0).findFirst();
    }

    /** Where a row was on screen: its top in the table's coordinates, and its height. */
    private record Place(double top, double height) {
    }

    private void keep(VirtualFlow<?> flow, TreeItem<?> item, double top) {
        int index = table.getRow(cast(item));
        IndexedCell<?> cell = flow.getVisibleCell(index);
        if (cell == null) {
            flow.scrollToTop(index);
            flow.layout();
            cell = flow.getVisibleCell(index);
        }
        if (cell != null) {
            flow.scrollPixels(top(cell) - top);
            flow.layout();
        }
    }

    @SuppressWarnings("unchecked")
    private static TreeItem<DeviceRow> cast(TreeItem<?> item) {
        return (TreeItem<DeviceRow>) item;
    }

    /** The rows the flow shows, top to bottom, by where their tops are in the table. */
    private Map<TreeItem<?>, Place> shown(VirtualFlow<?> flow) {
        Map<TreeItem<?>, Place> rows = new LinkedHashMap<>();
        IndexedCell<?> first = flow == null ? null : flow.getFirstVisibleCell();
        IndexedCell<?> last = flow == null ? null : flow.getLastVisibleCell();
        if (first == null || last == null) {
            return rows;
        }
        for (int i = first.getIndex(); i <= last.getIndex(); i++) {
            if (flow.getVisibleCell(i) instanceof TreeTableRow<?> row && row.getTreeItem() != null) {
                rows.put(row.getTreeItem(), new Place(top(row), row.getHeight()));
            }
        }
        return rows;
    }

    private double top(Node cell) {
        return table.sceneToLocal(cell.localToScene(0, 0)).getY();
    }

    private VirtualFlow<?> flow() {
        return table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow ? flow : null;
    }

    private static TreeItem<?> rowAt(MouseEvent e) {
        for (Node n = e.getPickResult().getIntersectedNode(); n != null; n = n.getParent()) {
            if (n instanceof TreeTableRow<?> row) {
                return row.getTreeItem();
            }
        }
        return null;
    }
}
