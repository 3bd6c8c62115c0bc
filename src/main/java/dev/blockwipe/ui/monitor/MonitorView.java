package dev.blockwipe.ui.monitor;

import dev.blockwipe.engine.Units;
import dev.blockwipe.ui.Styles;
import dev.blockwipe.ui.jobs.JobState;
import dev.blockwipe.ui.jobs.JobViewModel;
import dev.blockwipe.ui.jobs.Sparkline;
import java.time.Duration;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableDoubleValue;
import javafx.beans.value.ObservableValue;
import javafx.collections.ObservableList;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
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
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.StageStyle;
import javafx.stage.Window;

/**
 * The monitor view (F11): a full-screen wall display over a bench. The throughput of all jobs on
 * top, then one large tile per job (device, model and serial, pass, progress, speed with a
 * sparkline of the last two minutes, ETA, the state's colour), the job closest to its end first.
 * It only reads the jobs' view-models; {@link #tick()} runs once per frame from the main window's
 * timer and re-orders and redraws at most once a second.
 */
public final class MonitorView {
    /** The sparkline's span: the last 240 points of a job's graph, two minutes at two a second. */
    static final int SPARK_POINTS = 240;
    /** The tiles' type size (px) on a screen that holds them all; their sizes are in ems of it. */
    static final double FULL_SIZE = 13;
    /** The smallest type size the view shrinks to before it scrolls instead. */
    static final double SMALLEST_SIZE = 7;
    private static final double TILE_EMS = 34;
    /** A tile's padding left and right (1.25 em each) and its left border (0.6 em), as blockwipe.css has them. */
    private static final double TILE_INSET_EMS = 3.1;
    /** A tile's height in ems with a stall line; without one it is shorter, so this errs on the safe side. */
    private static final double TILE_HEIGHT_EMS = 21;
    private static final double GAP_EMS = 1.2;
    private static final double PAD_EMS = 1.8;

    /**
     * Running jobs first, the one with the least time left first (unknown ETA after known), then
     * queued jobs, then finished ones; ties keep the jobs' own order.
     */
    static final Comparator<JobViewModel> ORDER = Comparator
            .comparingInt((JobViewModel j) -> j.stateProperty().get().finished() ? 2
                    : j.stateProperty().get() == JobState.QUEUED ? 1 : 0)
            .thenComparing(j -> j.remainingProperty().get(), Comparator.nullsLast(Comparator.<Duration>naturalOrder()));

    private final ObservableList<JobViewModel> jobs;
    private final FlowPane tiles = new FlowPane();
    private final ScrollPane scroll;
    private double size = FULL_SIZE;
    private final Map<JobViewModel, Tile> tileOf = new IdentityHashMap<>();
    private final BorderPane root = new BorderPane();
    private long lastTick;

