package dev.blockwipe.ui.tree;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.beans.InvalidationListener;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The rows the tree shows, in the order it shows them: the device tree's rows through a {@link
 * RowFilter} and a {@link RowOrder}, kept up to date as rows come and go and their facts and
 * ticks change. A disk stays shown while one of its partitions passes, with only the partitions
 * that pass. Ticks on hidden rows are kept (Wipe… includes them, and its dialog lists every
 * target); the summary says how many hidden rows are ticked. A selected row that the filter hides
 * is no longer selected: the selection never moves to another row by itself. Never touches a
 * control; FX thread only.
 */
public final class TreeFilterModel {
    private final ObservableList<DeviceRow> rows;
    private final ObjectProperty<DeviceRow> selected;
    private final Map<DeviceRow, Partitions> children = new HashMap<>();
    /** The rows whose facts, ticks and partitions the filter follows. */
    private final Set<DeviceRow> watched = new HashSet<>();
    private final InvalidationListener refilter = o -> refilter();

    // ---- Properties

    private final ObservableList<DeviceRow> shown = FXCollections.observableArrayList();
    private final ObservableList<DeviceRow> shownView = FXCollections.unmodifiableObservableList(shown);

    /** The disks and image files shown, in order. */
    public ObservableList<DeviceRow> shown() {
        return shownView;
    }

    private final StringProperty search = new SimpleStringProperty(this, "search", "");

    /** Text to look for in name, path, model, serial and WWN. */
    public StringProperty searchProperty() {
        return search;
    }

    private final BooleanProperty hideLoop = new SimpleBooleanProperty(this, "hideLoop");

    public BooleanProperty hideLoopProperty() {
        return hideLoop;
    }

    private final BooleanProperty hideBlocked = new SimpleBooleanProperty(this, "hideBlocked");

    public BooleanProperty hideBlockedProperty() {
        return hideBlocked;
    }

    private final ObjectProperty<RowOrder> order = new SimpleObjectProperty<>(this, "order", RowOrder.NAME);

    /** The order of disks and image files; null counts as {@link RowOrder#NAME}. */
    public ObjectProperty<RowOrder> orderProperty() {
        return order;
    }

    private final ReadOnlyIntegerWrapper hidden = new ReadOnlyIntegerWrapper(this, "hidden");

    /** How many rows (disks, partitions, image files) the filter hides. */
    public ReadOnlyIntegerProperty hiddenProperty() {
        return hidden.getReadOnlyProperty();
    }

    private final ReadOnlyIntegerWrapper hiddenTicked = new ReadOnlyIntegerWrapper(this, "hiddenTicked");

    /** How many of the hidden rows are ticked for Wipe…. */
    public ReadOnlyIntegerProperty hiddenTickedProperty() {
        return hiddenTicked.getReadOnlyProperty();
    }

    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");

    /** "4 hidden by filter", "4 hidden by filter, 2 of them ticked: Wipe… includes them", or empty when none is hidden. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /**
     * @param rows     the device tree's disks and image files, each with its partitions
     * @param selected the device tree's selection, cleared when the filter hides the selected row
     */
    public TreeFilterModel(ObservableList<DeviceRow> rows, ObjectProperty<DeviceRow> selected) {
        this.rows = rows;
        this.selected = selected;
        rows.addListener(refilter);
        search.addListener(refilter);
        hideLoop.addListener(refilter);
        hideBlocked.addListener(refilter);
        order.addListener(refilter);
        refilter();
    }

    /** The partitions of {@code row} that are shown. */
    public ObservableList<DeviceRow> children(DeviceRow row) {
        return partitions(row).view();
    }

    /**
     * The shown partitions of a row, and their read-only view made once (a view made per call
     * would be garbage once a listener is attached to it, and its listeners would go quiet).
     */
    private record Partitions(ObservableList<DeviceRow> list, ObservableList<DeviceRow> view) {
        Partitions(ObservableList<DeviceRow> list) {
            this(list, FXCollections.unmodifiableObservableList(list));
        }
    }

    private Partitions partitions(DeviceRow row) {
        return children.computeIfAbsent(row, r -> new Partitions(FXCollections.observableArrayList(r.children())));
    }

    /** The filter of the moment. */
    public RowFilter filter() {
        return new RowFilter(search.get() == null ? "" : search.get(), hideLoop.get(), hideBlocked.get());
    }

    // ---- Commands

    /** Shows every row again (the order stays). */
    public void clear() {
        search.set("");
        hideLoop.set(false);
        hideBlocked.set(false);
    }

    private void refilter() {
        RowFilter f = filter();
        List<DeviceRow> top = new ArrayList<>();
        Map<DeviceRow, List<DeviceRow>> parts = new HashMap<>();
        Set<DeviceRow> all = new HashSet<>();
        Set<DeviceRow> visible = new HashSet<>();
        for (DeviceRow row : rows) {
            all.add(row);
            List<DeviceRow> passing = new ArrayList<>();
            for (DeviceRow part : row.children()) {
                all.add(part);
                if (f.passes(part.facts(), row.facts())) {
                    passing.add(part);
                }
            }
            if (f.passes(row.facts(), null) || !passing.isEmpty()) {
                top.add(row);
                visible.add(row);
                visible.addAll(passing);
            }
            parts.put(row, passing);
        }
        top.sort((order.get() == null ? RowOrder.NAME : order.get()).comparator());
        watch(all);
        if (selected.get() != null && !visible.contains(selected.get())) {
            selected.set(null);
        }
        children.keySet().retainAll(all);
        parts.forEach((row, passing) -> {
            ObservableList<DeviceRow> list = partitions(row).list();
            if (!list.equals(passing)) {
                list.setAll(passing);
            }
        });
        if (!shown.equals(top)) {
            shown.setAll(top);
        }
        List<DeviceRow> left = all.stream().filter(r -> !visible.contains(r)).toList();
        int ticked = (int) left.stream().filter(r -> r.checkedProperty().get()).count();
        hidden.set(left.size());
        hiddenTicked.set(ticked);
        summary.set(left.isEmpty() ? "" : left.size() + " hidden by filter"
                + (ticked == 0 ? "" : ", " + ticked + " of them ticked: Wipe… includes them"));
    }

    /** Follows the facts, tick and partitions of each row in {@code all}, and no longer those of rows that went. */
    private void watch(Set<DeviceRow> all) {
        for (DeviceRow gone : watched.stream().filter(r -> !all.contains(r)).toList()) {
            gone.factsProperty().removeListener(refilter);
            gone.checkedProperty().removeListener(refilter);
            gone.children().removeListener(refilter);
            watched.remove(gone);
        }
        for (DeviceRow row : all) {
            if (watched.add(row)) {
                row.factsProperty().addListener(refilter);
                row.checkedProperty().addListener(refilter);
                row.children().addListener(refilter);
            }
        }
    }
}
