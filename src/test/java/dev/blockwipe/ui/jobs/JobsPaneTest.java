package dev.blockwipe.ui.jobs;

import static dev.blockwipe.ui.jobs.JobEvents.SIZE;
import static dev.blockwipe.ui.jobs.JobEvents.progress;
import static dev.blockwipe.ui.jobs.JobEvents.started;
import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.FxWait;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The job cards' graphs follow their jobs once a second, but only the cards in view: a dozen
 * charts laid out again every second for nobody kept the FX thread busy on a full bench. The
 * cards of many jobs started at once come a few per frame.
 */
@ExtendWith(ApplicationExtension.class)
class JobsPaneTest {
    private static final long SECOND = 1_000_000_000L;
    private static final int JOBS = 8;

    private long now;
    private final ObservableList<JobViewModel> jobs = FXCollections.observableArrayList();
    private JobsPane pane;

    @Start
    void start(javafx.stage.Stage stage) {
        pane = new JobsPane(jobs, new SimpleDoubleProperty(1e9), new SimpleIntegerProperty(JOBS), job -> { }, job -> { });
        stage.setScene(new Scene(pane.node(), 900, 600));
        stage.show();
    }

    @Test
    void onlyTheCardsInViewDrawTheirNewPoints(FxRobot robot) throws Exception {
        robot.interact(() -> jobs.addAll(IntStream.rangeClosed(1, JOBS).mapToObj(this::running).toList()));
        FxWait.until(() -> {
            pane.tick();
            return cardIds(robot).size() == JOBS;
        });
        JobViewModel top = jobs.get(0);
        JobViewModel bottom = jobs.get(JOBS - 1);
        int whenAdded = bottom.ratePoints().size();
        robot.interact(this::secondPasses);
        assertThat(bottom.ratePoints()).as("the job has new points to draw").hasSizeGreaterThan(whenAdded);

        FxWait.until(() -> {
            pane.tick();
            return drawn(robot, top) == top.ratePoints().size();
        });
        assertThat(drawn(robot, bottom)).as("the last card is out of view").isEqualTo(whenAdded);

        robot.interact(() -> robot.lookup(".scroll-pane").queryAs(ScrollPane.class).setVvalue(1));
        robot.interact(this::secondPasses);
        FxWait.until(() -> {
            pane.tick();
            return drawn(robot, bottom) == bottom.ratePoints().size();
        });
    }

    /** Sixty jobs started at once held the FX thread for their sixty cards: a few are made per frame, newest first. */
    @Test
    void sixtyJobsStartedAtOnceGetTheirCardsAFewPerFrameNewestFirst(FxRobot robot) {
        List<JobViewModel> sixty = IntStream.rangeClosed(1, 60).mapToObj(this::running).toList();
        robot.interact(() -> jobs.addAll(0, sixty));
        robot.interact(pane::tick);
        assertThat(cardIds(robot)).containsExactly("job-loop1", "job-loop2", "job-loop3", "job-loop4")
                .hasSize(JobsPane.CARDS_PER_FRAME);
        for (int frame = 1; frame < 60 / JobsPane.CARDS_PER_FRAME; frame++) {
            robot.interact(pane::tick);
        }
        assertThat(cardIds(robot)).containsExactlyElementsOf(sixty.stream().map(j -> "job-" + j.name()).toList());
    }

    private static List<String> cardIds(FxRobot robot) {
        return robot.lookup("." + Styles.JOB_CARD).queryAll().stream().map(Node::getId).toList();
    }

    private JobViewModel running(int n) {
        JobViewModel job = new JobViewModel("/dev/loop" + n, "loop" + n, "Loop · 256 MiB",
                WipeRequest.of(WipeMethods.byName("dod-short").orElseThrow()), Set.of("disk loop" + n), () -> now, false);
        job.on(started());
        job.drain();
        return job;
    }

    /** Each job writes for another two seconds of its clock and draws them into its points. */
    private void secondPasses() {
        for (int s = 0; s < 2; s++) {
            now += SECOND;
            for (JobViewModel job : jobs) {
                job.on(progress(Math.min(SIZE, now / SECOND * (SIZE / 8)), 0, Duration.ofSeconds(8)));
                job.drain();
            }
        }
    }

    /** How many points the card's throughput graph shows. */
    private static int drawn(FxRobot robot, JobViewModel job) {
        return robot.lookup("#job-" + job.name()).query().lookupAll(".chart").stream()
                .filter(LineChart.class::isInstance).map(n -> (LineChart<?, ?>) n)
                .flatMap(c -> c.getData().stream()).filter(s -> "MB/s".equals(s.getName()))
                .mapToInt(s -> s.getData().size()).sum();
    }
}
