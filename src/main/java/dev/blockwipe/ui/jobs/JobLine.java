package dev.blockwipe.ui.jobs;

import dev.blockwipe.engine.Units;
import dev.blockwipe.ui.Styles;
import dev.blockwipe.ui.Tooltips;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * One job in one line: device, method, pass, progress, MB/s with a sparkline of the last minute,
 * ETA, state (a ⚠ while the device stalls), and Cancel or Report. A click on it, or Enter or Space while it has the focus, asks
 * for its full card ({@link JobCard}) below it.
 */
final class JobLine {
    /** The sparkline's span: the last 120 points of the job's graph, one minute at two a second. */
    static final int SPARK_POINTS = 120;
    private static final PseudoClass EXPANDED = PseudoClass.getPseudoClass("expanded");

    private final JobViewModel job;
    private final HBox box = new HBox(8);
    private final Label arrow = new Label("▸");
    private final Sparkline spark;

    /** @param toggle asks for the job's card to be shown, or hidden when it is */
    JobLine(JobViewModel job, Consumer<JobViewModel> cancel, Consumer<JobViewModel> report, Consumer<JobViewModel> toggle) {
        this.job = job;
        box.getStyleClass().add(Styles.JOB_LINE);
        box.setId("line-" + job.name());
        box.setAlignment(Pos.CENTER_LEFT);
        box.setFocusTraversable(true);
        Label name = fixed(new Label(job.name()), 88);
        name.getStyleClass().add(Styles.JOB_TITLE);
        name.setTooltip(Tooltips.wrapped(job.device()));
        Label method = fixed(new Label(job.request().method().name()), 80);
        method.getStyleClass().add(Styles.MUTED);
        method.setTooltip(Tooltips.wrapped(job.request().method().title()));
        Label stage = shrinking(bound(job.stageProperty()), 150);
        stage.setTextOverrun(OverrunStyle.ELLIPSIS);
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(job.progressProperty());
        bar.setPrefWidth(160);
        bar.setMinWidth(50);
        bar.setMaxWidth(Double.MAX_VALUE);
        // a control's skin takes the clicks on it: this one's are the line's
        bar.setMouseTransparent(true);
        HBox.setHgrow(bar, Priority.ALWAYS);
        Label percent = fixed(new Label(), 44);
        percent.textProperty().bind(Bindings.when(job.progressProperty().lessThan(0)).then("")
                .otherwise(Bindings.format("%.0f %%", job.progressProperty().multiply(100))));
        Label speed = fixed(new Label(), 76);
        speed.textProperty().bind(Bindings.createStringBinding(() -> job.stateProperty().get() == JobState.RUNNING
                && !job.driveErasingProperty().get() ? Units.rate(job.rateProperty().get()) : "", job.rateProperty(),
                job.stateProperty(), job.driveErasingProperty()));
        spark = new Sparkline(job, SPARK_POINTS, Styles.JOB_SPARK);
        spark.resize(72, 16);
        Label eta = shrinking(bound(job.etaProperty()), 88);
        Label state = shrinking(new Label(), 104);
        state.setMinWidth(Region.USE_PREF_SIZE);
        state.textProperty().bind(Bindings.createStringBinding(() -> job.stateProperty().get().label(), job.stateProperty()));
        job.stateProperty().addListener((obs, was, now) -> styleState(state, now));
        styleState(state, job.stateProperty().get());
        Label stalled = new Label("⚠");
        stalled.getStyleClass().add(Styles.PROBLEM);
        Tooltip why = Tooltips.wrapped("");
        why.textProperty().bind(job.stallProperty());
        stalled.setTooltip(why);
        stalled.visibleProperty().bind(job.stallProperty().isNotEmpty());
        stalled.managedProperty().bind(stalled.visibleProperty());
        Button reportButton = new Button("Report…");
        reportButton.setId("report-" + job.name());
        reportButton.setOnAction(e -> report.accept(job));
        reportButton.visibleProperty().bind(job.resultProperty().isNotNull());
        Button cancelButton = new Button("Cancel");
        cancelButton.setId("cancel-" + job.name());
        cancelButton.setOnAction(e -> cancel.accept(job));
        cancelButton.disableProperty().bind(Bindings.createBooleanBinding(
                () -> job.stateProperty().get().finished() || job.stateProperty().get() == JobState.CANCELLING
                        || job.driveErasingProperty().get(), job.stateProperty(), job.driveErasingProperty()));
        cancelButton.visibleProperty().bind(reportButton.visibleProperty().not());
        // one place for both, as wide as the wider, so that the columns stay put when a job ends
        StackPane action = new StackPane(reportButton, cancelButton);
        action.setMinWidth(Region.USE_PREF_SIZE);
        arrow.setMinWidth(Region.USE_PREF_SIZE);
        box.getChildren().addAll(arrow, name, method, stage, bar, percent, speed, spark.node(), eta, state, stalled, action);
        box.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                box.requestFocus();
                toggle.accept(job);
            }
        });
        box.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER || e.getCode() == KeyCode.SPACE) {
                e.consume();
                toggle.accept(job);
            }
        });
    }

    HBox node() {
        return box;
    }

    JobViewModel job() {
        return job;
    }

    /** Shows whether the job's card is open below the line. */
    void expanded(boolean open) {
        arrow.setText(open ? "▾" : "▸");
        box.pseudoClassStateChanged(EXPANDED, open);
    }

    /** Brings the sparkline up to the job's points: once a second, for the lines in view. */
    void refresh() {
        spark.draw();
    }

    /** How many points the sparkline draws. */
    int sparkPoints() {
        return spark.points();
    }

    private static void styleState(Label label, JobState s) {
        label.getStyleClass().removeAll(JobState.STYLE_CLASSES);
        label.getStyleClass().add(s.styleClass());
    }

    private static Label bound(ObservableValue<String> text) {
        Label l = new Label();
        l.textProperty().bind(text);
        return l;
    }

    /** A figure whose place must not move as it changes. */
    private static Label fixed(Label l, double width) {
        l.setMinWidth(width);
        l.setPrefWidth(width);
        l.setMaxWidth(width);
        return l;
    }

    /** Text that gives way first on a narrow window; the whole of it is in a tooltip. */
    private static Label shrinking(Label l, double width) {
        l.setPrefWidth(width);
        l.setMinWidth(width / 3);
        Tooltips.wholeText(l);
        return l;
    }
}