    public MonitorView(ObservableList<JobViewModel> jobs, ObservableDoubleValue totalRate, ObservableValue<Number> active) {
        this.jobs = jobs;
        root.getStyleClass().add(Styles.MONITOR);
        Label total = new Label();
        total.setId("monitor-total");
        total.getStyleClass().add(Styles.MONITOR_TOTAL);
        total.textProperty().bind(Bindings.createStringBinding(() -> "All jobs: " + Units.rate(totalRate.get())
                + "  ·  " + active.getValue() + " running or queued  ·  " + (jobs.size() - active.getValue().intValue())
                + " ended", totalRate, active, jobs));
        Label hint = new Label("F11 or Esc leaves this view");
        hint.getStyleClass().add(Styles.MONITOR_HINT);
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox top = new HBox(total, spring, hint);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(16, 24, 8, 24));
        Label empty = new Label("No jobs yet.");
        empty.getStyleClass().add(Styles.MONITOR_HINT);
        empty.visibleProperty().bind(Bindings.isEmpty(jobs));
        scroll = new ScrollPane(new VBox(empty, tiles));
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add(Styles.MONITOR);
        scroll.layoutBoundsProperty().addListener((obs, was, now) -> fit());
        root.setTop(top);
        root.setCenter(scroll);
        update();
    }

    /**
     * Opens the view full-screen on the screen {@code owner} is on, styled like the main window; F11
     * and Esc close it. It is a window without decorations that covers that screen, and it asks for
     * full screen once it is shown: asked before, xfwm4 mapped it as an ordinary window of its
     * scene's size, with a title bar and the bottom off the screen.
     */
    public static Stage open(Window owner, MonitorView view, List<String> stylesheets) {
        Stage stage = new Stage(StageStyle.UNDECORATED);
        stage.initOwner(owner);
        stage.setTitle("Blockwipe monitor");
        Rectangle2D screen = Screen.getScreensForRectangle(owner.getX(), owner.getY(), owner.getWidth(), owner.getHeight())
                .stream().findFirst().orElse(Screen.getPrimary()).getBounds();
        Scene scene = new Scene(view.root(), screen.getWidth(), screen.getHeight());
        scene.getStylesheets().setAll(stylesheets);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.F11 || e.getCode() == KeyCode.ESCAPE) {
                e.consume();
                stage.close();
            }
        });
        stage.setScene(scene);
        stage.setX(screen.getMinX());
        stage.setY(screen.getMinY());
        stage.setFullScreenExitHint("");
        stage.setOnShown(e -> stage.setFullScreen(true));
        stage.show();
        return stage;
    }

    Parent root() {
        return root;
    }

    /** Once per frame: {@link #update()} in the frame that starts a second, the one in which the jobs' figures change too. */
    public void tick() {
        long now = System.nanoTime();
        if (JobViewModel.second(now) != JobViewModel.second(lastTick)) {
            update();
        }
    }

    /** Tiles for new jobs, the order, the sparklines. */
    void update() {
        lastTick = System.nanoTime();
        List<Tile> ordered = jobs.stream().sorted(ORDER).map(j -> tileOf.computeIfAbsent(j, this::tile)).toList();
        ordered.forEach(Tile::draw);
        List<Node> nodes = ordered.stream().map(Tile::node).toList();
        if (!tiles.getChildren().equals(nodes)) {
            tiles.getChildren().setAll(nodes);
            fit();
        }
    }

    /**
     * The largest type size (at most {@link #FULL_SIZE}) at which every tile fits the screen, so that a
     * dozen jobs are all in view; below {@link #SMALLEST_SIZE} the view scrolls instead.
     */
    static double fittingSize(int tileCount, double width, double height) {
        for (double b = FULL_SIZE; b > SMALLEST_SIZE; b -= 0.5) {
            double gap = GAP_EMS * b;
            int columns = Math.max(1, (int) ((width - 2 * PAD_EMS * b + gap) / (TILE_EMS * b + gap)));
            int rows = (tileCount + columns - 1) / columns;
            if (rows * (TILE_HEIGHT_EMS * b + gap) - gap + 2 * PAD_EMS * b <= height) {
                return b;
            }
        }
        return SMALLEST_SIZE;
    }

    /**
     * Sizes the tiles to the scroll pane's inside, whether or not it shows a scroll bar: fitted to
     * the viewport, the bar that a size too large brings made the next size smaller, whose tiles
     * fitted, so the bar went and the size grew again, every pulse.
     */
    private void fit() {
        Bounds pane = scroll.getLayoutBounds();
        double width = pane.getWidth() - scroll.snappedLeftInset() - scroll.snappedRightInset();
        double height = pane.getHeight() - scroll.snappedTopInset() - scroll.snappedBottomInset();
        if (width <= 0 || tiles.getChildren().isEmpty()) {
            return;
        }
        double fitting = fittingSize(tiles.getChildren().size(), width, height);
        if (fitting == size && tiles.getStyle().length() > 0) {
            return;
        }
        size = fitting;
        tiles.setStyle("-fx-font-size: " + size + "px");
        tiles.setHgap(GAP_EMS * size);
        tiles.setVgap(GAP_EMS * size);
        tiles.setPadding(new Insets(PAD_EMS * size / 2, PAD_EMS * size, PAD_EMS * size, PAD_EMS * size));
        tileOf.values().forEach(t -> t.resize(size));
        // fit() runs from the scroll pane's layout, after this pulse's CSS pass: the new type size
        // would reach the tiles only with a later pulse, and a view of ended jobs asks for none (its
        // twelve tiles stayed without any style, black text on the dark background)
        tiles.applyCss();
    }

    private Tile tile(JobViewModel job) {
        Tile tile = new Tile(job);
        tile.resize(size);
        return tile;
    }

    /** One job's tile. */
    private static final class Tile {
        private final VBox box = new VBox();
        private final Sparkline spark;

        Tile(JobViewModel job) {
            spark = new Sparkline(job, SPARK_POINTS, Styles.MONITOR_SPARK);
            box.getStyleClass().add(Styles.MONITOR_TILE);
            box.setId("tile-" + job.name());
            Label name = new Label(job.name());
            name.getStyleClass().add(Styles.MONITOR_NAME);
            Label state = new Label();
            state.getStyleClass().add(Styles.MONITOR_STATE);
            state.textProperty().bind(Bindings.createStringBinding(() -> job.stateProperty().get().label(),
                    job.stateProperty()));
            Region spring = new Region();
            HBox.setHgrow(spring, Priority.ALWAYS);
            HBox head = new HBox(12, name, spring, state);
            head.setAlignment(Pos.BASELINE_LEFT);
            Label device = new Label(job.device());
            device.getStyleClass().add(Styles.MONITOR_DEVICE);
            Label stage = bound(job.stageProperty(), Styles.MONITOR_STAGE);
            ProgressBar bar = new ProgressBar();
            bar.progressProperty().bind(job.progressProperty());
            bar.setMaxWidth(Double.MAX_VALUE);
            bar.getStyleClass().add(Styles.MONITOR_BAR);
            Label percent = new Label();
            percent.getStyleClass().add(Styles.MONITOR_STAGE);
            percent.textProperty().bind(Bindings.when(job.progressProperty().lessThan(0)).then("")
                    .otherwise(Bindings.format("%.0f %%", job.progressProperty().multiply(100))));
            HBox.setHgrow(bar, Priority.ALWAYS);
            HBox progress = new HBox(10, bar, percent);
            progress.setAlignment(Pos.CENTER_LEFT);
            Label speed = new Label();
            speed.getStyleClass().add(Styles.MONITOR_SPEED);
            speed.textProperty().bind(Bindings.createStringBinding(() -> job.stateProperty().get() == JobState.RUNNING
                    && !job.driveErasingProperty().get() ? Units.rate(job.rateProperty().get()) : "", job.rateProperty(),
                    job.stateProperty(), job.driveErasingProperty()));
            Label eta = bound(job.etaProperty(), Styles.MONITOR_STAGE);
            Region gap = new Region();
            HBox.setHgrow(gap, Priority.ALWAYS);
            Label temperature = bound(job.temperatureProperty(), Styles.MONITOR_STAGE);
            HBox numbers = new HBox(12, speed, gap, temperature, eta);
            numbers.setAlignment(Pos.BASELINE_LEFT);
            Label stall = bound(job.stallProperty(), Styles.MONITOR_STALL);
            stall.setWrapText(true);
            stall.visibleProperty().bind(job.stallProperty().isNotEmpty());
            stall.managedProperty().bind(stall.visibleProperty());
            box.getChildren().addAll(head, device, stage, progress, numbers, spark.node(), stall);
            job.stateProperty().addListener((obs, was, now) -> styleState(now));
            styleState(job.stateProperty().get());
        }

        /**
         * The tile's width and sparkline for type of {@code size} px; the sparkline fills the inside
         * exactly (a wider one made the tile wider than {@link #fittingSize} counts, a column fewer).
         */
        void resize(double size) {
            box.setPrefWidth(TILE_EMS * size);
            box.setMaxWidth(TILE_EMS * size);
            spark.resize((TILE_EMS - TILE_INSET_EMS) * size, 4.3 * size);
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

        /** The last two minutes of MB/s (or the job so far) as a line across the tile. */
        void draw() {
            spark.draw();
        }
    }
}
