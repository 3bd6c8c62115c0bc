package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableView;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Clicks in the device tree as a user would, for window tests on a machine whose devices come and
 * go: the tree ignores a press on a row that moved on screen in the last half second (and a row
 * that has just appeared has moved), so a click is tried again until it took.
 */
public final class RowClicks {
    private RowClicks() {
    }

    /** Clicks the check box of the row of {@code name} until it is ticked. */
    public static void tick(FxRobot robot, String name) throws Exception {
        CheckBox box = robot.lookup("#check-" + name).queryAs(CheckBox.class);
        clickUntil(robot, box, box::isSelected, "ticked " + name);
    }

    /** Clicks the Device cell of the row of {@code name} until the tree has that row selected. */
    public static void select(FxRobot robot, String name) throws Exception {
        Node cell = robot.lookup((TreeTableCell<?, ?> c) -> name.equals(c.getText())).query();
        TreeTableView<?> tree = robot.lookup(".tree-table-view").queryAs(TreeTableView.class);
        clickUntil(robot, cell, () -> tree.getSelectionModel().getSelectedItem() != null
                && tree.getSelectionModel().getSelectedItem() == ((TreeTableCell<?, ?>) cell).getTableRow().getTreeItem(),
                "selected " + name);
    }

    private static void clickUntil(FxRobot robot, Node target, BooleanSupplier took, String what) throws Exception {
        for (int i = 0; i < 20 && !took(took); i++) {
            robot.clickOn(target);
            if (!took(took)) {
                WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
            }
        }
        assertThat(took(took)).as(what).isTrue();
    }

    private static boolean took(BooleanSupplier took) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return WaitForAsyncUtils.asyncFx(took::getAsBoolean).get();
    }
}
