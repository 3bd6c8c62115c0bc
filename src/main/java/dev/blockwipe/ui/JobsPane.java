package dev.blockwipe.ui;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedAreaChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The jobs: one card each, newest first, and the aggregate graph (all jobs' MB/s stacked, one
 * point per job per second, the last 10 minutes).
 */
final class JobsPane {
    private static final int AGGREGATE_POINTS = 600;

    private final VBox cards = new VBox(8);
    private final VBox box;
    private final StackedAreaChart<Number, Number> aggregate;
    private final Map<JobViewModel, XYChart.Series<Number, Number>> aggregateSeries = new HashMap<>();
    private final long start = System.nanoTime();
    private double lastSample = -1;

    JobsPane(MainViewModel vm, Consumer<JobViewModel> cancel, Consumer<JobViewModel> report) {
        Label empty = new Label("No jobs yet. Check the devices to wipe and press Wipe… (Alt+W).");
        empty.getStyleClass().add("muted");
        empty.visibleProperty().bind(Bindings.isEmpty(vm.jobs()));
        empty.managedProperty().bind(empty.visibleProperty());
        vm.jobs().addListener((ListChangeListener<JobViewModel>) c -> {
            while (c.next()) {
                for (JobViewModel job : c.getAddedSubList()) {
                    cards.getChildren().add(c.getFrom(), new JobCard(job, cancel, report).node());
                }
            }
        });
        NumberAxis x = new NumberAxis();
        x.setLabel("seconds");
        x.setForceZeroInRange(false);
        x.setAnimated(false);
        NumberAxis y = new NumberAxis();
        y.setLabel("MB/s, all jobs");
        y.setAnimated(false);
        aggregate = new StackedAreaChart<>(x, y);
        aggregate.setAnimated(false);
        aggregate.setCreateSymbols(false);
        aggregate.setPrefHeight(170);
        aggregate.setMinHeight(140);
        aggregate.setTitle("All jobs");
        aggregate.visibleProperty().bind(Bindings.isNotEmpty(vm.jobs()));
        aggregate.managedProperty().bind(aggregate.visibleProperty());
        Label title = Sections.title("Jobs");
        VBox content = new VBox(8, empty, cards);
        content.setPadding(new Insets(4));
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        box = new VBox(4, title, aggregate, scroll);
        box.setPadding(new Insets(6));
    }

    VBox node() {
        return box;
    }

    /** Once per frame; adds a point per job to the aggregate graph once a second. */
    void tick(MainViewModel vm) {
        double now = (System.nanoTime() - start) / 1e9;
        if (now - lastSample < 1) {
            return;
        }
        lastSample = now;
        for (JobViewModel job : vm.jobs()) {
            XYChart.Series<Number, Number> series = aggregateSeries.computeIfAbsent(job, j -> {
                XYChart.Series<Number, Number> s = new XYChart.Series<>();
                s.setName(j.name());
                aggregate.getData().add(s);
                return s;
            });
            if (!job.stateProperty().get().finished() || !series.getData().isEmpty()
                    && series.getData().get(series.getData().size() - 1).getYValue().doubleValue() > 0) {
                series.getData().add(new XYChart.Data<>(now, job.rateProperty().get() / 1e6));
            }
            if (series.getData().size() > AGGREGATE_POINTS) {
                series.getData().remove(0, series.getData().size() - AGGREGATE_POINTS);
            }
        }
    }
}
