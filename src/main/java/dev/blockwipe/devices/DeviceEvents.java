package dev.blockwipe.devices;

/** Tells the device watcher at once when the kernel adds, removes or changes a block device. */
@FunctionalInterface
public interface DeviceEvents {
    /** No events: the watcher's poll alone finds changes. */
    DeviceEvents NONE = changed -> () -> { };

    /** Listening, until closed. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Calls {@code changed} (on a thread of the source's own) after each block-device event, until
     * the returned handle is closed.
     */
    Subscription listen(Runnable changed);
}
