package dev.blockwipe.ui.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.FxWait;
import java.time.LocalTime;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.chart.AreaChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue 38: the graph of all jobs had its label cut to "MB/s…", counted seconds since the window
 * opened, and drew a time without jobs as a straight ramp.
 */
@ExtendWith(ApplicationExtension.class)
class AllJobsChartTest {
    private static final long SECOND = 1_000_000_000L;
    private AllJobsChart chart;

    @Start
    void start(javafx.stage.Stage stage) {
        chart = new AllJobsChart(0, LocalTime.of(14, 0));
        // the height the jobs pane gives it at least
        stage.setScene(new Scene(new StackPane(chart.node()), 700, 140));
        stage.show();
    }

    @Test
    void theSpeedAxisLabelIsShownWhole(FxRobot robot) {
        robot.interact(() -> runFor(0, 30, 2e9));

        Text drawn = robot.from(chart.node().getYAxis()).lookup(".axis-label .text").queryAs(Text.class);
        assertThat(drawn.getText()).isEqualTo("MB/s");
    }

    @Test
    void theTimeAxisSaysTheTimeOfDay(FxRobot robot) throws Exception {
        robot.interact(() -> runFor(0, 600, 2e9));

        NumberAxis x = (NumberAxis) chart.node().getXAxis();
        FxWait.until(() -> !x.getTickMarks().isEmpty());
        List<String> labels = x.getTickMarks().stream().map(t -> x.getTickLabelFormatter().toString(t.getValue())).toList();
        assertThat(labels).isNotEmpty().allSatisfy(l -> assertThat(l).matches("14:\\d\\d"));
        assertThat(labels).contains("14:00", "14:10");
    }

    @Test
    void aTimeWithoutJobsIsDrawnAtZero(FxRobot robot) {
        robot.interact(() -> {
            runFor(0, 10, 3e9);
            for (int s = 10; s < 200; s++) {
                chart.second(s * SECOND, false, 0);
            }
            runFor(200, 205, 1e9);
        });

        List<XYChart.Data<Number, Number>> data = chart.node().getData().get(0).getData();
        for (int i = 1; i < data.size(); i++) {
            double gap = data.get(i).getXValue().doubleValue() - data.get(i - 1).getXValue().doubleValue();
            if (gap > 1.5) {
                assertThat(data.get(i - 1).getYValue().doubleValue()).as("before a gap").isZero();
                assertThat(data.get(i).getYValue().doubleValue()).as("after a gap").isZero();
            }
        }
        assertThat(data).anySatisfy(d -> assertThat(d.getXValue().doubleValue()).isGreaterThan(14 * 3600 + 190));
    }

    @Test
    void hoursOfJobsKeepTenMinutesOfPoints(FxRobot robot) {
        robot.interact(() -> runFor(0, 4 * 3600, 1e9));

        AreaChart<Number, Number> node = chart.node();
        assertThat(node.getData().get(0).getData()).hasSize(600);
    }

    /** The frame that starts a second of the clock comes a few milliseconds early or late. */
    @Test
    void everySecondAddsItsPointHoweverLateItsFrame(FxRobot robot) {
        long[] frames = {16_000_000L, SECOND + 3_000_000L, 2 * SECOND + 40_000_000L, 3 * SECOND + 1_000_000L};
        robot.interact(() -> {
            for (long nanos : frames) {
                chart.second(nanos, true, 1e9);
            }
        });

        assertThat(chart.node().getData().get(0).getData()).hasSize(frames.length);
    }

    /** One call a second from {@code from} to {@code to} with jobs running at {@code bytesPerSecond}. */
    private void runFor(int from, int to, double bytesPerSecond) {
        for (int s = from; s < to; s++) {
            chart.second(s * SECOND, true, bytesPerSecond);
        }
    }
}
