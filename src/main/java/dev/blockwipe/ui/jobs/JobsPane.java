package dev.blockwipe.ui.jobs;

import dev.blockwipe.ui.Sections;
import dev.blockwipe.ui.Styles;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.chart.AreaChart;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The jobs: one line each, newest first, one of them opened to its full card on demand, and
 * beside them the graph of all jobs ({@link AllJobsChart}). Without jobs the pane is one line high.
 */
public final class JobsPane {
    /**
     * Lines made per frame at most: sixty jobs started at once had their sixty cards made in one
     * frame, which held the FX thread for a second on a fast machine (speed.md, "Sixty disks in
     * the lab"); a line is lighter than a card, but still CSS and layout.
     */
    static final int LINES_PER_FRAME = 8;

    private final ObservableList<JobViewModel> jobs;
    private final Consumer<JobViewModel> cancel;
    private final Consumer<JobViewModel> report;
    private final VBox list = new VBox(2);
    private final Map<JobViewModel, JobLine> made = new IdentityHashMap<>();
    /** The lines made, in the jobs' order (newest first). */
    private final List<JobLine> shown = new ArrayList<>();
    /** The job whose card is open, or null. */
    private JobViewModel expanded;
    private JobCard card;
    private boolean changed = true;
    /** Whether the list had jobs at its last change: the divider moves when the first job comes. */
    private boolean hadJobs;
    private final ScrollPane scroll;
    private final VBox box;
    private final AllJobsChart allJobs = new AllJobsChart(System.nanoTime(), LocalTime.now());
    private final ReadOnlyDoubleProperty totalRate;
    private final ReadOnlyIntegerProperty active;
    private long lastSecond = Long.MIN_VALUE;

    /**
     * @param jobs      the jobs, newest first
     * @param totalRate the sum of the running jobs' rates, bytes per second
     * @param active    how many jobs have not finished
     */
    public JobsPane(ObservableList<JobViewModel> jobs, ReadOnlyDoubleProperty totalRate, ReadOnlyIntegerProperty active,
             Consumer<JobViewModel> cancel, Consumer<JobViewModel> report) {
        this.jobs = jobs;
        this.cancel = cancel;
        this.report = report;
        this.totalRate = totalRate;
        this.active = active;
        jobs.addListener((ListChangeListener<JobViewModel>) c -> changed = true);
        Label empty = new Label("No jobs. Check the devices to wipe and press Wipe… (Alt+W).");
        empty.setId("no-jobs");
        empty.getStyleClass().add(Styles.MUTED);
        empty.visibleProperty().bind(Bindings.isEmpty(jobs));
        empty.managedProperty().bind(empty.visibleProperty());
        AreaChart<Number, Number> aggregate = allJobs.node();
        HBox head = new HBox(12, Sections.title("Jobs"), empty);
        head.setAlignment(Pos.BASELINE_LEFT);
        list.setPadding(new Insets(2));
        scroll = new ScrollPane(list);
        scroll.setFitToWidth(true);
        scroll.setMinHeight(0);
        HBox.setHgrow(scroll, Priority.ALWAYS);
        HBox body = new HBox(6, scroll, aggregate);
        body.visibleProperty().bind(Bindings.isNotEmpty(jobs));
        body.managedProperty().bind(body.visibleProperty());
        VBox.setVgrow(body, Priority.ALWAYS);
        box = new VBox(4, head, body);
        box.setPadding(new Insets(4, 6, 4, 6));
        // the divider, not the pane, decides its height: a pane that insisted on its charts' height
        // pushed the status bar off a 1024x768 screen
        box.setMinHeight(0);
        box.maxHeightProperty().bind(Bindings.when(Bindings.isEmpty(jobs)).then(Region.USE_PREF_SIZE)
                .otherwise(Double.MAX_VALUE));
    }

    public VBox node() {
        return box;
    }

