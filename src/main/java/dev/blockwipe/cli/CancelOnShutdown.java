package dev.blockwipe.cli;

import dev.blockwipe.engine.CancelToken;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C and SIGTERM start the JVM's shutdown; this hook turns that into a cooperative cancel and
 * holds the shutdown until the running job has stopped after its current requests and synced, so
 * the device is left consistent and the summary is printed.
 */
final class CancelOnShutdown implements AutoCloseable {
    /** A sync of a slow disk with a full cache can take this long; after it the JVM exits anyway. */
    private static final long GRACE_SECONDS = 120;

    private final CancelToken token = new CancelToken();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread hook = new Thread(this::onShutdown, "blockwipe-shutdown");

    CancelOnShutdown() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    CancelToken token() {
        return token;
    }

    private void onShutdown() {
        token.cancel();
        try {
            done.await(GRACE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The jobs have ended: a shutdown may proceed, and a normal end no longer needs the hook. */
    @Override
    public void close() {
        done.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running and now returns: the JVM exits with the signal's status
        }
    }
}
