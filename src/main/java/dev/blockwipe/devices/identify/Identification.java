package dev.blockwipe.devices.identify;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.DirectBuffers;
import dev.blockwipe.engine.Units;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One drive showing itself for a while, from an {@link Identifier}: its locate LED lit for the
 * time and turned off again however the time ends (run out, stopped, interrupted, failed), or,
 * where it has none that can be set, bursts of reads through its read-only descriptor that make
 * its activity LED blink ({@link Bursts}). Nothing is ever written. A LED that cannot be turned on
 * (the enclosure refuses, ledctl does not know the controller) gives way to the reads.
 */
public final class Identification implements AutoCloseable {
    /** The longest a stop waits to be seen: every wait is cut into slices of this. */
    static final long SLICE_NANOS = 100_000_000L;

    private final OpenDrive drive;
    private final Optional<LocateLed> led;
    private final long total;
    private final Pace pace;

    public Identification(OpenDrive drive, Optional<LocateLed> led, Duration duration, Pace pace) {
        this.drive = drive;
        this.led = led;
        this.total = duration.toNanos();
        this.pace = pace;
    }

    /** The device's kernel name. */
    public String name() {
        return drive.name();
    }

    /** How it shows itself, for people: "locate LED of enclosure slot 5 for 30 s", "activity LED: reading in bursts for 30 s". */
    public String method() {
        return led.map(l -> l.describe() + " for " + forHowLong()).orElseGet(this::readsMethod);
    }

    private String readsMethod() {
        return "activity LED: reading in bursts for " + forHowLong()
                + (drive.loop() ? " (a loop device has no LED: the reads go to the disk under its backing file)" : "");
    }

    private String forHowLong() {
        return Units.duration(Duration.ofNanos(total));
    }

    /**
     * Shows the drive until the time runs out or {@code stop} is set (seen within a tenth of a
     * second); an interrupt stops it too. Blocks: a background thread's work.
     *
     * @param instead told the method used instead when the LED could not be turned on, with why
     * @return true when the time ran out, false when it was stopped
     * @throws IOException a read failed, or the LED could not be turned off again (it may still be lit)
     */
    public boolean run(CancelToken stop, Consumer<String> instead) throws IOException {
        long start = pace.nanoTime();
        if (stop.isCancelled()) {
            return false;
        }
        if (led.isEmpty()) {
            return blink(start, stop);
        }
        LocateLed lamp = led.get();
        try {
            lamp.on();
        } catch (IOException e) {
            try {
                lamp.off();
            } catch (IOException alsoOff) {
                e.addSuppressed(alsoOff);
            }
            instead.accept(e.getMessage() + "; " + readsMethod() + " instead");
            return blink(start, stop);
        }
        try {
            return waitOut(start, stop);
        } finally {
            lamp.off();
        }
    }

    private boolean waitOut(long start, CancelToken stop) {
        while (!stop.isCancelled()) {
            long left = total - (pace.nanoTime() - start);
            if (left <= 0) {
                return true;
            }
            if (!sleep(Math.min(SLICE_NANOS, left))) {
                return false;
            }
        }
        return false;
    }

    private boolean blink(long start, CancelToken stop) throws IOException {
        Bursts bursts = new Bursts(drive.size(), drive.blockSize());
        if (bursts.length() == 0) {
            throw new IOException("/dev/" + drive.name() + ": too small to read a block of " + drive.blockSize() + " bytes");
        }
        ByteBuffer buffer = DirectBuffers.aligned(bursts.length());
        long n = 0;
        while (!stop.isCancelled()) {
            long elapsed = pace.nanoTime() - start;
            if (elapsed >= total) {
                return true;
            }
            if (Bursts.reading(elapsed)) {
                buffer.clear();
                drive.reads().read(bursts.offset(n++), buffer);
            } else if (!sleep(Math.min(Math.min(Bursts.untilNextBurst(elapsed), SLICE_NANOS), total - elapsed))) {
                return false;
            }
        }
        return false;
    }

    /** False when interrupted: the interrupt is kept for the caller, and the identification ends as if stopped. */
    private boolean sleep(long nanos) {
        try {
            pace.sleep(nanos);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Closes the read-only descriptor. */
    @Override
    public void close() throws IOException {
        drive.descriptor().close();
    }
}
