package dev.blockwipe.ui.monitor;

import static dev.blockwipe.ui.jobs.JobEvents.SIZE;
import static dev.blockwipe.ui.jobs.JobEvents.progress;
import static dev.blockwipe.ui.jobs.JobEvents.started;
import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.FxWait;
import dev.blockwipe.ui.MainView;
import dev.blockwipe.ui.Theme;
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
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue 38: twelve tiles on a 1366x768 screen showed without any style (black text on the dark
 * background, no tile, no bar): the type size they fit at was set from the scroll pane's layout,
 * after the pulse's CSS pass, and a view of ended jobs asks for no further pulse.
 */
@ExtendWith(ApplicationExtension.class)
class MonitorTilesStyledTest {
    private final ObservableList<JobViewModel> jobs = FXCollections.observableArrayList();
    private long now;
    private MonitorView monitor;

    @Start
    void start(javafx.stage.Stage stage) {
        new Theme();
        for (int i = 0; i < 12; i++) {
            jobs.add(job("loop" + i));
        }
        monitor = new MonitorView(jobs, new SimpleDoubleProperty(0), new SimpleIntegerProperty(0));
        Scene scene = new Scene(monitor.root(), 1366, 768);
        scene.getStylesheets().add(MainView.css(MainView.LIGHT));
        stage.setScene(scene);
        stage.show();
        monitor.update();
    }

    @Test
    void twelveTilesOnALaptopScreenHaveTheirStyle(FxRobot robot) throws Exception {
        Label name = robot.lookup("#tile-loop0 .monitor-name").queryAs(Label.class);
        FxWait.until(() -> Color.WHITE.equals(name.getTextFill()));

        assertThat(name.getFont().getSize()).as("2.3 em of the fitted type size").isGreaterThan(15);
    }

    @Test
    void twelveTilesStayOnTheScreenWhenTheirJobsEnd(FxRobot robot) throws Exception {
        FxWait.until(() -> offScreen(robot).isEmpty());

        robot.interact(() -> {
            jobs.forEach(job -> {
                job.on(new WipeEvent.Finished(JobEvents.result(FinalState.ERASED, FailureCause.NONE, JobEvents.verifyResult(0))));
                job.drain();
            });
            monitor.update();
        });
        FxWait.until(() -> jobs.stream().allMatch(j -> j.stateProperty().get() == JobState.ERASED));
        robot.interact(() -> { });

        assertThat(offScreen(robot)).as("tiles below or beside a 1366x768 screen").isEmpty();
    }

    private List<String> offScreen(FxRobot robot) {
        return robot.lookup(".monitor-tile").queryAll().stream()
                .filter(tile -> {
                    Bounds b = tile.localToScene(tile.getBoundsInLocal());
                    return b.getMaxY() > 768 || b.getMaxX() > 1366;
                })
                .map(tile -> tile.getId() + " " + tile.localToScene(tile.getBoundsInLocal())).toList();
    }

    private JobViewModel job(String name) {
        JobViewModel job = new JobViewModel("/dev/" + name, name, "Loop · 256 MiB",
                WipeRequest.of(WipeMethods.byName("dod-short").orElseThrow()), Set.of("disk " + name), () -> now, false);
        job.on(started());
        job.on(new WipeEvent.PassStarted(JobEvents.plan().passes().get(0), JobEvents.PASSES, Stage.WRITE));
        now += 1_000_000_000L;
        job.on(progress(SIZE / 2, 134e6, Duration.ofMinutes(3)));
        job.drain();
        return job;
    }
}
