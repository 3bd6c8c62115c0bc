package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.FxWait;
import dev.blockwipe.ui.tree.Churn;
import dev.blockwipe.ui.tree.DeviceFixture;
import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.DeviceTreeModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Random;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 38's churn in the window: loop devices come and go ({@link Churn}) while the user clicks
 * rows, moves with the arrow keys, Home and End, and ticks with Space. After every step the
 * tree's control shows the model's selection, and both are the device the user chose; a click
 * the tree refused (its row had just moved) changed nothing.
 */
@ExtendWith(ApplicationExtension.class)
class WindowChurnTest extends DeviceFixture {
    private static final int STEPS = 60;
    private Stage stage;
    private MainViewModel vm;
    private TreeTableView<DeviceRow> table;

    @Override
    protected DeviceTreeModel tree() {
        return vm.devices();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void close() throws Exception {
        vm.close();
        FxToolkit.cleanupStages();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theSelectionAndTheTicksStayWithTheirDevicesInTheWindow(FxRobot robot) throws Exception {
        Churn churn = new Churn(sys, tmp, 1366).bench();
        Random random = churn.random();
        robot.interact(() -> {
            vm = new MainViewModel(services(true), dialogs);
            MainView view = new MainView(vm, stage, (path, problem) -> { });
            stage.setScene(view.scene());
            stage.show();
            table = (TreeTableView<DeviceRow>) stage.getScene().lookup(".tree-table-view");
            rescanNow();
        });
        for (int step = 0; step < STEPS; step++) {
            robot.interact(() -> {
                churn.step();
                rescanNow();
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

    private void rescanNow() {
        try {
            rescan(vm.devices());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
