package dev.blockwipe.ui.tree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.FakeSysfs;
import dev.blockwipe.testing.FxWait;
import dev.blockwipe.ui.Theme;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The tree's control while devices come and go above what the user looks at (issue 38: a click
 * aimed at loop11 landed on loop9 or loop10): the row under the pointer and the selected row stay
 * where they are on screen, and a press on a row that moved less than half a second ago (by a
 * clock the test sets) does nothing.
 */
@ExtendWith(ApplicationExtension.class)
class DeviceTreeViewTest extends DeviceFixture {
    private final AtomicLong clock = new AtomicLong(1_000_000_000L);
    private Stage stage;
    private DeviceTreeModel tree;
    private TreeTableView<DeviceRow> table;
    /** Somewhere off the tree for the pointer to rest. */
    private Label elsewhere;

    @Override
    protected DeviceTreeModel tree() {
        return tree;
    }

    @Start
    void start(Stage stage) {
        // the window's theme, whichever test ran before in this JVM: the rows' height decides what shows
        new Theme();
        this.stage = stage;
        elsewhere = new Label("elsewhere");
    }

    /** loop10 … loop39 above sdb and sdc: more than the 420-pixel tree shows. */
    @BeforeEach
    void thirtyLoopDevices(FxRobot robot) throws Exception {
        for (int n = 10; n < 40; n++) {
            attach(n);
        }
        robot.interact(() -> {
            tree = new DeviceTreeModel(services(true), dialogs, List::of);
            table = new DeviceTreeView(tree, new TreeFilterModel(tree.rows(), tree.selectedProperty()), clock::get).node();
            table.setPrefHeight(420);
            stage.setScene(new Scene(new VBox(table, elsewhere), 900, 460));
            stage.show();
            rescanNow();
        });
        FxWait.until(() -> cell("loop10") != null);
    }

    @AfterEach
    void close() throws Exception {
        tree.close();
        FxToolkit.cleanupStages();
    }

    @Test
    void theRowUnderThePointerStaysPutWhenRowsComeAbove(FxRobot robot) throws Exception {
        robot.interact(() -> table.scrollTo(12));
        FxWait.until(() -> cell("loop28") != null);
        robot.moveTo(cell("loop28"));
        double y = top("loop28");

        robot.interact(() -> {
            attach(1);
            attach(2);
            attach(3);
            rescanNow();
        });
        FxWait.until(() -> cell("loop3") == null && find("loop3").isPresent());

        assertThat(top("loop28")).as("loop28 where it was").isEqualTo(y);
        assertThat(rowUnderPointer(robot)).isEqualTo("loop28");
    }

    @Test
    void theSelectedRowStaysPutWhenRowsAboveGo(FxRobot robot) throws Exception {
        robot.moveTo(elsewhere);
        robot.interact(() -> {
            table.scrollTo(12);
            tree.selectedProperty().set(row("loop30"));
        });
        FxWait.until(() -> cell("loop30") != null);
        double y = top("loop30");

        robot.interact(() -> {
            unplugNow("loop10");
            unplugNow("loop11");
            rescanNow();
            tree.dropRemoved(System.nanoTime() + DeviceTreeModel.REMOVED_SHOWN);
        });
        FxWait.until(() -> tree.rows().stream().noneMatch(r -> r.facts().name().equals("loop10")));

        assertThat(top("loop30")).as("loop30 where it was").isEqualTo(y);
        assertThat(table.getSelectionModel().getSelectedItem().getValue()).isSameAs(row("loop30"));
    }

    @Test
    void aPressOnARowThatJustMovedIsIgnored(FxRobot robot) throws Exception {
        robot.moveTo(elsewhere);
        double y = top("loop12");
        robot.interact(() -> {
            attach(1);
            rescanNow();
        });
        FxWait.until(() -> top("loop12") > y);

        robot.moveTo(cell("loop12")).press(MouseButton.PRIMARY).release(MouseButton.PRIMARY);
        assertThat(tree.selectedProperty().get()).as("loop12 moved under the pointer just now").isNull();

        clock.addAndGet(SteadyRows.SETTLE);
        robot.press(MouseButton.PRIMARY).release(MouseButton.PRIMARY);
        assertThat(tree.selectedProperty().get()).isSameAs(row("loop12"));
    }

    private void attach(int n) {
        try {
            sys.disk(FakeSysfs.virtual("loop" + n), "7:" + n * 16).sectors(2048)
                    .backingFile(Files.createFile(tmp.resolve("loop" + n + ".img")).toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void unplugNow(String disk) {
        try {
            unplug(disk);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void rescanNow() {
        try {
            rescan(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shown row cell of {@code name}, or null when it is scrolled out of view. */
    private TreeTableRow<?> cell(String name) {
        return table.lookupAll(".tree-table-row-cell").stream().map(n -> (TreeTableRow<?>) n)
                .filter(r -> r.isVisible() && r.getItem() instanceof DeviceRow row && row.facts().name().equals(name)
                        && r.getTreeItem() != null && isShown(r))
                .findFirst().orElse(null);
    }

    /** Wholly in the tree's viewport (the flow, under the column headers). */
    private boolean isShown(TreeTableRow<?> r) {
        Bounds b = r.localToScene(r.getLayoutBounds());
        Node flow = table.lookup(".clipped-container");
        Bounds view = flow.localToScene(flow.getLayoutBounds());
        return b.getMinY() >= view.getMinY() && b.getMaxY() <= view.getMaxY();
    }

    /** Where the row of {@code name} is on screen. */
    private double top(String name) {
        return cell(name).localToScreen(0, 0).getY();
    }

    private String rowUnderPointer(FxRobot robot) {
        double y = robot.robotContext().getBaseRobot().retrieveMouse().getY();
        return table.lookupAll(".tree-table-row-cell").stream().map(n -> (TreeTableRow<?>) n)
                .filter(r -> r.isVisible() && r.getItem() != null && isShown(r))
                .filter(r -> {
                    Bounds b = r.localToScreen(r.getLayoutBounds());
                    return y >= b.getMinY() && y < b.getMaxY();
                }).map(r -> ((DeviceRow) r.getItem()).facts().name()).findFirst().orElse(null);
    }
}
