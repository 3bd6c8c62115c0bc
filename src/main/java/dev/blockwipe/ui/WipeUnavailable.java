package dev.blockwipe.ui;

import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.DeviceTreeModel;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ChangeListener;

/**
 * Why Wipe… cannot be used now, in one line for its tooltip (a disabled button says nothing by
 * itself); empty while it can. Follows the ticks, the selection and the selected row's verdict.
 */
final class WipeUnavailable {
    static final String NOTHING = "Nothing to wipe: tick the devices to wipe (Space), or select one.";
    static final String READING = "Reading the facts of the devices to wipe…";
    static final String NOT_ROOT = " Start Blockwipe from the menu as an administrator, or with sudo, to wipe devices;"
            + " image files you own can be wiped (Add image file…).";

    private final DeviceTreeModel devices;
    private final ReadOnlyStringWrapper why = new ReadOnlyStringWrapper(this, "why", "");
    private final ChangeListener<String> verdictChanged = (obs, was, now) -> explain();

    WipeUnavailable(DeviceTreeModel devices) {
        this.devices = devices;
        devices.wipeTargetsProperty().addListener((obs, was, now) -> explain());
        devices.readingFactsProperty().addListener((obs, was, now) -> explain());
        devices.selectedProperty().addListener((obs, was, now) -> {
            if (was != null) {
                was.whyNotProperty().removeListener(verdictChanged);
            }
            if (now != null) {
                now.whyNotProperty().addListener(verdictChanged);
            }
            explain();
        });
        explain();
    }

    ReadOnlyStringProperty whyProperty() {
        return why.getReadOnlyProperty();
    }

    private void explain() {
        DeviceRow selected = devices.selectedProperty().get();
        if (devices.readingFactsProperty().get()) {
            why.set(READING);
        } else if (devices.wipeTargetsProperty().get()) {
            why.set("");
        } else if (selected == null || selected.whyNotProperty().get().isEmpty()) {
            why.set(NOTHING);
        } else {
            why.set("Cannot wipe " + selected.facts().name() + ": " + selected.whyNotProperty().get() + "."
                    + (selected.mayWrite() ? "" : NOT_ROOT));
        }
    }
}
