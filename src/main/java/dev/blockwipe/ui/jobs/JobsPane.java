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
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.collections.ObservableList;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.scene.chart.AreaChart;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The jobs: one card each, newest first, and the graph of all jobs ({@link AllJobsChart}). */
public final class JobsPane {
    /**
     * Cards made per frame at most: a card costs the FX thread tens of milliseconds even on a fast
     * machine, most of it CSS and layout (speed.md, "Sixty disks in the lab").
     */
    static final int CARDS_PER_FRAME = 4;

    private final ObservableList<JobViewModel> jobs;
    private final Consumer<JobViewModel> cancel;
    private final Consumer<JobViewModel> report;
    private final VBox cards = new VBox(8);
    private final Map<JobViewModel, JobCard> made = new IdentityHashMap<>();
    /** The cards made, in the jobs' order (newest first). */
    private final List<JobCard> shown = new ArrayList<>();
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
        Label empty = new Label("No jobs yet. Check the devices to wipe and press Wipe… (Alt+W).");
        empty.getStyleClass().add(Styles.MUTED);
        empty.visibleProperty().bind(Bindings.isEmpty(jobs));
        empty.managedProperty().bind(empty.visibleProperty());
        AreaChart<Number, Number> aggregate = allJobs.node();
        aggregate.visibleProperty().bind(Bindings.isNotEmpty(jobs));
        aggregate.managedProperty().bind(aggregate.visibleProperty());
        Label title = Sections.title("Jobs");
        VBox content = new VBox(8, empty, cards);
        content.setPadding(new Insets(4));
        scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        box = new VBox(4, title, aggregate, scroll);
        box.setPadding(new Insets(6));
    }

    public VBox node() {
        return box;
    }

    /**
     * Makes the cards of new jobs, {@link #CARDS_PER_FRAME} at most, newest first, and puts them in
     * the jobs' order. Sixty jobs started at once had their sixty cards made in one go: the FX
     * thread drew no frame for a second on a fast machine, and for 17 s in the lab's emulated CPU.
     */
    private void makeCards() {
        if (shown.size() == jobs.size()) {
            return;
        }
        int left = CARDS_PER_FRAME;
        shown.clear();
        for (JobViewModel job : jobs) {
            JobCard card = made.get(job);
            if (card == null && left > 0) {
                card = new JobCard(job, cancel, report);
                made.put(job, card);
                left--;
            }
            if (card != null) {
                shown.add(card);
            }
        }
        cards.getChildren().setAll(shown.stream().map(JobCard::node).toList());
    }

    /**
     * Once per frame: the cards of new jobs ({@link #makeCards}); once a second adds the sum of the running jobs' rates (and one last zero when
     * the last job has finished) and brings the graphs of the cards in view up to date: in the
     * frame that starts a second of the clock, the one in which the jobs' figures change too.
     */
    public void tick() {
        makeCards();
        long nanos = System.nanoTime();
        long second = JobViewModel.second(nanos);
        if (second == lastSecond) {
            return;
        }
        lastSecond = second;
        Bounds view = scroll.localToScene(scroll.getLayoutBounds());
        for (JobCard card : shown) {
            if (view.intersects(card.node().localToScene(card.node().getLayoutBounds()))) {
                card.refreshGraph();
            }
        }
        allJobs.second(nanos, active.get() > 0, totalRate.get());
    }
}
