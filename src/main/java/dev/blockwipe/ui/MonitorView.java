package dev.blockwipe.ui;

import dev.blockwipe.engine.Units;
import java.time.Duration;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableDoubleValue;
import javafx.beans.value.ObservableValue;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The monitor view (F11): a full-screen wall display over a bench. The throughput of all jobs on
 * top, then one large tile per job (device, model and serial, pass, progress, speed with a
 * sparkline of the last two minutes, ETA, the state's colour), the job closest to its end first.
 * It only reads the jobs' view-models; {@link #tick()} runs once per frame from the main window's
 * timer and re-orders and redraws at most once a second.
 */
final class MonitorView {
    /** The sparkline's span: the last 240 points of a job's graph, two minutes at two a second. */
    static final int SPARK_POINTS = 240;
    private static final double TILE_WIDTH = 440;

    /**
     * Running jobs first, the one with the least time left first (unknown ETA after known), then
     * queued jobs, then finished ones; ties keep the jobs' own order.
     */
    static final Comparator<JobViewModel> ORDER = Comparator
            .comparingInt((JobViewModel j) -> j.stateProperty().get().finished() ? 2
                    : j.stateProperty().get() == JobState.QUEUED ? 1 : 0)
            .thenComparing(j -> j.remainingProperty().get(), Comparator.nullsLast(Comparator.<Duration>naturalOrder()));

    private final ObservableList<JobViewModel> jobs;
    private final FlowPane tiles = new FlowPane(16, 16);
    private final Map<JobViewModel, Tile> tileOf = new IdentityHashMap<>();
    private final BorderPane root = new BorderPane();
    private long lastTick;

    MonitorView(ObservableList<JobViewModel> jobs, ObservableDoubleValue totalRate, ObservableValue<Number> active) {
        this.jobs = jobs;
        root.getStyleClass().add("monitor");
        Label total = new Label();
        total.setId("monitor-total");
        total.getStyleClass().add("monitor-total");
        total.textProperty().bind(Bindings.createStringBinding(() -> "All jobs: " + Units.rate(totalRate.get())
                + "  ·  " + active.getValue() + " running or queued  ·  " + jobs.size() + " in all", totalRate, active, jobs));
        Label hint = new Label("F11 or Esc leaves this view");
        hint.getStyleClass().add("monitor-hint");
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox top = new HBox(total, spring, hint);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(16, 24, 8, 24));
        Label empty = new Label("No jobs yet.");
        empty.getStyleClass().add("monitor-hint");
        empty.visibleProperty().bind(Bindings.isEmpty(jobs));
        tiles.setPadding(new Insets(8, 24, 24, 24));
        ScrollPane scroll = new ScrollPane(new VBox(empty, tiles));
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("monitor");
        root.setTop(top);
        root.setCenter(scroll);
        update();
    }

    /** Opens the view full-screen over {@code owner}, styled like the main window; F11 and Esc close it. */
    static Stage open(Window owner, MonitorView view, List<String> stylesheets) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Blockwipe monitor");
        Scene scene = new Scene(view.root(), 1280, 800);
        scene.getStylesheets().setAll(stylesheets);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.F11 || e.getCode() == KeyCode.ESCAPE) {
                e.consume();
                stage.close();
            }
        });
        stage.setScene(scene);
        stage.setFullScreenExitHint("");
        stage.setFullScreen(true);
        stage.show();
        return stage;
    }

    Parent root() {
        return root;
    }

    /** Once per frame: {@link #update()} at most once a second. */
    void tick() {
        long now = System.nanoTime();
        if (now - lastTick >= 1_000_000_000L) {
            update();
        }
    }

    /** Tiles for new jobs, the order, the sparklines. */
    void update() {
        lastTick = System.nanoTime();
        List<Tile> ordered = jobs.stream().sorted(ORDER).map(j -> tileOf.computeIfAbsent(j, Tile::new)).toList();
        ordered.forEach(Tile::draw);
        List<Node> nodes = ordered.stream().map(Tile::node).toList();
        if (!tiles.getChildren().equals(nodes)) {
            tiles.getChildren().setAll(nodes);
        }
    }

    /** One job's tile. */
    private static final class Tile {
        private final JobViewModel job;
        private final VBox box = new VBox(6);
        private final Canvas spark = new Canvas(TILE_WIDTH - 32, 56);

        Tile(JobViewModel job) {
            this.job = job;
            box.getStyleClass().add("monitor-tile");
            box.setId("tile-" + job.name());
            box.setPrefWidth(TILE_WIDTH);
            box.setMaxWidth(TILE_WIDTH);
            Label name = new Label(job.name());
            name.getStyleClass().add("monitor-name");
            Label state = new Label();
            state.getStyleClass().add("monitor-state");
            state.textProperty().bind(Bindings.createStringBinding(() -> job.stateProperty().get().label(),
                    job.stateProperty()));
            Region spring = new Region();
            HBox.setHgrow(spring, Priority.ALWAYS);
            HBox head = new HBox(12, name, spring, state);
            head.setAlignment(Pos.BASELINE_LEFT);
            Label device = new Label(job.device());
            device.getStyleClass().add("monitor-device");
            Label stage = bound(job.stageProperty(), "monitor-stage");
            ProgressBar bar = new ProgressBar();
            bar.progressProperty().bind(job.progressProperty());
            bar.setMaxWidth(Double.MAX_VALUE);
            bar.getStyleClass().add("monitor-bar");
            Label percent = new Label();
            percent.getStyleClass().add("monitor-stage");
            percent.textProperty().bind(Bindings.format("%.0f %%", job.progressProperty().multiply(100)));
            HBox.setHgrow(bar, Priority.ALWAYS);
            HBox progress = new HBox(10, bar, percent);
            progress.setAlignment(Pos.CENTER_LEFT);
            Label speed = new Label();
            speed.getStyleClass().add("monitor-speed");
            speed.textProperty().bind(Bindings.createStringBinding(() -> job.stateProperty().get() == JobState.RUNNING
                    ? Units.rate(job.rateProperty().get()) : "", job.rateProperty(), job.stateProperty()));
            Label eta = bound(job.etaProperty(), "monitor-stage");
            Region gap = new Region();
            HBox.setHgrow(gap, Priority.ALWAYS);
            Label temperature = bound(job.temperatureProperty(), "monitor-stage");
            HBox numbers = new HBox(12, speed, gap, temperature, eta);
            numbers.setAlignment(Pos.BASELINE_LEFT);
            Label stall = bound(job.stallProperty(), "monitor-stall");
            stall.setWrapText(true);
            stall.visibleProperty().bind(job.stallProperty().isNotEmpty());
            stall.managedProperty().bind(stall.visibleProperty());
            box.getChildren().addAll(head, device, stage, progress, numbers, spark, stall);
            job.stateProperty().addListener((obs, was, now) -> styleState(now));
            styleState(job.stateProperty().get());
        }

        private static Label bound(ObservableValue<String> text, String style) {
            Label label = new Label();
            label.getStyleClass().add(style);
            label.textProperty().bind(text);
            return label;
        }

        private void styleState(JobState s) {
            box.getStyleClass().removeAll(JobState.STYLE_CLASSES);
            box.getStyleClass().add(s.styleClass());
        }

        Node node() {
            return box;
        }

        /** The last two minutes of MB/s (or the job so far) as a line across the tile, scaled to its own peak. */
        void draw() {
            GraphicsContext g = spark.getGraphicsContext2D();
            double w = spark.getWidth();
            double h = spark.getHeight();
            g.clearRect(0, 0, w, h);
            ObservableList<ThroughputSeries.Point> all = job.ratePoints();
            List<ThroughputSeries.Point> points = all.subList(Math.max(0, all.size() - SPARK_POINTS), all.size());
            double peak = points.stream().mapToDouble(ThroughputSeries.Point::megabytesPerSecond).max().orElse(0);
            if (points.size() < 2 || peak <= 0) {
                return;
            }
            g.setStroke(Color.web("#64b5f6"));
            g.setLineWidth(2);
            g.beginPath();
            for (int i = 0; i < points.size(); i++) {
                double x = w * i / (points.size() - 1);
                double y = h - 2 - (h - 4) * points.get(i).megabytesPerSecond() / peak;
                if (i == 0) {
                    g.moveTo(x, y);
                } else {
                    g.lineTo(x, y);
                }
            }
            g.stroke();
        }
    }
}
