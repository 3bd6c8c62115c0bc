package dev.blockwipe.cli;

import dev.blockwipe.engine.CancelToken;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * Ctrl-C and SIGTERM start the JVM's shutdown; this hook turns that into a cooperative cancel and
 * holds the shutdown until the running job has stopped after its current requests and synced, so
 * the device is left consistent and the summary is printed. The JVM then exits with the signal's
 * status (130, 143, 129), unless the jobs had all ended before the cancel could reach them.
 */
final class CancelOnShutdown implements AutoCloseable {
    /** A sync of a slow disk with a full cache can take this long; after it the JVM exits anyway. */
    private static final long GRACE_SECONDS = 120;

    private final CancelToken token = new CancelToken();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread hook = new Thread(this::onShutdown, "blockwipe-shutdown");
    private final IntConsumer halt;
    private volatile Integer settled;

    CancelOnShutdown() {
        this(Runtime.getRuntime()::halt);
    }

    /** @param halt ends the process with a status at once (tests watch what it is asked) */
    CancelOnShutdown(IntConsumer halt) {
        this.halt = halt;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    CancelToken token() {
        return token;
    }

    /**
     * Every job ended without a cancel reaching it (each certificate written, or its absence
     * reported): a signal that arrives now changes nothing, and the process exits with
     * {@code code}, not with the signal's.
     */
    void settled(int code) {
        settled = code;
    }

    /** What the hook does once a signal started the shutdown. */
    void onShutdown() {
        token.cancel();
        try {
            done.await(GRACE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Integer code = settled;
        if (code != null) {
            System.out.flush();
            System.err.flush();
            halt.accept(code);
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
