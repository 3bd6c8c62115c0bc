package dev.blockwipe.ui.bench;

import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.bench.Benchmark;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.ui.Sections;
import dev.blockwipe.ui.Styles;
import dev.blockwipe.ui.dialogs.TypedConfirmationView;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Side;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ScatterChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The benchmark of one device. It opens on its settings (samples across the device and their
 * size, random reads for the access time, read-only or read and write, the latter behind the
 * wipe's typed confirmation) and a Start button; while it runs, Stop; after, Re-run, with the
 * figures of the last run kept: a table of sequential throughput by request size and queue depth
 * (the fastest read marked), a graph of throughput across the device and one of the random reads'
 * access times, each filled in as the measurements arrive. Closing the dialog stops a run.
 */
public final class BenchDialog {
    private final Dialog<ButtonType> dialog = new Dialog<>();
    private final BenchViewModel vm;
    private final Map<String, Label> cells = new HashMap<>();
    private final LineChart<Number, Number> across = new LineChart<>(
            new NumberAxis("position on the device (%)", 0, 100, 10), new NumberAxis());
    private final XYChart.Series<Number, Number> readAcross = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> writeAcross = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> accessTimes = new XYChart.Series<>();

    private BenchDialog(BenchViewModel vm, Window owner) {
        this.vm = vm;
        dialog.initOwner(owner);
        dialog.setTitle("Benchmark " + vm.target().name());
        dialog.headerTextProperty().bind(vm.headerProperty());
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().getStylesheets().addAll(owner.getScene().getStylesheets());
        dialog.getDialogPane().setContent(new VBox(10, settings(), results()));
        dialog.getDialogPane().setPrefWidth(960);
        dialog.setResizable(true);
        dialog.setOnHidden(e -> vm.stop());
        vm.matrix().addListener((ListChangeListener<Benchmark.Measurement>) c -> {
            while (c.next()) {
                if (c.wasRemoved()) {
                    clearTable();
                }
                c.getAddedSubList().forEach(this::show);
            }
            markBest();
        });
        vm.profile().addListener((ListChangeListener<Benchmark.Sample>) c -> {
            while (c.next()) {
                if (c.wasRemoved()) {
                    readAcross.getData().clear();
                    writeAcross.getData().clear();
                    across.getData().remove(writeAcross);
                }
                c.getAddedSubList().forEach(this::show);
            }
        });
        vm.access().addListener((ListChangeListener<Benchmark.AccessRead>) c -> {
            while (c.next()) {
                if (c.wasRemoved()) {
                    accessTimes.getData().clear();
                }
                c.getAddedSubList().forEach(a -> accessTimes.getData().add(
                        new XYChart.Data<>(100 * a.position(), a.seconds() * 1000)));
            }
        });
    }

    /** Shows the dialog until the user closes it; nothing is measured before Start. */
    public static void show(BenchViewModel vm, Window owner) {
        new BenchDialog(vm, owner).dialog.showAndWait();
    }

    private VBox settings() {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        grid.addRow(0, label("Samples across the _device:"), spinner(vm.samplesProperty(), 2,
                Benchmark.Options.MAX_SAMPLES, "bench-samples"), label("Sample si_ze (MiB):"),
                spinner(vm.sampleMiBProperty(), (int) (Benchmark.Options.MIN_SAMPLE_BYTES >> 20),
                        (int) (Benchmark.Options.MAX_SAMPLE_BYTES >> 20), "bench-sample-size"),
                label("Random reads (_access time):"), spinner(vm.accessReadsProperty(), 1,
                        Benchmark.Options.MAX_ACCESS_READS, "bench-access-reads"));
        grid.getChildren().forEach(n -> n.disableProperty().bind(vm.runningProperty()));
        for (int i = 0; i < grid.getChildren().size(); i += 2) {
            ((Label) grid.getChildren().get(i)).setLabelFor(grid.getChildren().get(i + 1));
        }

        ToggleGroup mode = new ToggleGroup();
        RadioButton read = new RadioButton("_Read only: nothing is written");
        RadioButton write = new RadioButton("Read and _write: zeroes over the measured regions, which destroys the data"
                + " there");
        write.setId("bench-write");
        read.setToggleGroup(mode);
        write.setToggleGroup(mode);
        read.setSelected(true);
        write.selectedProperty().bindBidirectional(vm.writeProperty());
        read.disableProperty().bind(vm.runningProperty());
        VBox box = new VBox(6, Sections.title("Settings"), grid, read, write);
        if (vm.whyNoWrite().isEmpty()) {
            write.disableProperty().bind(vm.runningProperty());
        } else {
            write.setDisable(true);
            Label why = new Label("Writing is only for a device a wipe would accept: " + vm.whyNoWrite() + ".");
            why.getStyleClass().add(Styles.MUTED);
            box.getChildren().add(why);
        }
        TypedConfirmationView confirm = new TypedConfirmationView(vm.confirmation());
        confirm.node().visibleProperty().bind(vm.writeProperty());
        confirm.node().managedProperty().bind(vm.writeProperty());
        confirm.node().disableProperty().bind(vm.runningProperty());

        Label problem = new Label();
        problem.getStyleClass().add(Styles.PROBLEM);
        problem.textProperty().bind(vm.problemProperty());
        problem.managedProperty().bind(vm.problemProperty().isNotEmpty());

        Button start = new Button();
        start.setId("bench-start");
        start.textProperty().bind(Bindings.when(vm.statusProperty().isEmpty().or(vm.runningProperty()))
                .then("_Start").otherwise("_Re-run"));
        start.disableProperty().bind(vm.canStartProperty().not());
        start.setOnAction(e -> vm.start());
        Button stop = new Button("S_top");
        stop.setId("bench-stop");
        stop.disableProperty().bind(vm.runningProperty().not());
        stop.setOnAction(e -> vm.stop());
        Label saved = new Label();
        saved.setId("bench-saved");
        saved.getStyleClass().add(Styles.MUTED);
        saved.textProperty().bind(vm.savedProperty());
        HBox buttons = new HBox(8, start, stop, saved);
        buttons.setAlignment(Pos.CENTER_LEFT);
        box.getChildren().addAll(confirm.node(), problem, buttons);
        return box;
    }

    private VBox results() {
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
                Label cell = new Label();
                cell.setMinWidth(100);
                cell.setAlignment(Pos.CENTER_RIGHT);
                cells.put(key(Benchmark.BLOCK_SIZES.get(b), Benchmark.DEPTHS.get(d)), cell);
                table.add(cell, d + 1, b + 1);
            }
        }
        clearTable();

        ((NumberAxis) across.getYAxis()).setLabel("MB/s");
        ((NumberAxis) across.getYAxis()).setForceZeroInRange(true);
        across.setAnimated(false);
        across.setCreateSymbols(false);
        across.setLegendSide(Side.RIGHT);
        across.setPrefHeight(240);
        across.setId("bench-profile");
        readAcross.setName("read");
        writeAcross.setName("write");
        across.getData().add(readAcross);

        NumberAxis ms = new NumberAxis();
        ms.setLabel("ms");
        ms.setForceZeroInRange(true);
        ScatterChart<Number, Number> accessChart = new ScatterChart<>(
                new NumberAxis("position on the device (%)", 0, 100, 25), ms);
        accessChart.setAnimated(false);
        accessChart.setLegendVisible(false);
        accessChart.setPrefHeight(240);
        accessChart.setPrefWidth(300);
        accessChart.setId("bench-access");
        accessChart.getData().add(accessTimes);
        HBox.setHgrow(across, Priority.ALWAYS);

        Label status = new Label();
        status.textProperty().bind(vm.statusProperty());
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.setMaxWidth(Double.MAX_VALUE);
        status.setId("bench-status");

        Label tableTitle = Sections.title("");
        tableTitle.textProperty().bind(Bindings.createStringBinding(() -> "Sequential " + (vm.writeProperty().get()
                ? "read / write" : "read") + ", MB/s (each: up to " + Units.bytes(Benchmark.MEASURE_BYTES) + " or "
                + Benchmark.MEASURE_NANOS / 1_000_000_000L + " s)", vm.writeProperty()));
        Label acrossTitle = Sections.title("");
        acrossTitle.textProperty().bind(Bindings.createStringBinding(() -> "Across the device (the sizes a wipe uses;"
                + " each sample up to " + vm.sampleMiBProperty().get() + " MiB or " + Benchmark.SAMPLE_NANOS / 1_000_000
                + " ms) and access time (random reads of one block)", vm.sampleMiBProperty()));
        VBox box = new VBox(8, tableTitle, table, acrossTitle, new HBox(8, across, accessChart), status);
        box.setPadding(new Insets(6, 0, 0, 0));
        return box;
    }

    private static Spinner<Integer> spinner(IntegerProperty value, int min, int max, String id) {
        Spinner<Integer> s = new Spinner<>(min, max, value.get());
        s.setEditable(true);
        s.setPrefWidth(100);
        s.setId(id);
        s.valueProperty().addListener((obs, was, now) -> value.set(now));
        return s;
    }

    private static Label label(String text) {
        Label l = new Label(text);
        l.setMnemonicParsing(true);
        return l;
    }

    private void show(Benchmark.Measurement m) {
        Label cell = cells.get(key(m.blockSize(), m.depth()));
        if (cell == null) {
            return;
        }
        String rate = String.format(Locale.ROOT, "%.0f", m.bytesPerSecond() / 1e6);
        cell.setText(m.op() == Access.READ ? rate : cell.getText() + " / " + rate);
        cell.getStyleClass().remove(Styles.MUTED);
    }

    private void show(Benchmark.Sample s) {
        XYChart.Series<Number, Number> series = s.op() == Access.READ ? readAcross : writeAcross;
        if (series == writeAcross && !across.getData().contains(writeAcross)) {
            across.getData().add(writeAcross);
        }
        series.getData().add(new XYChart.Data<>(100 * s.position(), s.bytesPerSecond() / 1e6));
    }

    private void clearTable() {
        cells.values().forEach(c -> {
            c.setText("…");
            c.getStyleClass().remove(Styles.BEST);
            if (!c.getStyleClass().contains(Styles.MUTED)) {
                c.getStyleClass().add(Styles.MUTED);
            }
        });
    }

    private void markBest() {
        cells.values().forEach(c -> c.getStyleClass().remove(Styles.BEST));
        vm.matrix().stream().filter(m -> m.op() == Access.READ)
                .max(Comparator.comparingDouble(Benchmark.Measurement::bytesPerSecond))
                .map(m -> cells.get(key(m.blockSize(), m.depth())))
                .ifPresent(c -> c.getStyleClass().add(Styles.BEST));
    }

    private static String key(int blockSize, int depth) {
        return blockSize + "x" + depth;
    }

    private static Label header(String text) {
        Label l = new Label(text);
        l.setMinWidth(100);
        l.setAlignment(Pos.CENTER_RIGHT);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }
}
