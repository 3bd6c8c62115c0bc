package dev.blockwipe.ui;

import javafx.scene.control.Label;
import dev.blockwipe.testing.FakeSysfs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.blockwipe.testing.FxWait;
import dev.blockwipe.ui.jobs.JobViewModel;
import dev.blockwipe.ui.tree.DeviceRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.Region;
import javafx.stage.Screen;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The main window on a laptop's 1366×768 screen (less a window manager's title bar): without jobs
 * the jobs pane is one line and the tree has the height; a dozen jobs are all in view without
 * scrolling; the divider over the jobs, the tree's columns and the window's place come back as
 * they were, fitted to today's screen.
 */
class WindowLayoutTest extends WindowFixture {
    /** xfwm4's title bar and borders on a 768 px high screen leave this much for the window's content. */
    private static final double HEIGHT = 768 - 34;
    /** The layout the window comes back with, as read from the settings. */
    private Map<String, String> remembered = Map.of();

    /** The background work runs off the FX thread here: the wipe's admission asks the FX thread and waits. */
    WindowLayoutTest() {
        super(true);
    }

    /**
     * Closes the view model on the FX thread; the window's frames still run, so the executor is
     * left to end its idle daemon threads by itself.
     */
    @Override
    protected void closeViewModel() throws Exception {
        WaitForAsyncUtils.asyncFx(vm::close).get();
    }

    @Test
    void withoutJobsTheTreeHasTheHeightAndADozenJobsAreAllInViewWithoutScrolling(FxRobot robot) throws Exception {
        open(robot, Map.of());
        assertThat(jobsPane(robot).getHeight()).as("one line").isLessThan(40);
        assertThat(center(robot).getDividerPositions()[0]).as("the divider at the bottom").isGreaterThan(0.9);

        wipeTwelve(robot);

        Node up = robot.lookup(".job-line").query();
        while (!(up instanceof ScrollPane)) {
            up = up.getParent();
        }
        ScrollPane jobs = (ScrollPane) up;
        Bounds viewport = jobs.localToScreen(jobs.getLayoutBounds());
        List<Node> lines = new ArrayList<>(robot.lookup(".job-line").queryAll());
        assertThat(lines).hasSize(12).allSatisfy(line -> assertThat(viewport.contains(line.localToScreen(line.getLayoutBounds())))
                .as(line.getId() + " in view").isTrue());
        assertThat(jobs.lookupAll(".scroll-bar").stream().map(ScrollBar.class::cast)
                .filter(b -> b.getOrientation() == Orientation.VERTICAL).noneMatch(Node::isVisible))
                .as("no scrolling").isTrue();
    }

    /** On the boot stick's 1280 px screen the Kind column cut the NVMe badge to "NVMe …". */
    @Test
    void theWidestKindBadgeIsWholeOnA1280PixelScreen(FxRobot robot) throws Exception {
        sys.disk(FakeSysfs.nvme("nvme0n1"), "259:0").sectors(2048);
        open(robot, Map.of("width", "1280", "height", "800"));
        robot.interact(() -> stage.setWidth(1280));
        FxWait.until(() -> robot.lookup(".badge").queryAll().stream().anyMatch(b -> "NVMe SSD".equals(((Label) b).getText())));
        robot.interact(() -> { });

        Label nvme = robot.lookup(".badge").queryAll().stream().map(Label.class::cast)
                .filter(b -> "NVMe SSD".equals(b.getText())).findFirst().orElseThrow();
        assertThat(nvme.getWidth()).as("the badge whole").isGreaterThanOrEqualTo(nvme.prefWidth(-1) - 0.5);
    }

    @Test
    void theDividerOverTheJobsComesBackWhereTheUserLeftIt(FxRobot robot) throws Exception {
        open(robot, Map.of("jobsDivider", "0.35"));
        assertThat(center(robot).getDividerPositions()[0]).as("no jobs yet: at the bottom").isGreaterThan(0.9);

        wipeTwelve(robot);
        assertThat(center(robot).getDividerPositions()[0]).isCloseTo(0.35, within(0.01));

        SplitPane center = center(robot);
        Node divider = center.lookupAll(".split-pane-divider").stream().filter(d -> d.getParent() == center).findFirst()
                .orElseThrow();
        robot.drag(divider).dropBy(0, 100);
        double moved = center(robot).getDividerPositions()[0];
        assertThat(moved).isGreaterThan(0.4);
        assertThat(Double.parseDouble(layout(robot).get("jobsDivider"))).isCloseTo(moved, within(0.001));
    }

    /** A window last seen on a screen that is gone opens on this one, at its size; the tree's columns are kept. */
    @Test
    void aPlaceOffTodaysScreensIsBroughtBackWhole(FxRobot robot) throws Exception {
        open(robot, Map.of("x", "5000", "y", "3000", "width", "1100", "height", "700", "devicesDivider", "0.6"));

        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        assertThat(screen.contains(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight())).isTrue();
        assertThat(stage.getWidth()).isEqualTo(1100);
        Map<String, String> kept = layout(robot);
        assertThat(kept).containsEntry("width", "1100.0").containsEntry("maximized", "false")
                .containsEntry("column.model", Double.toString(column(robot, "Model").getWidth()));
        assertThat(Double.parseDouble(kept.get("devicesDivider"))).isCloseTo(0.6, within(0.03));
    }

    private void open(FxRobot robot, Map<String, String> remembered) {
        this.remembered = remembered;
        open(robot, true);
    }

    /** The remembered layout, on a laptop's screen unless the window's size is remembered. */
    @Override
    protected void beforeShow() {
        view.restoreLayout(remembered);
        if (!remembered.containsKey("width")) {
            stage.setWidth(1366);
            stage.setHeight(HEIGHT);
        }
    }

    @Override
    protected void started() {
        view.start();
    }

    /** Twelve image files, ticked and wiped. */
    private void wipeTwelve(FxRobot robot) throws Exception {
        List<CompletableFuture<DeviceRow>> added = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            String path = image("disk" + i + ".img").toString();
            robot.interact(() -> added.add(vm.devices().addImageFile(path)));
        }
        List<DeviceRow> rows = new ArrayList<>();
        for (CompletableFuture<DeviceRow> f : added) {
            rows.add(f.get(60, TimeUnit.SECONDS));
        }
        dialogs.answer(true);
        AtomicReference<CompletableFuture<List<JobViewModel>>> started = new AtomicReference<>();
        robot.interact(() -> {
            rows.forEach(r -> r.checkedProperty().set(true));
            started.set(vm.wipe());
        });
        assertThat(started.get().get(60, TimeUnit.SECONDS)).hasSize(12);
        FxWait.until(() -> robot.lookup(".job-line").queryAll().size() == 12);
    }

    private SplitPane center(FxRobot robot) {
        return robot.lookup(".split-pane").queryAll().stream().map(SplitPane.class::cast)
                .filter(s -> s.getOrientation() == Orientation.VERTICAL).findFirst().orElseThrow();
    }

    private Region jobsPane(FxRobot robot) {
        return (Region) center(robot).getItems().get(1);
    }

    private Map<String, String> layout(FxRobot robot) {
        AtomicReference<Map<String, String>> layout = new AtomicReference<>();
        robot.interact(() -> layout.set(view.layout()));
        return layout.get();
    }

    private static TreeTableColumn<?, ?> column(FxRobot robot, String title) {
        TreeTableView<?> tree = robot.lookup(".tree-table-view").queryAs(TreeTableView.class);
        return tree.getColumns().stream().filter(c -> title.equals(c.getText())).findFirst().orElseThrow();
    }
}
