package dev.blockwipe.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Slow work (a scan, a libblkid probe) off the FX thread: {@code work} runs on the background
 * executor and the returned future completes, with its value or its exception, on the FX thread,
 * so whatever is chained to it may touch the view-models.
 */
final class Background {
    private Background() {
    }

    static <T> CompletableFuture<T> call(Services services, Callable<T> work) {
        CompletableFuture<T> onFx = new CompletableFuture<>();
        services.background().execute(() -> {
            try {
                T value = work.call();
                services.fx().execute(() -> onFx.complete(value));
            } catch (Exception e) {
                services.fx().execute(() -> onFx.completeExceptionally(e));
            }
        });
        return onFx;
    }
}
