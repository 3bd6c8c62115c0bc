package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.ui.tree.Churn;
import dev.blockwipe.ui.tree.DeviceRow;
import java.util.List;
import java.util.Random;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 38's churn in the window: loop devices come and go ({@link Churn}) while the user clicks
 * rows, moves with the arrow keys, Home and End, and ticks with Space. After every step the
 * tree's control shows the model's selection, and both are the device the user chose; a click
 * the tree refused (its row had just moved) changed nothing.
 */
class WindowChurnTest extends WindowFixture {
    private static final int STEPS = 60;
    private TreeTableView<DeviceRow> table;

    @Test
    @SuppressWarnings("unchecked")
    void theSelectionAndTheTicksStayWithTheirDevicesInTheWindow(FxRobot robot) throws Exception {
        Churn churn = new Churn(sys, tmp, 1366).bench();
        Random random = churn.random();
        open(robot, true);
        robot.interact(() -> table = (TreeTableView<DeviceRow>) stage.getScene().lookup(".tree-table-view"));
        for (int step = 0; step < STEPS; step++) {
            robot.interact(() -> {
                churn.step();
                rescanWindow();
                churn.frame(vm.devices());
            });
            check(churn);
            user(robot, churn, random);
            check(churn);
        }
    }

    /** A click on a shown row, a key that moves the selection, or Space. */
    private void user(FxRobot robot, Churn churn, Random random) throws Exception {
        int what = random.nextInt(4);
        if (what == 0) {
            List<TreeTableRow<?>> shown = WaitForAsyncUtils.asyncFx(this::shownRows).get();
            if (shown.isEmpty()) {
                return;
            }
            TreeTableRow<?> cell = shown.get(random.nextInt(shown.size()));
            DeviceRow aimed = (DeviceRow) cell.getItem();
            DeviceRow before = vm.devices().selectedProperty().get();
            robot.clickOn(cell);
            DeviceRow now = vm.devices().selectedProperty().get();
            if (now == aimed) {
                churn.selected(now);
            } else {
                assertThat(now).as("a refused click changes nothing").isSameAs(before);
            }
        } else if (what == 1) {
            focusTree(robot);
            robot.type(List.of(KeyCode.DOWN, KeyCode.UP, KeyCode.HOME, KeyCode.END).get(random.nextInt(4)));
            churn.selected(vm.devices().selectedProperty().get());
        } else if (what == 2 && vm.devices().selectedProperty().get() != null) {
            focusTree(robot);
            DeviceRow selected = vm.devices().selectedProperty().get();
            robot.type(KeyCode.SPACE);
            churn.ticked(selected);
        }
    }

    private void focusTree(FxRobot robot) {
        robot.interact(table::requestFocus);
    }

    private void check(Churn churn) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.asyncFx(() -> {
            churn.check(vm.devices());
            TreeItem<DeviceRow> item = table.getSelectionModel().getSelectedItem();
            assertThat(item == null ? null : item.getValue()).as("the control shows the model's selection")
                    .isSameAs(vm.devices().selectedProperty().get());
        }).get();
    }

    /** The row cells wholly inside the tree's viewport. */
    private List<TreeTableRow<?>> shownRows() {
        Node flow = table.lookup(".clipped-container");
        Bounds view = flow.localToScene(flow.getLayoutBounds());
        return table.lookupAll(".tree-table-row-cell").stream().<TreeTableRow<?>>map(n -> (TreeTableRow<?>) n)
                .filter(r -> r.isVisible() && r.getItem() != null).filter(r -> {
                    Bounds b = r.localToScene(r.getLayoutBounds());
                    return b.getMinY() >= view.getMinY() && b.getMaxY() <= view.getMaxY();
                }).toList();
    }
}
