package dev.blockwipe.engine.firmware;

import java.io.IOException;
import java.time.Duration;

/** Where a running firmware erase reports, and how it waits between polls (tests wait no time). */
public interface FirmwareProgress {
    /** The drive reports {@code fraction} (0 to 1) done, or -1 when it does not say. */
    void progress(double fraction, String status);

    /** Waits {@code pause} before the next poll. */
    void pause(Duration pause) throws IOException;

    /** Reports nothing and sleeps for real. */
    FirmwareProgress SLEEPING = new FirmwareProgress() {
        @Override
        public void progress(double fraction, String status) {
        }

        @Override
        public void pause(Duration pause) throws IOException {
            sleep(pause);
        }
    };

    /** Sleeps for real, an interrupt turned into an {@link java.io.InterruptedIOException}. */
    static void sleep(Duration pause) throws IOException {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for the drive");
        }
    }
}
