package dev.blockwipe.engine.firmware.scsi;

import dev.blockwipe.engine.firmware.FirmwareProgress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A {@link FirmwareProgress} that waits no time, records what it is told, and runs events at chosen pauses. */
final class FakeProgress implements FirmwareProgress {
    private final List<Double> fractions = new ArrayList<>();
    private final List<Duration> pauses = new ArrayList<>();
    private final Map<Integer, Runnable> events = new HashMap<>();

    /** Runs {@code event} during pause number {@code pause} (1 for the first). */
    FakeProgress at(int pause, Runnable event) {
        events.put(pause, event);
        return this;
    }

    @Override
    public void progress(double fraction, String status) {
        fractions.add(fraction);
    }

    @Override
    public void pause(Duration pause) {
        pauses.add(pause);
        events.getOrDefault(pauses.size(), () -> { }).run();
    }

    List<Double> fractions() {
        return fractions;
    }

    List<Duration> pauses() {
        return pauses;
    }
}
