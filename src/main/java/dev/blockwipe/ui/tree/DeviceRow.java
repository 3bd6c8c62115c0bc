package dev.blockwipe.ui.tree;

import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.report.Journal;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * A disk, partition or image file in the device tree. Rows live as long as their device: a rescan
 * updates their facts in place, so a check mark, the selection and a job's state survive it.
 * A row can only be checked while it is checkable (not blocked, wipeable by this user, and its
 * device still there: a row whose device vanished stays a few seconds, greyed, marked "removed").
 */
public final class DeviceRow {
    private final String key;
    private final ReadOnlyObjectWrapper<RowFacts> facts;
    private final ReadOnlyBooleanWrapper checkable = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper whyNot = new ReadOnlyStringWrapper("");
    private final BooleanProperty checked = new SimpleBooleanProperty();
    private final ReadOnlyStringWrapper job = new ReadOnlyStringWrapper("idle");
    private final ReadOnlyObjectWrapper<Journal> interrupted = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper removed = new ReadOnlyBooleanWrapper();
    private long removedAt;
    private final ObservableList<DeviceRow> children = FXCollections.observableArrayList();
    private final boolean mayWrite;

    /**
     * @param mayWrite this user can open it for writing (root for devices; anyone for their files)
     */
    public DeviceRow(String key, RowFacts facts, boolean mayWrite) {
        this.key = key;
        this.facts = new ReadOnlyObjectWrapper<>(facts);
        this.mayWrite = mayWrite;
        checked.addListener((obs, was, now) -> {
            if (now && !checkable.get()) {
                checked.set(false);
            }
        });
        judge();
    }

    /**
     * The row's facts from a new scan. The same facts again (most scans, every two seconds) change
     * nothing: a new but equal object would still make every cell of the row lay itself out anew.
     */
    public void update(RowFacts newFacts) {
        if (newFacts.equals(facts.get())) {
            return;
        }
        facts.set(newFacts);
        judge();
    }

    private void judge() {
        SafetyVerdict v = facts.get().verdict();
        boolean blocked = v.blocked();
        checkable.set(!blocked && mayWrite && !removed.get());
        whyNot.set(removed.get() ? "removed: the device is gone" : blocked ? "blocked: " + v.describe()
                : mayWrite ? "" : "wiping devices needs root");
        if (!checkable.get()) {
            checked.set(false);
        }
    }

    /** This user can open it for writing (root for devices; anyone for their own files). */
    public boolean mayWrite() {
        return mayWrite;
    }

    public String key() {
        return key;
    }

    public RowFacts facts() {
        return facts.get();
    }

    public ReadOnlyObjectProperty<RowFacts> factsProperty() {
        return facts.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty checkableProperty() {
        return checkable.getReadOnlyProperty();
    }

    /** Why the row cannot be checked, or empty. */
    public ReadOnlyStringProperty whyNotProperty() {
        return whyNot.getReadOnlyProperty();
    }

    /** The check box; it refuses to become true while the row is not checkable. */
    public BooleanProperty checkedProperty() {
        return checked;
    }

    /** "idle", "queued", "wiping 42%", "erased ✓", "failed ✗". */
    public ReadOnlyStringProperty jobProperty() {
        return job.getReadOnlyProperty();
    }

    void showJob(String text) {
        job.set(removed.get() ? "removed" : text);
    }

    /** The device (and so its partitions) vanished at {@code nanos}: the row is shown greyed until it goes. */
    void markRemoved(long nanos) {
        removedAt = nanos;
        removed.set(true);
        judge();
        job.set("removed");
        children.forEach(c -> c.markRemoved(nanos));
    }

    /** The device vanished; the row stays a few seconds so that nothing moves under the mouse at once. */
    public ReadOnlyBooleanProperty removedProperty() {
        return removed.getReadOnlyProperty();
    }

    /** When the device vanished (nanoseconds, the view-model's clock); meaningful while removed. */
    long removedAt() {
        return removedAt;
    }

    /** The journal of an interrupted wipe of this device, or null: the window offers to resume it. */
    public ReadOnlyObjectProperty<Journal> interruptedProperty() {
        return interrupted.getReadOnlyProperty();
    }

    public void showInterrupted(Journal journal) {
        interrupted.set(journal);
    }

    public ObservableList<DeviceRow> children() {
        return children;
    }
}