    /**
     * Puts the pane below the divider {@code divider} of a vertical split. Without jobs the pane
     * keeps one line and the divider sits at the bottom; when jobs come, the divider goes back to
     * {@code position}, which follows it while the user moves it (the window remembers it).
     */
    public void dock(SplitPane split, int divider, DoubleProperty position) {
        SplitPane.setResizableWithParent(box, false);
        SplitPane.Divider d = split.getDividers().get(divider);
        if (!jobs.isEmpty()) {
            d.setPosition(position.get());
        }
        hadJobs = !jobs.isEmpty();
        jobs.addListener((ListChangeListener<JobViewModel>) c -> {
            if (!hadJobs && !jobs.isEmpty()) {
                d.setPosition(position.get());
            }
            hadJobs = !jobs.isEmpty();
        });
        d.positionProperty().addListener((obs, was, now) -> {
            if (!jobs.isEmpty()) {
                position.set(now.doubleValue());
            }
        });
    }

    /** Opens the job's card below its line, closing the one open before; closes it when it is the open one. */
    void toggle(JobViewModel job) {
        boolean open = expanded != job;
        expanded = open ? job : null;
        card = open ? new JobCard(job) : null;
        shown.forEach(l -> l.expanded(l.job() == expanded));
        showLines();
        if (open) {
            reveal(made.get(job).node(), card.node());
        }
    }

    /**
     * Scrolls the list as little as it takes to show {@code bottom} (an opened card) whole, without
     * taking {@code top} (its line) out of view.
     */
    private void reveal(Node top, Node bottom) {
        scroll.applyCss();
        scroll.layout();
        double view = scroll.getViewportBounds().getHeight();
        double scrollable = list.getHeight() - view;
        if (scrollable <= 0) {
            return;
        }
        double now = scroll.getVvalue() * scrollable;
        double wanted = Math.min(top.getBoundsInParent().getMinY(), Math.max(now, bottom.getBoundsInParent().getMaxY() - view));
        scroll.setVvalue(wanted / scrollable);
    }

    /** The job's line, or null before it is made. */
    JobLine lineOf(JobViewModel job) {
        return made.get(job);
    }

    /**
     * Makes the lines of new jobs, {@link #LINES_PER_FRAME} at most, newest first, and puts them in
     * the jobs' order; forgets the lines of jobs that left the list.
     */
    private void makeLines() {
        if (!changed) {
            return;
        }
        made.keySet().retainAll(jobs);
        if (expanded != null && !made.containsKey(expanded)) {
            expanded = null;
            card = null;
        }
        int left = LINES_PER_FRAME;
        shown.clear();
        for (JobViewModel job : jobs) {
            JobLine line = made.get(job);
            if (line == null && left > 0) {
                line = new JobLine(job, cancel, report, this::toggle);
                made.put(job, line);
                left--;
            }
            if (line != null) {
                shown.add(line);
            }
        }
        changed = shown.size() < jobs.size();
        showLines();
    }

    private void showLines() {
        List<Node> nodes = new ArrayList<>(shown.size() + 1);
        for (JobLine line : shown) {
            nodes.add(line.node());
            if (line.job() == expanded) {
                nodes.add(card.node());
            }
        }
        list.getChildren().setAll(nodes);
    }

    /**
     * Once per frame: the lines of new jobs ({@link #makeLines}); once a second adds the sum of the
     * running jobs' rates (and one last zero when the last job has finished) and brings the
     * sparklines of the lines in view and the open card's graph up to date: in the frame that
     * starts a second of the clock, the one in which the jobs' figures change too.
     */
    public void tick() {
        makeLines();
        long nanos = System.nanoTime();
        long second = JobViewModel.second(nanos);
        if (second == lastSecond) {
            return;
        }
        lastSecond = second;
        Bounds view = scroll.localToScene(scroll.getLayoutBounds());
        for (JobLine line : shown) {
            if (inView(view, line.node())) {
                line.refresh();
            }
        }
        if (card != null && inView(view, card.node())) {
            card.refreshGraph();
        }
        allJobs.second(nanos, active.get() > 0, totalRate.get());
    }

    private static boolean inView(Bounds view, Node node) {
        return view.intersects(node.localToScene(node.getLayoutBounds()));
    }
}
