package dev.blockwipe.ui.bench;

import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.bench.Benchmark;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.service.Admission;
import dev.blockwipe.ui.dialogs.TypedConfirmation;
import dev.blockwipe.ui.tree.RowFacts;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The benchmark of one device, for the benchmark dialog: its settings (samples across the device,
 * their size, random reads for the access time, and whether to write), Start / Stop / Re-run, every
 * measurement published on the FX thread as it is taken, and each run's figures saved with the
 * device's reports. Reading needs no confirmation; writing is offered only on a row a wipe would
 * accept and only after the wipe's typed confirmation, and the device is judged again when it is
 * opened, as for a wipe.
 */
public final class BenchViewModel {
    /** Saves a run's figures; returns the file. */
    @FunctionalInterface
    public interface Saver {
        Path save(Benchmark.Result result) throws IOException;
    }

    private final RowFacts target;
    private final String whyNoWrite;
    private final TargetOpener opener;
    private final Preflight preflight;
    private final Saver saver;
    private final Executor fx;
    private final Executor background;
    private final TypedConfirmation confirmation;
    private CancelToken cancel = new CancelToken();

    // Properties: settings
    private final IntegerProperty samples = new SimpleIntegerProperty(Benchmark.Options.DEFAULT.samples());
    private final IntegerProperty sampleMiB = new SimpleIntegerProperty();
    private final IntegerProperty accessReads = new SimpleIntegerProperty(Benchmark.Options.DEFAULT.accessReads());
    private final BooleanProperty write = new SimpleBooleanProperty();
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper canStart = new ReadOnlyBooleanWrapper();

    // Properties: the run
    private final ReadOnlyStringWrapper header = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Benchmark.Result> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper saved = new ReadOnlyStringWrapper("");
    private final ObservableList<Benchmark.Measurement> matrix = FXCollections.observableArrayList();
    private final ObservableList<Benchmark.Sample> profile = FXCollections.observableArrayList();
    private final ObservableList<Benchmark.AccessRead> access = FXCollections.observableArrayList();
    private final ObservableList<Benchmark.Measurement> matrixView = FXCollections.unmodifiableObservableList(matrix);
    private final ObservableList<Benchmark.Sample> profileView = FXCollections.unmodifiableObservableList(profile);
    private final ObservableList<Benchmark.AccessRead> accessView = FXCollections.unmodifiableObservableList(access);

    /**
     * @param whyNoWrite why a wipe would not accept this row (then the benchmark only reads), or empty
     * @param preflight  judges the device again when it is opened for writing
     * @param saver      saves each run's figures (on the background thread)
     * @param fx         runs on the FX thread
     * @param background runs the benchmark (a thread of its own in the application)
     */
    public BenchViewModel(RowFacts target, String whyNoWrite, TargetOpener opener, Preflight preflight, Saver saver,
                          Executor fx, Executor background) {
        this.target = target;
        this.whyNoWrite = whyNoWrite;
        this.opener = opener;
        this.preflight = preflight;
        this.saver = saver;
        this.fx = fx;
        this.background = background;
        this.confirmation = new TypedConfirmation(List.of(target));
        // a device smaller than the default sample opens on one that fits rather than on a refusal
        sampleMiB.set((int) Math.max(Benchmark.Options.MIN_SAMPLE_BYTES >> 20,
                Math.min(Benchmark.Options.DEFAULT.sampleBytes(), target.size()) >> 20));
        header.set(device() + ": choose the settings, then Start");
        problem.bind(Bindings.createStringBinding(this::checkOptions, samples, sampleMiB, accessReads, write));
        canStart.bind(running.not().and(problem.isEmpty()).and(write.not().or(confirmation.confirmedProperty())));
    }

