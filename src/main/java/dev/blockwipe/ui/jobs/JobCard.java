package dev.blockwipe.ui.jobs;

import dev.blockwipe.engine.job.SpeedAcrossDisk;
import dev.blockwipe.ui.Styles;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * One job in full, below its {@link JobLine} (which names it and holds Cancel or Report): pass and
 * pattern, progress, speed, ETA, bytes, the live throughput graph (MB/s and the running average,
 * the last 10 minutes) and the speed across the device.
 */
final class JobCard {
    private static final int ACROSS_PASSES_SHOWN = 4;
    private final VBox box = new VBox();
    private final JobViewModel job;
    private final XYChart.Series<Number, Number> rate = series("MB/s");
    private final XYChart.Series<Number, Number> average = series("average");
    private final NumberAxis x = SteadyAxis.manual(new NumberAxis());
    private final NumberAxis y = SteadyAxis.manual(new NumberAxis());

    JobCard(JobViewModel job) {
        this.job = job;
        box.getStyleClass().add(Styles.JOB_CARD);
        box.setId("job-" + job.name());
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(job.progressProperty());
        bar.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(bar, Priority.ALWAYS);
        Label percent = new Label();
        percent.textProperty().bind(Bindings.when(job.progressProperty().lessThan(0)).then("")
                .otherwise(Bindings.format("%.1f%%", job.progressProperty().multiply(100))));
        Label stage = label(job.stageProperty());
        stage.setMinWidth(230);
        HBox progress = new HBox(8, stage, bar, percent);
        progress.setAlignment(Pos.CENTER_LEFT);

        Label temperature = label(job.temperatureProperty());
        temperature.setId("temperature-" + job.name());
        job.thermalPauseProperty().addListener((obs, was, paused) -> styleTemperature(temperature, paused));
        HBox numbers = new HBox(18, label(job.speedProperty()), label(job.etaProperty()), label(job.bytesProperty()),
                temperature);
        Label message = label(job.messageProperty());
        message.getStyleClass().add(Styles.MUTED);
        message.setWrapText(true);
        Label stall = label(job.stallProperty());
        stall.getStyleClass().add(Styles.PROBLEM);
        stall.setWrapText(true);
        stall.visibleProperty().bind(job.stallProperty().isNotEmpty());
        stall.managedProperty().bind(stall.visibleProperty());
        Label warnings = label(job.warningsProperty());
        warnings.getStyleClass().add(Styles.WARNING);
        warnings.setWrapText(true);
        warnings.visibleProperty().bind(job.warningsProperty().isNotEmpty());
        warnings.managedProperty().bind(warnings.visibleProperty());
        warnings.setId("warnings-" + job.name());
        LineChart<Number, Number> overTime = chart();
        HBox.setHgrow(overTime, Priority.ALWAYS);
        HBox charts = new HBox(6, overTime, acrossDisk(job));
        box.getChildren().addAll(progress, numbers, stall, message, warnings, charts);
    }

    VBox node() {
        return box;
    }

    /**
     * Brings the graph up to the job's points. The pane calls it once a second for the cards in
     * view only: every change to a chart's data lays the chart out again (its axes, their ticks and
     * labels), and a dozen cards doing that for graphs nobody sees kept the FX thread busy.
     */
    void refreshGraph() {
        ChartData.mirror(job.ratePoints(), rate);
        ChartData.mirror(job.averagePoints(), average);
        SteadyAxis.fit(x, y, List.of(rate, average));
    }

    private static Label label(javafx.beans.value.ObservableValue<String> text) {
        Label l = new Label();
        l.textProperty().bind(text);
        return l;
    }

    /** Paused for heat is a warning: the job waits for the drive, not for the user. */
    private static void styleTemperature(Label label, boolean paused) {
        if (paused) {
            label.getStyleClass().add(Styles.WARNING);
        } else {
            label.getStyleClass().remove(Styles.WARNING);
        }
    }


    /** The card's graph: unanimated, no symbols, its points mirrored from the capped view-model lists. */
    private LineChart<Number, Number> chart() {
        x.setLabel("seconds");
        y.setLabel("MB/s");
        LineChart<Number, Number> chart = new LineChart<>(x, y);
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setPrefHeight(150);
        chart.setMinHeight(120);
        chart.setLegendVisible(true);
        chart.getData().addAll(List.of(rate, average));
        refreshGraph();
        return chart;
    }

    /**
     * The speed across the device: each finished write pass's rate in twenty regions, from the
     * device's start (0 %) to its end (100 %); a dip that the other regions do not share is where a
     * failing disk retries. Shown once the first write pass has finished; the last
     * {@link #ACROSS_PASSES_SHOWN} passes (a Gutmann wipe has 35).
     */
    private static LineChart<Number, Number> acrossDisk(JobViewModel job) {
        NumberAxis x = new NumberAxis(0, 100, 25);
        x.setLabel("% of the device");
        x.setAnimated(false);
        NumberAxis y = new NumberAxis();
        y.setLabel("MB/s");
        y.setAnimated(false);
        LineChart<Number, Number> chart = new LineChart<>(x, y);
        chart.setId("across-" + job.name());
        chart.getStyleClass().add(Styles.ACROSS_DISK);
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setPrefSize(300, 150);
        chart.setMinHeight(120);
        chart.setLegendVisible(false);
        chart.visibleProperty().bind(Bindings.isNotEmpty(job.acrossDisk()));
        chart.managedProperty().bind(chart.visibleProperty());
        job.acrossDisk().addListener((ListChangeListener<List<SpeedAcrossDisk.Region>>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(regions -> chart.getData().add(regionSeries(regions)));
            }
            if (chart.getData().size() > ACROSS_PASSES_SHOWN) {
                chart.getData().remove(0, chart.getData().size() - ACROSS_PASSES_SHOWN);
            }
        });
        return chart;
    }

    private static XYChart.Series<Number, Number> regionSeries(List<SpeedAcrossDisk.Region> regions) {
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        long end = regions.isEmpty() ? 1 : regions.get(regions.size() - 1).end();
        for (SpeedAcrossDisk.Region r : regions) {
            if (!Double.isNaN(r.bytesPerSecond())) {
                series.getData().add(new XYChart.Data<>(100.0 * r.middle() / end, r.bytesPerSecond() / 1e6));
            }
        }
        return series;
    }

    private static XYChart.Series<Number, Number> series(String name) {
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        series.setName(name);
        return series;
    }
}
