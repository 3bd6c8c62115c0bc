package dev.blockwipe.engine.firmware.ata;

import dev.blockwipe.engine.firmware.FirmwareProgress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/** Records progress and pauses without waiting; {@code onPause} gets the pause's number (1, 2, ...). */
final class FakeProgress implements FirmwareProgress {
    final List<Double> fractions = new ArrayList<>();
    final List<Duration> pauses = new ArrayList<>();
    private final IntConsumer onPause;

    FakeProgress() {
        this(n -> { });
    }

    FakeProgress(IntConsumer onPause) {
        this.onPause = onPause;
    }

    @Override
    public void progress(double fraction, String status) {
        fractions.add(fraction);
    }

    @Override
    public void pause(Duration pause) {
        pauses.add(pause);
        onPause.accept(pauses.size());
    }
}