    private String checkOptions() {
        if (write.get() && !whyNoWrite.isEmpty()) {
            return "Writing is only for a device a wipe would accept (" + target.name() + ": " + whyNoWrite + ").";
        }
        try {
            return fits(options());
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /**
     * A sample larger than the device is refused, not cut to the device's size: the figures would
     * then be of other settings than the ones shown, and every "sample across the device" the
     * same whole device.
     */
    private String fits(Benchmark.Options options) {
        long min = Benchmark.Options.MIN_SAMPLE_BYTES;
        if (target.size() < min) {
            return target.name() + " (" + Units.bytes(target.size()) + ") is smaller than the smallest sample ("
                    + Units.bytes(min) + "): it cannot be benchmarked.";
        }
        if (options.sampleBytes() > target.size()) {
            return "A sample of " + Units.bytes(options.sampleBytes()) + " is larger than " + target.name() + " ("
                    + Units.bytes(target.size()) + "): choose at most " + (target.size() >> 20) + " MiB.";
        }
        return "";
    }

    /** "loop3 (40 MiB Loop)". */
    private String device() {
        return target.name() + " (" + Units.bytes(target.size()) + (target.kind().isEmpty() ? "" : " " + target.kind()) + ")";
    }

    /** @throws IllegalArgumentException naming the setting that is out of range */
    public Benchmark.Options options() {
        return new Benchmark.Options(write.get(), samples.get(), (long) sampleMiB.get() << 20, accessReads.get());
    }

    // Commands

    /** Starts a run (the first, or again): the previous run's figures make way for the new ones. */
    public void start() {
        if (!canStart.get()) {
            throw new IllegalStateException("the benchmark cannot start: " + (running.get() ? "it runs"
                    : !problem.get().isEmpty() ? problem.get() : "writing is not confirmed"));
        }
        Benchmark.Options options = options();
        CancelToken token = new CancelToken();
        cancel = token;
        matrix.clear();
        profile.clear();
        access.clear();
        result.set(null);
        saved.set("");
        running.set(true);
        header.set(device() + ": measuring; Stop keeps what is measured so far");
        status.set("measuring sequential reads…");
        background.execute(() -> run(options, token));
    }

    /** Stops after the requests in flight; what was measured stays, and is saved. */
    public void stop() {
        cancel.cancel();
    }

    private void run(Benchmark.Options options, CancelToken token) {
        try (OpenedTarget t = open(options.write())) {
            Benchmark.Result r = new Benchmark(options, System::nanoTime, new SecureRandom())
                    .run(t, publisher(options), token);
            String where = save(r);
            fx.execute(() -> {
                result.set(r);
                saved.set(where);
                status.set(summary(r));
                header.set(device() + ": " + measured(r));
                running.set(false);
            });
        } catch (IOException | RuntimeException e) {
            String message = e.getMessage() != null ? e.getMessage() : e.toString();
            fx.execute(() -> {
                status.set("The benchmark stopped: " + message);
                header.set(device() + ": the benchmark stopped, for the reason below. Re-run, or Close.");
                running.set(false);
            });
        }
    }

    /**
     * The device, admitted as a wipe's target when writing ({@link Admission}: opened exclusively,
     * judged, and judged again right before the first write), or read-only and checked to be the
     * row that was listed.
     */
    private OpenedTarget open(boolean forWrite) throws IOException {
        if (forWrite) {
            return new Admission(opener, preflight, false, Admission.Pause.NONE)
                    .admit(List.of(target.path()), this::asTyped).get(0).target();
        }
        OpenedTarget t = opener.open(target.path(), Access.READ);
        if (!t.info().identity().sameNode(target.identity())) {
            TargetRefusedException changed = new TargetRefusedException(target.path(),
                    TargetRefusedException.Reason.IDENTITY_CHANGED, "is now " + t.info().identity().describe()
                    + ", not the device that was listed; refresh the list");
            Admission.closeAll(List.of(t), changed::addSuppressed);
            throw changed;
        }
        return t;
    }

    /**
     * The admission's confirmation: the dialog's typed confirmation came before the device was
     * opened (as {@code --yes} does for the CLI), so the opened device must be the row it named,
     * judged as that row was.
     */
    private void asTyped(List<Admission.Candidate> candidates) throws TargetRefusedException {
        Admission.Candidate opened = candidates.get(0);
        Preflight.requireAsConfirmed(opened.info().path(), opened.judgement(), target.identity(), target.verdict());
    }

    private Benchmark.Listener publisher(Benchmark.Options options) {
        return new Benchmark.Listener() {
            @Override
            public void measured(Benchmark.Measurement m) {
                fx.execute(() -> {
                    matrix.add(m);
                    status.set("measuring sequential " + verb(m.op()) + "s…");
                });
            }

            @Override
            public void sampled(Benchmark.Sample s) {
                fx.execute(() -> {
                    profile.add(s);
                    long n = profile.stream().filter(p -> p.op() == s.op()).count();
                    status.set((s.op() == Access.READ ? "reading" : "writing") + " across the device: " + n + " of " + options.samples());
                });
            }

            @Override
            public void accessed(Benchmark.AccessRead a) {
                fx.execute(() -> {
                    access.add(a);
                    status.set("timing random reads: " + access.size() + " of " + options.accessReads());
                });
            }
        };
    }

    /** Where the figures went, or why they were not saved. */
    private String save(Benchmark.Result r) {
        if (r.matrix().isEmpty()) {
            return "Nothing was measured, so nothing was saved.";
        }
        try {
            return "Saved to " + saver.save(r);
        } catch (IOException | RuntimeException e) {
            return "Not saved: " + (e.getMessage() != null ? e.getMessage() : e.toString());
        }
    }

    static String summary(Benchmark.Result r) {
        StringBuilder s = new StringBuilder(r.complete() ? "" : "Stopped. ");
        for (Access op : List.of(Access.READ, Access.WRITE)) {
            r.best(op).ifPresent(b -> s.append("Fastest ").append(verb(op)).append(": ")
                    .append(Units.bytes(b.blockSize())).append(" × ").append(b.depth()).append(" at ")
                    .append(Units.rate(b.bytesPerSecond())).append(". "));
            DoubleSummaryStatistics across = r.profileRates(op);
            if (across.getCount() > 0) {
                s.append(capitalized(verb(op))).append(" across the device: ").append(Units.rate(across.getMin()))
                        .append(" to ").append(Units.rate(across.getMax())).append(", mean ")
                        .append(Units.rate(across.getAverage())).append(". ");
            }
        }
        if (r.accessReads() > 0) {
            s.append(String.format(Locale.ROOT, "Access time %.2f ms (max %.2f ms, %d reads). ",
                    r.accessSeconds() * 1000, r.accessMaxSeconds() * 1000, r.accessReads()));
        }
        s.append("A wipe uses ").append(Units.bytes(r.wipeBlockSize())).append(" × ").append(r.wipeDepth())
                .append(" here.");
        return s.toString();
    }

    /**
     * What a run measured and what to do next: "reads measured, fastest 1.2 GB/s; the figures are
     * below. Change the settings and Re-run, or Close."
     */
    static String measured(Benchmark.Result r) {
        if (!r.complete()) {
            return "stopped; what was measured before is below. Re-run to measure again, or Close.";
        }
        StringBuilder s = new StringBuilder(r.options().write() ? "reads and writes" : "reads").append(" measured");
        for (Access op : List.of(Access.READ, Access.WRITE)) {
            r.best(op).ifPresent(b -> s.append(", fastest ").append(verb(op)).append(" ").append(Units.rate(b.bytesPerSecond())));
        }
        return s.append("; the figures are below. Change the settings and Re-run, or Close.").toString();
    }

    static String verb(Access op) {
        return op == Access.READ ? "read" : "write";
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    public RowFacts target() {
        return target;
    }

    /** Why writing is not offered for this row, or empty when it is. */
    public String whyNoWrite() {
        return whyNoWrite;
    }

    /** What the dialog is at: the settings to choose, a run, or what the last run measured and what next. */
    public ReadOnlyStringProperty headerProperty() {
        return header.getReadOnlyProperty();
    }

    public IntegerProperty samplesProperty() {
        return samples;
    }

    /** Bytes at each position, in MiB. */
    public IntegerProperty sampleMiBProperty() {
        return sampleMiB;
    }

    public IntegerProperty accessReadsProperty() {
        return accessReads;
    }

    /** Also measure writes: destroys the data in the measured regions. */
    public BooleanProperty writeProperty() {
        return write;
    }

    /** What the user types before a write benchmark. */
    public TypedConfirmation confirmation() {
        return confirmation;
    }

    /** Why the settings cannot run, or empty. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** Start (or Re-run) is possible: nothing runs, the settings are valid, and a write is confirmed. */
    public ReadOnlyBooleanProperty canStartProperty() {
        return canStart.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The last run's figures; null before the first run ends and while one runs. */
    public ReadOnlyObjectProperty<Benchmark.Result> resultProperty() {
        return result.getReadOnlyProperty();
    }

    /** "Saved to …", why not, or empty before a run has ended. */
    public ReadOnlyStringProperty savedProperty() {
        return saved.getReadOnlyProperty();
    }

    public ObservableList<Benchmark.Measurement> matrix() {
        return matrixView;
    }

    public ObservableList<Benchmark.Sample> profile() {
        return profileView;
    }

    public ObservableList<Benchmark.AccessRead> access() {
        return accessView;
    }
}
