package dev.blockwipe.ui;

import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.Benchmark;
import dev.blockwipe.engine.Units;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The benchmark of one device: a table of sequential read throughput by request size and queue
 * depth (the fastest cell marked) and a graph of throughput across the device, both filled in as
 * the measurements arrive. Closing the dialog stops a benchmark that still runs.
 */
final class BenchDialog {
    private final Dialog<ButtonType> dialog = new Dialog<>();
    private final BenchViewModel vm;
    private final Map<String, Label> cells = new HashMap<>();
    private final XYChart.Series<Number, Number> across = new XYChart.Series<>();

    private BenchDialog(BenchViewModel vm, Window owner) {
        this.vm = vm;
        RowFacts t = vm.target();
        dialog.initOwner(owner);
        dialog.setTitle("Benchmark " + t.name());
        dialog.setHeaderText(t.name() + " (" + Units.bytes(t.size()) + (t.kind().isEmpty() ? "" : " " + t.kind())
                + "): reads only, nothing is written");
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().getStylesheets().addAll(owner.getScene().getStylesheets());
        dialog.getDialogPane().setContent(content());
        dialog.getDialogPane().setPrefWidth(720);
        dialog.setResizable(true);
        dialog.setOnHidden(e -> vm.cancel());
        vm.matrix().addListener((ListChangeListener<Benchmark.Measurement>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(this::show);
            }
            markBest();
        });
        vm.profile().addListener((ListChangeListener<Benchmark.Sample>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(s -> across.getData().add(
                        new XYChart.Data<>(100 * s.position(), s.bytesPerSecond() / 1e6)));
            }
        });
    }

    /** Starts the benchmark and shows its dialog until the user closes it. */
    static void show(BenchViewModel vm, Window owner) {
        BenchDialog d = new BenchDialog(vm, owner);
        vm.start();
        d.dialog.showAndWait();
    }

    private VBox content() {
        GridPane table = new GridPane();
        table.setHgap(18);
        table.setVgap(3);
        table.setId("bench-table");
        table.add(new Label("request"), 0, 0);
        for (int d = 0; d < Benchmark.DEPTHS.size(); d++) {
            table.add(header("QD " + Benchmark.DEPTHS.get(d)), d + 1, 0);
        }
        for (int b = 0; b < Benchmark.BLOCK_SIZES.size(); b++) {
            table.add(new Label(Units.bytes(Benchmark.BLOCK_SIZES.get(b))), 0, b + 1);
            for (int d = 0; d < Benchmark.DEPTHS.size(); d++) {
                Label cell = new Label("…");
                cell.getStyleClass().add("muted");
                cell.setMinWidth(80);
                cell.setAlignment(Pos.CENTER_RIGHT);
                cells.put(key(Benchmark.BLOCK_SIZES.get(b), Benchmark.DEPTHS.get(d)), cell);
                table.add(cell, d + 1, b + 1);
            }
        }

        NumberAxis position = new NumberAxis("position on the device (%)", 0, 100, 10);
        NumberAxis rate = new NumberAxis();
        rate.setLabel("MB/s");
        rate.setForceZeroInRange(true);
        LineChart<Number, Number> chart = new LineChart<>(position, rate);
        chart.setAnimated(false);
        chart.setLegendVisible(false);
        chart.setPrefHeight(260);
        chart.setId("bench-profile");
        across.setName("read");
        chart.getData().add(across);

        Label status = new Label();
        status.textProperty().bind(vm.statusProperty());
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.setMaxWidth(Double.MAX_VALUE);
        status.setId("bench-status");

        VBox box = new VBox(8, Sections.title("Sequential read, MB/s (each: up to "
                        + Units.bytes(Benchmark.MEASURE_BYTES) + " or 1 s)"), table,
                Sections.title("Read across the device (" + BenchViewModel.SAMPLES + " positions, the sizes a wipe uses)"),
                chart, status);
        box.setPadding(new Insets(6));
        return box;
    }

    private void show(Benchmark.Measurement m) {
        Label cell = cells.get(key(m.blockSize(), m.depth()));
        if (cell != null && m.op() == Access.READ) {
            cell.setText(String.format(Locale.ROOT, "%.0f", m.bytesPerSecond() / 1e6));
            cell.getStyleClass().remove("muted");
        }
    }

    private void markBest() {
        cells.values().forEach(c -> c.getStyleClass().remove("best"));
        vm.matrix().stream().filter(m -> m.op() == Access.READ)
                .max(Comparator.comparingDouble(Benchmark.Measurement::bytesPerSecond))
                .map(m -> cells.get(key(m.blockSize(), m.depth())))
                .ifPresent(c -> c.getStyleClass().add("best"));
    }

    private static String key(int blockSize, int depth) {
        return blockSize + "x" + depth;
    }

    private static Label header(String text) {
        Label l = new Label(text);
        l.setMinWidth(80);
        l.setAlignment(Pos.CENTER_RIGHT);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }
}
