package dev.blockwipe.ui.monitor;

import static dev.blockwipe.ui.jobs.JobEvents.SIZE;
import static dev.blockwipe.ui.jobs.JobEvents.progress;
import static dev.blockwipe.ui.jobs.JobEvents.started;
import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.ui.MainView;
import dev.blockwipe.ui.jobs.JobEvents;
import dev.blockwipe.ui.jobs.JobState;
import dev.blockwipe.ui.jobs.JobViewModel;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The monitor view: one tile per job with its device, stage, speed and ETA, the job closest to
 * its end first, queued jobs after running ones, and the throughput of all jobs on top.
 */
@ExtendWith(ApplicationExtension.class)
class MonitorViewTest {
    private static final long SECOND = 1_000_000_000L;

    private long now;
    private final ObservableList<JobViewModel> jobs = FXCollections.observableArrayList();
    private final SimpleDoubleProperty total = new SimpleDoubleProperty(2.5e9);
    private MonitorView monitor;

    @Start
    void start(javafx.stage.Stage stage) {
        monitor = new MonitorView(jobs, total, new SimpleIntegerProperty(3));
        Scene scene = new Scene(monitor.root(), 1400, 900);
        scene.getStylesheets().add(MainView.css(MainView.LIGHT));
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void tilesShowEachJobAndPutTheNearestEndFirst(FxRobot robot) {
        JobViewModel slow = job("loop1", Duration.ofMinutes(40));
        JobViewModel fast = job("loop2", Duration.ofMinutes(3));
        JobViewModel queued = job("loop3", null);
        robot.interact(() -> {
            jobs.addAll(List.of(queued, slow, fast));
            monitor.update();
        });

        assertThat(tileIds(robot)).containsExactly("tile-loop2", "tile-loop1", "tile-loop3");
        Node tile = robot.lookup("#tile-loop2").query();
        assertThat(texts(robot, tile)).contains("loop2", "Loop · 256 MiB", "ETA 3 m 0 s", "wiping", "134 MB/s")
                .anySatisfy(t -> assertThat(t).startsWith("pass 1/3"));
        assertThat(tile.getStyleClass()).contains("monitor-tile", JobState.RUNNING.styleClass());
        assertThat(robot.lookup("#monitor-total").queryAs(Label.class).getText())
                .startsWith("All jobs: 2.5 GB/s").contains("3 running or queued", "0 ended");
    }

    @Test
    void aJobThatGetsCloserToItsEndMovesUp(FxRobot robot) {
        JobViewModel a = job("loop1", Duration.ofMinutes(5));
        JobViewModel b = job("loop2", Duration.ofMinutes(9));
        robot.interact(() -> {
            jobs.addAll(List.of(a, b));
            monitor.update();
        });
        assertThat(tileIds(robot)).containsExactly("tile-loop1", "tile-loop2");

        robot.interact(() -> {
            b.on(progress(3 * SIZE, 900e6, Duration.ofMinutes(1)));
            b.drain();
            monitor.update();
        });
        assertThat(tileIds(robot)).containsExactly("tile-loop2", "tile-loop1");
    }

    @Test
    void theTypeShrinksUntilEveryTileFitsTheScreenThenTheViewScrolls() {
        assertThat(MonitorView.fittingSize(2, 1280, 720)).isEqualTo(MonitorView.FULL_SIZE);
        double dozen = MonitorView.fittingSize(12, 1280, 720);
        assertThat(dozen).isLessThan(MonitorView.FULL_SIZE).isGreaterThan(MonitorView.SMALLEST_SIZE);
        assertThat(MonitorView.fittingSize(12, 1920, 1080)).as("a wall screen").isGreaterThan(dozen);
        assertThat(MonitorView.fittingSize(200, 1280, 720)).isEqualTo(MonitorView.SMALLEST_SIZE);
    }

    /**
     * A job that wrote nothing in its first second and half its first pass in its second (its ETA
     * shows after two), with {@code eta} left; a null ETA leaves it queued.
     */
    private JobViewModel job(String name, Duration eta) {
        JobViewModel job = new JobViewModel("/dev/" + name, name, "Loop · 256 MiB",
                WipeRequest.of(WipeMethods.byName("dod-short").orElseThrow()), Set.of("disk " + name), () -> now, false);
        if (eta != null) {
            job.on(started());
            job.on(new WipeEvent.PassStarted(JobEvents.plan().passes().get(0), JobEvents.PASSES, Stage.WRITE));
            now += SECOND;
            job.on(progress(0, 0, null));
            now += SECOND;
            job.on(progress(SIZE / 2, 134e6, eta));
            job.drain();
        }
        return job;
    }

    private static List<String> tileIds(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        FlowPane tiles = robot.lookup(".monitor-tile").query().getParent() instanceof FlowPane f ? f : null;
        assertThat(tiles).isNotNull();
        return tiles.getChildren().stream().map(Node::getId).toList();
    }

    private static List<String> texts(FxRobot robot, Node tile) {
        return robot.from(tile).lookup(".label").queryAllAs(Label.class).stream().map(Label::getText).toList();
    }
}
