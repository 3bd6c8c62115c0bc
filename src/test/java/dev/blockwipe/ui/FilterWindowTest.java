package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.Settings;
import dev.blockwipe.testing.FxWait;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.RowOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
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
 * The filter bar in the real window, headless, over this machine's devices and two loop devices
 * the test makes: the search (Ctrl+F, Escape), hide loop devices, what is hidden and Show all,
 * the selection when its row is hidden or the order changes, and the whole text of cut cells.
 */
@ExtendWith(ApplicationExtension.class)
class FilterWindowTest {
    private static final long MIB = 1 << 20;

    private MainViewModel vm;
    private Path papers;
    private TreeTableView<DeviceRow> tree;

    @Start
    @SuppressWarnings("unchecked")
    void start(Stage stage) throws Exception {
        papers = Files.createTempDirectory("blockwipe-filter-test");
        vm = new MainViewModel(BlockwipeApp.linuxServices(new Settings(papers.resolve("config"), papers.resolve("reports"),
                papers.resolve("journals"), new Operator("Test Operator", "Test Lab"), Sh.uid())), new FxDialogs(stage));
        MainView view = new MainView(vm, stage, (path, problem) -> { });
        stage.setScene(view.scene());
        stage.show();
        tree = (TreeTableView<DeviceRow>) stage.getScene().lookup(".tree-table-view");
        view.start();
    }

    @BeforeEach
    void needsLoopDevices() {
        LoopDevice.assumeAvailable();
    }

