package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.firmware.FirmwareProgress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/** Records what an operation reports and advances a fake clock instead of sleeping. */
final class RecordingProgress implements FirmwareProgress {
    final List<Double> fractions = new ArrayList<>();
    final List<String> statuses = new ArrayList<>();
    private final IntConsumer onPause;
    private Duration elapsed = Duration.ZERO;
    private int pauses;

    RecordingProgress() {
        this(n -> { });
    }

    /** {@code onPause} is called with the number of the pause, from 1, as it happens. */
    RecordingProgress(IntConsumer onPause) {
        this.onPause = onPause;
    }

    @Override
    public void progress(double fraction, String status) {
        fractions.add(fraction);
        statuses.add(status);
    }

    @Override
    public void pause(Duration pause) {
        elapsed = elapsed.plus(pause);
        onPause.accept(++pauses);
    }

    Duration elapsed() {
        return elapsed;
    }
}
