package dev.blockwipe.engine;

/** Cooperative cancellation: set from any thread, checked by the engine between blocks. */
public final class CancelToken {
    private volatile boolean cancelled;

    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }
}
