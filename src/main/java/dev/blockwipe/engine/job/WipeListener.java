package dev.blockwipe.engine.job;

/** Receives a job's events on the thread that runs the job. Keep it quick: the job waits for it. */
@FunctionalInterface
public interface WipeListener {
    WipeListener NONE = event -> { };

    void on(WipeEvent event);

    /** Hands every event to each listener in turn. */
    static WipeListener all(WipeListener... listeners) {
        return event -> {
            for (WipeListener l : listeners) {
                l.on(event);
            }
        };
    }
}
