package dev.blockwipe.testing;

import dev.blockwipe.engine.firmware.FirmwareProgress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * A {@link FirmwareProgress} for the simulated drives' tests: waits no time, records what it is
 * told, adds the pauses up on a fake clock, and runs events at chosen pauses (a power loss during
 * the third poll).
 */
public final class FakeProgress implements FirmwareProgress {
    private final List<Double> fractions = new ArrayList<>();
    private final List<String> statuses = new ArrayList<>();
    private final List<Duration> pauses = new ArrayList<>();
    private final Map<Integer, Runnable> events = new HashMap<>();
    private final IntConsumer onPause;
    private Duration elapsed = Duration.ZERO;

    public FakeProgress() {
        this(n -> { });
    }

    /** {@code onPause} is called with the number of each pause, from 1, as it happens. */
    public FakeProgress(IntConsumer onPause) {
        this.onPause = onPause;
    }

    /** Runs {@code event} during pause number {@code pause} (1 for the first). */
    public FakeProgress at(int pause, Runnable event) {
        events.put(pause, event);
        return this;
    }

    @Override
    public void progress(double fraction, String status) {
        fractions.add(fraction);
        statuses.add(status);
    }

    @Override
    public void pause(Duration pause) {
        pauses.add(pause);
        elapsed = elapsed.plus(pause);
        onPause.accept(pauses.size());
        events.getOrDefault(pauses.size(), () -> { }).run();
    }

    public List<Double> fractions() {
        return fractions;
    }

    public List<String> statuses() {
        return statuses;
    }

    public List<Duration> pauses() {
        return pauses;
    }

    /** The pauses added up: the time a real run would have waited. */
    public Duration elapsed() {
        return elapsed;
    }
}