    @AfterEach
    void close() throws Exception {
        vm.close();
        FxToolkit.cleanupStages();
        try (var files = Files.walk(papers)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void theSearchHideLoopDevicesTheCounterAndShowAll(FxRobot robot) throws Exception {
        try (LoopDevice kept = LoopDevice.create(Path.of("/dev/shm"), 8 * MIB);
             LoopDevice other = LoopDevice.create(Path.of("/dev/shm"), 8 * MIB)) {
            vm.devices().refresh();
            FxWait.until(() -> shown(kept.name()).isPresent() && shown(other.name()).isPresent());

            robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
            FxWait.until(() -> robot.lookup("#search").queryAs(TextField.class).isFocused());
            robot.write(kept.image().getFileName().toString().toUpperCase());
            FxWait.until(() -> shown(other.name()).isEmpty());

            assertThat(shown(kept.name())).isPresent();
            assertThat(robot.lookup("#hidden-count").queryLabeled().getText()).matches("\\d+ hidden by filter");
            assertThat(robot.lookup("#hidden").query().isVisible()).isTrue();

            robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
            FxWait.until(() -> shown(other.name()).isPresent());
            assertThat(robot.lookup("#search").queryAs(TextField.class).getText()).isEmpty();
            assertThat(tree.isFocused()).as("Escape goes back to the tree").isTrue();
            assertThat(robot.lookup("#hidden").query().isVisible()).isFalse();

            robot.clickOn("#hide-loop");
            FxWait.until(() -> shown(kept.name()).isEmpty() && shown(other.name()).isEmpty());
            assertThat(visibleRows()).noneMatch(r -> r.facts().kind().equals("Loop"));
            assertThat(robot.lookup("#hidden-count").queryLabeled().getText()).matches("\\d+ hidden by filter");

            robot.clickOn("#clear-filter");
            FxWait.until(() -> shown(kept.name()).isPresent() && shown(other.name()).isPresent());
            assertThat(vm.filter().hideLoopProperty().get()).isFalse();
            assertThat(robot.lookup("#hidden").query().isVisible()).isFalse();
        }
    }

    /**
     * The selected row that the search hides is no longer selected, nothing else is (the table
     * would select a neighbour by itself); another order keeps the selection on its row.
     */
    @Test
    void theSelectionNeverMovesToAnotherRowWhenTheFilterOrOrderChanges(FxRobot robot) throws Exception {
        try (LoopDevice chosen = LoopDevice.create(Path.of("/dev/shm"), 8 * MIB);
             LoopDevice bigger = LoopDevice.create(Path.of("/dev/shm"), 24 * MIB)) {
            vm.devices().refresh();
            FxWait.until(() -> shown(chosen.name()).isPresent() && shown(bigger.name()).isPresent());
            robot.interact(() -> tree.getSelectionModel().select(shown(chosen.name()).orElseThrow()));

            robot.interact(() -> vm.filter().orderProperty().set(RowOrder.SIZE));
            assertThat(tree.getSelectionModel().getSelectedItem().getValue().facts().name()).isEqualTo(chosen.name());
            robot.interact(() -> vm.filter().orderProperty().set(RowOrder.NAME));
            assertThat(vm.devices().selectedProperty().get().facts().name()).isEqualTo(chosen.name());

            robot.clickOn("#search").write(bigger.image().getFileName().toString());
            FxWait.until(() -> shown(chosen.name()).isEmpty());

            assertThat(tree.getSelectionModel().getSelectedItems()).isEmpty();
            assertThat(vm.devices().selectedProperty().get()).isNull();

            robot.interact(() -> vm.filter().clear());
            assertThat(vm.devices().selectedProperty().get()).isNull();
        }
    }

    /** Collapse all leaves a selected partition unselected (the table would select its disk: Space would tick the whole disk). */
    @Test
    void collapseAllNeverSelectsTheDiskOfASelectedPartition(FxRobot robot) throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 16 * MIB)) {
            loop.partition("label: gpt\nsize=4M\nsize=+\n");
            vm.devices().refresh();
            FxWait.until(() -> shown(loop.name()).map(i -> i.getChildren().size() == 2).orElse(false));
            TreeItem<DeviceRow> disk = shown(loop.name()).orElseThrow();
            robot.interact(() -> tree.getSelectionModel().select(disk.getChildren().get(1)));
            assertThat(vm.devices().selectedProperty().get().facts().name()).isEqualTo(loop.name() + "p2");

            robot.clickOn("#collapse-all");

            assertThat(disk.isExpanded()).isFalse();
            assertThat(vm.devices().selectedProperty().get()).isNull();
            assertThat(tree.getSelectionModel().getSelectedItems()).isEmpty();

            robot.clickOn("#expand-all");
            assertThat(disk.isExpanded()).isTrue();
        }
    }

    /** A loop device's file is cut at its start, where the folders are; cut cells and Details show the whole text. */
    @Test
    void cutTextIsWholeInItsTooltipOrWrapped(FxRobot robot) throws Exception {
        try (LoopDevice loop = LoopDevice.create(Path.of("/dev/shm"), 8 * MIB)) {
            vm.devices().refresh();
            FxWait.until(() -> shown(loop.name()).isPresent());
            String file = loop.image().toString();
            // the tree shows only so many rows, and cells are made only for those
            robot.interact(() -> vm.filter().searchProperty().set(loop.image().getFileName().toString()));

            TreeTableCell<?, ?> model = robot.lookup(".tree-table-cell").match(n -> n instanceof Labeled l
                    && file.equals(l.getText())).queryAs(TreeTableCell.class);
            assertThat(model.getTextOverrun()).isEqualTo(OverrunStyle.LEADING_ELLIPSIS);
            assertThat(model.getTooltip().getText()).isEqualTo(file);

            robot.interact(() -> tree.getSelectionModel().select(shown(loop.name()).orElseThrow()));
            String verdict = vm.devices().details().stream().filter(f -> f.key().equals("verdict")).findFirst()
                    .orElseThrow().value();
            robot.interact(() -> details(robot).scrollTo(details(robot).getItems().indexOf(
                    vm.devices().details().stream().filter(f -> f.key().equals("verdict")).findFirst().orElseThrow())));
            FxWait.until(() -> robot.lookup(".table-cell").match(n -> n instanceof TableCell<?, ?> c
                    && verdict.equals(c.getItem())).tryQuery().isPresent());
            TableCell<?, ?> cell = robot.lookup(".table-cell").match(n -> n instanceof TableCell<?, ?> c
                    && verdict.equals(c.getItem())).queryAs(TableCell.class);
            Node shownText = cell.getGraphic();
            assertThat(shownText).isInstanceOf(Text.class);
            assertThat(((Text) shownText).getText()).isEqualTo(verdict);
            assertThat(shownText.getLayoutBounds().getWidth()).isLessThanOrEqualTo(cell.getWidth());
            assertThat(cell.getHeight()).as("wrapped over lines").isGreaterThan(2 * ((Text) shownText).getFont().getSize());
        }
    }

    @SuppressWarnings("unchecked")
    private static TableView<FactSheet.Fact> details(FxRobot robot) {
        return robot.lookup(".table-view").queryAs(TableView.class);
    }

    /** The tree item of the device called {@code name}, while the tree shows it. */
    private Optional<TreeItem<DeviceRow>> shown(String name) {
        return tree.getRoot().getChildren().stream()
                .filter(i -> i.getValue().facts().name().equals(name) && !i.getValue().removedProperty().get()).findFirst();
    }

    private List<DeviceRow> visibleRows() {
        return tree.getRoot().getChildren().stream().map(TreeItem::getValue).toList();
    }
}
