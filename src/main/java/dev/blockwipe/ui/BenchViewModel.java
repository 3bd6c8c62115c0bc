package dev.blockwipe.ui;

import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.Benchmark;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.Units;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.DoubleSummaryStatistics;
import java.util.Locale;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * A read benchmark of one device, for the benchmark dialog: it opens the device read-only (a
 * benchmark in the window never writes), runs {@link Benchmark} on a background thread and
 * publishes every measurement on the FX thread as it is taken.
 */
public final class BenchViewModel {
    static final int SAMPLES = 50;

    private final RowFacts target;
    private final TargetOpener opener;
    private final Executor fx;
    private final Executor background;
    private final CancelToken cancel = new CancelToken();
    private final ObservableList<Benchmark.Measurement> matrix = FXCollections.observableArrayList();
    private final ObservableList<Benchmark.Sample> profile = FXCollections.observableArrayList();
    private final ObservableList<Benchmark.Measurement> matrixView = FXCollections.unmodifiableObservableList(matrix);
    private final ObservableList<Benchmark.Sample> profileView = FXCollections.unmodifiableObservableList(profile);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Benchmark.Result> result = new ReadOnlyObjectWrapper<>();

    /**
     * @param fx         runs on the FX thread
     * @param background runs the benchmark (a thread of its own in the application)
     */
    public BenchViewModel(RowFacts target, TargetOpener opener, Executor fx, Executor background) {
        this.target = target;
        this.opener = opener;
        this.fx = fx;
        this.background = background;
    }

    public void start() {
        running.set(true);
        status.set("measuring sequential reads…");
        background.execute(this::run);
    }

    private void run() {
        Benchmark.Listener publish = new Benchmark.Listener() {
            @Override
            public void measured(Benchmark.Measurement m) {
                fx.execute(() -> matrix.add(m));
            }

            @Override
            public void sampled(Benchmark.Sample s) {
                fx.execute(() -> {
                    profile.add(s);
                    status.set("reading across the device: " + profile.size() + " of " + SAMPLES);
                });
            }
        };
        try (OpenedTarget t = opener.open(target.path(), Access.READ)) {
            if (!t.info().identity().sameNode(target.identity())) {
                throw new TargetRefusedException(target.path(), TargetRefusedException.Reason.IDENTITY_CHANGED,
                        "is now " + t.info().identity().describe() + ", not the device that was listed; refresh the list");
            }
            Benchmark.Result r = new Benchmark(false, SAMPLES, System::nanoTime, new SecureRandom())
                    .run(t, publish, cancel);
            fx.execute(() -> {
                result.set(r);
                status.set(summary(r));
                running.set(false);
            });
        } catch (IOException | RuntimeException e) {
            String message = e.getMessage() != null ? e.getMessage() : e.toString();
            fx.execute(() -> {
                status.set("The benchmark stopped: " + message);
                running.set(false);
            });
        }
    }

    /** Stops after the requests in flight; what was measured stays. */
    public void cancel() {
        cancel.cancel();
    }

    static String summary(Benchmark.Result r) {
        StringBuilder s = new StringBuilder(r.complete() ? "" : "Cancelled. ");
        r.best(Access.READ).ifPresent(b -> s.append("Fastest: ").append(Units.bytes(b.blockSize())).append(" × ")
                .append(b.depth()).append(" at ").append(Units.rate(b.bytesPerSecond())).append(". "));
        DoubleSummaryStatistics across = r.profileRates(Access.READ);
        if (across.getCount() > 0) {
            s.append("Across the device: ").append(Units.rate(across.getMin())).append(" to ")
                    .append(Units.rate(across.getMax())).append(", mean ").append(Units.rate(across.getAverage()))
                    .append(". ");
        }
        if (r.accessReads() > 0) {
            s.append(String.format(Locale.ROOT, "Access time %.2f ms. ", r.accessSeconds() * 1000));
        }
        s.append("A wipe uses ").append(Units.bytes(r.wipeBlockSize())).append(" × ").append(r.wipeDepth())
                .append(" here.");
        return s.toString();
    }

    public RowFacts target() {
        return target;
    }

    public ObservableList<Benchmark.Measurement> matrix() {
        return matrixView;
    }

    public ObservableList<Benchmark.Sample> profile() {
        return profileView;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Benchmark.Result> resultProperty() {
        return result.getReadOnlyProperty();
    }
}
