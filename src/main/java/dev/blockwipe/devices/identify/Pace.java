package dev.blockwipe.devices.identify;

/** The clock an identification keeps time by and the way it waits, replaced in tests so that nothing really sleeps. */
public interface Pace {
    /** The machine's own: {@link System#nanoTime} and {@link Thread#sleep}. */
    Pace SYSTEM = new Pace() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleep(long nanos) throws InterruptedException {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
    };

    /** A monotonic clock, in nanoseconds. */
    long nanoTime();

    void sleep(long nanos) throws InterruptedException;
}
