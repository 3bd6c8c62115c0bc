package dev.blockwipe.ui;

import dev.blockwipe.engine.DaemonThreads;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Work off the FX thread, the one way the window does it: file reads, signatures, probes, scans,
 * external programs and waits run on {@link Services#background}, and what they return is handed
 * to the FX thread. The FX thread draws every frame and must never wait on a disk, a DNS server or
 * a child process; the architecture test keeps such calls out of ui and its packages altogether.
 */
public final class Background {
    private Background() {
    }

    /**
     * The window's one background executor: named daemon threads ("blockwipe-background-N"), so
     * that a stuck probe never holds the exit up, made as they are needed and ended after a minute idle.
     */
    public static ExecutorService executor() {
        return Executors.newCachedThreadPool(DaemonThreads.numbered("blockwipe-background"));
    }

    /**
     * Runs {@code work} on the background executor; the returned future completes, with its value
     * or its exception, on the FX thread, so whatever is chained to it may touch the view-models.
     */
    public static <T> CompletableFuture<T> call(Services services, Callable<T> work) {
        return call(services.background(), services.fx(), work);
    }

    /** {@link #call(Services, Callable)} for the models made without the services (a certificate, the list of them). */
    public static <T> CompletableFuture<T> call(Executor background, Executor fx, Callable<T> work) {
        CompletableFuture<T> onFx = new CompletableFuture<>();
        background.execute(() -> {
            try {
                T value = work.call();
                fx.execute(() -> onFx.complete(value));
            } catch (Exception e) {
                fx.execute(() -> onFx.completeExceptionally(e));
            }
        });
        return onFx;
    }

    /** What went wrong in {@code failure} of a future: the work's own exception, not the wrapper a chained stage adds. */
    public static Throwable cause(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }
}
