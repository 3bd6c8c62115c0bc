package dev.blockwipe.ui.jobs;

import static dev.blockwipe.ui.jobs.JobEvents.SIZE;
import static dev.blockwipe.ui.jobs.JobEvents.progress;
import static dev.blockwipe.ui.jobs.JobEvents.started;
import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.FxWait;
import dev.blockwipe.ui.MainView;
import dev.blockwipe.ui.Styles;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The jobs pane: one line per job, made a few per frame; a line opens to the job's full card and
 * closes again, one card at a time; the sparklines of the lines in view and the open card's graph
 * follow their jobs once a second; without jobs the pane is one line high.
 */
@ExtendWith(ApplicationExtension.class)
class JobsPaneTest {
    private static final long SECOND = 1_000_000_000L;

    private long now;
    private final ObservableList<JobViewModel> jobs = FXCollections.observableArrayList();
    private JobsPane pane;

    @Start
    void start(javafx.stage.Stage stage) {
        pane = new JobsPane(jobs, new SimpleDoubleProperty(1e9), new SimpleIntegerProperty(0), job -> { }, job -> { });
        VBox root = new VBox(pane.node());
        Scene scene = new Scene(root, 1100, 300);
        scene.getStylesheets().add(MainView.css(MainView.LIGHT));
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void withoutJobsThePaneIsOneLineHighAndWithJobsItMayGrow(FxRobot robot) {
        robot.interact(pane::tick);
        assertThat(robot.lookup("#no-jobs").queryLabeled().isVisible()).isTrue();
        assertThat(pane.node().getHeight()).as("one line of text").isLessThan(40);
        assertThat(pane.node().getMaxHeight()).isEqualTo(Region.USE_PREF_SIZE);

        robot.interact(() -> {
            jobs.add(running(1));
            pane.tick();
        });
        assertThat(robot.lookup("#no-jobs").queryLabeled().isVisible()).isFalse();
        assertThat(pane.node().getMaxHeight()).isEqualTo(Double.MAX_VALUE);

        robot.interact(() -> {
            jobs.clear();
            pane.tick();
        });
        assertThat(pane.node().getHeight()).as("one line again").isLessThan(40);
        assertThat(lineIds(robot)).isEmpty();
    }

    @Test
    void aLineOpensToItsCardAndClosesAgainOneCardAtATime(FxRobot robot) {
        robot.interact(() -> {
            jobs.addAll(IntStream.rangeClosed(1, 3).mapToObj(this::running).toList());
            pane.tick();
        });
        assertThat(robot.lookup("." + Styles.JOB_CARD).queryAll()).as("only lines at first").isEmpty();

        robot.clickOn("#line-loop2");
        assertThat(listIds(robot)).containsExactly("line-loop1", "line-loop2", "job-loop2", "line-loop3");

        robot.clickOn("#line-loop1");
        assertThat(listIds(robot)).as("one card at a time").containsExactly("line-loop1", "job-loop1", "line-loop2",
                "line-loop3");

        robot.type(KeyCode.ENTER);
        assertThat(listIds(robot)).as("Enter on the focused line closes it").containsExactly("line-loop1", "line-loop2",
                "line-loop3");
        robot.type(KeyCode.ENTER);
        assertThat(listIds(robot)).as("and opens it").containsExactly("line-loop1", "job-loop1", "line-loop2", "line-loop3");
    }

    /** Sixty jobs started at once held the FX thread for their sixty cards: lines are made a few per frame, newest first. */
    @Test
    void sixtyJobsStartedAtOnceGetTheirLinesAFewPerFrameNewestFirst(FxRobot robot) {
        List<JobViewModel> sixty = IntStream.rangeClosed(1, 60).mapToObj(this::running).toList();
        robot.interact(() -> jobs.addAll(0, sixty));
        robot.interact(pane::tick);
        assertThat(lineIds(robot)).hasSize(JobsPane.LINES_PER_FRAME).startsWith("line-loop1", "line-loop2");
        for (int frame = 1; frame < 60 / JobsPane.LINES_PER_FRAME + 1; frame++) {
            robot.interact(pane::tick);
        }
        assertThat(lineIds(robot)).containsExactlyElementsOf(sixty.stream().map(j -> "line-" + j.name()).toList());
    }

    /**
     * Once a second the lines in view redraw their sparklines and the open card its graph; a line
     * scrolled out of view does not, until it is in view again.
     */
    @Test
    void theLinesInViewAndTheOpenCardFollowTheirJobs(FxRobot robot) throws Exception {
        robot.interact(() -> jobs.addAll(IntStream.rangeClosed(1, 30).mapToObj(this::running).toList()));
        FxWait.until(() -> {
            pane.tick();
            return lineIds(robot).size() == 30;
        });
        JobViewModel top = jobs.get(0);
        JobViewModel bottom = jobs.get(29);
        robot.clickOn("#line-" + top.name());
        robot.interact(this::secondsPass);
        assertThat(bottom.ratePoints()).as("the jobs have points to draw").hasSizeGreaterThan(2);

        FxWait.until(() -> {
            pane.tick();
            return line(top).sparkPoints() == top.ratePoints().size() && drawn(robot, top) == top.ratePoints().size();
        });
        assertThat(line(bottom).sparkPoints()).as("the last line is out of view").isZero();

        robot.interact(() -> robot.lookup(".scroll-pane").queryAs(ScrollPane.class).setVvalue(1));
        FxWait.until(() -> {
            pane.tick();
            return line(bottom).sparkPoints() == bottom.ratePoints().size();
        });
    }

    private JobLine line(JobViewModel job) {
        return pane.lineOf(job);
    }

    private static List<String> lineIds(FxRobot robot) {
        return robot.lookup("." + Styles.JOB_LINE).queryAll().stream().map(Node::getId).toList();
    }

    /** The ids of the jobs list's children, top to bottom. */
    private static List<String> listIds(FxRobot robot) {
        return robot.lookup("#line-loop1").query().getParent().getChildrenUnmodifiable().stream().map(Node::getId).toList();
    }

    private JobViewModel running(int n) {
        JobViewModel job = new JobViewModel("/dev/loop" + n, "loop" + n, "Loop · 256 MiB",
                WipeRequest.of(WipeMethods.byName("dod-short").orElseThrow()), Set.of("disk loop" + n), () -> now, false);
        job.on(started());
        job.drain();
        return job;
    }

    /** Each job writes for another three seconds of its clock and draws them into its points. */
    private void secondsPass() {
        for (int s = 0; s < 3; s++) {
            now += SECOND;
            for (JobViewModel job : jobs) {
                job.on(progress(Math.min(SIZE, now / SECOND * (SIZE / 8)), 0, Duration.ofSeconds(8)));
                job.drain();
            }
        }
    }

    /** How many points the open card's throughput graph shows. */
    private static int drawn(FxRobot robot, JobViewModel job) {
        return robot.lookup("#job-" + job.name()).query().lookupAll(".chart").stream()
                .filter(LineChart.class::isInstance).map(n -> (LineChart<?, ?>) n)
                .flatMap(c -> c.getData().stream()).filter(s -> "MB/s".equals(s.getName()))
                .mapToInt(s -> s.getData().size()).sum();
    }
}
