package dev.blockwipe.engine.job;

import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.fault.ThermalPause;
import dev.blockwipe.engine.io.Sweep;
import dev.blockwipe.engine.io.Thermometer;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * A job's watch on its drive's temperature, and the gate that holds writes back while the drive
 * is above the limit. The job's thread samples (as each write pass starts, then every {@link #SAMPLE_NANOS} on
 * the sweeps' ticks, at the end) and reports each reading; while a write pass runs, a reading
 * above the limit closes the gate, and one {@link Temperatures#RESUME_MARGIN} degrees below the limit opens
 * it again. Workers ask the gate before each request, so requests in flight finish and no new
 * one starts while it is closed. Thread-safe: the workers only read {@link #closed} and wait.
 */
final class ThermalGate implements Sweep.Gate {
    /** Drives update their sensor every few seconds at most; reading it more often shows nothing new. */
    static final long SAMPLE_NANOS = 10_000_000_000L;

    private final Thermometer thermometer;
    private final LongSupplier clock;
    private final WipeListener listener;
    private Temperatures temperatures;
    private long lastSample;
    private int pass;
    private LongSupplier offset;
    private volatile boolean closed;
    private ThermalPause pause;
    private long pausedSince;

    /** @param limit pause writes above this many degrees Celsius, 0 for never */
    ThermalGate(Thermometer thermometer, int limit, LongSupplier clock, WipeListener listener) {
        this.thermometer = thermometer;
        this.clock = clock;
        this.listener = listener;
        this.temperatures = Temperatures.none(limit);
    }

    /** Reads the drive now and reports the reading (nothing when it reports none). */
    void sample() {
        lastSample = clock.getAsLong();
        thermometer.celsius().ifPresent(celsius -> {
            temperatures = temperatures.with(celsius);
            if (writing() && temperatures.limit() > 0) {
                judge(celsius);
            }
            listener.on(new WipeEvent.Temperature(temperatures, closed));
        });
    }

    /** Samples when the last sample is {@link #SAMPLE_NANOS} old; called on the job's thread at every tick. */
    void tick() {
        if (clock.getAsLong() - lastSample >= SAMPLE_NANOS) {
            sample();
        }
    }

    /** The ticker of a stage that also samples. */
    Sweep.Ticker sampling(Sweep.Ticker ticker) {
        return (bytesDone, oldest) -> {
            ticker.tick(bytesDone, oldest);
            tick();
        };
    }

    /**
     * A write pass starts: the drive is read at once, so that one already above the limit writes
     * nothing, and the limit applies until {@link #writingDone}; a pause records {@code offset}
     * (where writing has got to).
     */
    void writing(int pass, LongSupplier offset) {
        this.pass = pass;
        this.offset = offset;
        sample();
    }

    /** A write pass ended (a pause can only be open when it was cancelled or failed meanwhile): the pause ends too. */
    void writingDone() {
        open();
        offset = null;
    }

    /** The last reading, and what the job saw of the temperature. */
    Temperatures finish() {
        sample();
        writingDone();
        return temperatures;
    }

    @Override
    public void awaitOpen(BooleanSupplier stop) throws InterruptedException {
        if (!closed) {
            return;
        }
        synchronized (this) {
            while (closed && !stop.getAsBoolean()) {
                wait(Sweep.TICK_MILLIS);
            }
        }
    }

    boolean closed() {
        return closed;
    }

    private boolean writing() {
        return offset != null;
    }

    private void judge(int celsius) {
        int limit = temperatures.limit();
        if (!closed && celsius > limit) {
            pause = new ThermalPause(pass, offset.getAsLong(), celsius, Duration.ZERO);
            pausedSince = clock.getAsLong();
            closed = true;
        } else if (closed && celsius <= limit - Temperatures.RESUME_MARGIN) {
            open();
        }
    }

    private synchronized void open() {
        if (closed) {
            temperatures = temperatures.withPause(new ThermalPause(pause.pass(), pause.offset(), pause.celsius(),
                    Duration.ofNanos(clock.getAsLong() - pausedSince)));
            closed = false;
            notifyAll();
        }
    }
}
