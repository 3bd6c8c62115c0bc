package dev.blockwipe.lab;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import org.testfx.util.WaitForAsyncUtils;

/** The window's frames, for scenarios that time what the user sees rather than what a model holds. */
final class Frames {
    /** How long a question put to the FX thread may wait for its answer: the guest's CPU is emulated. */
    private static final Duration ANSWER = Duration.ofMinutes(1);

    private Frames() {
    }

    /**
     * The time ({@link System#nanoTime}) of the first frame (a pulse of the FX thread, in which the
     * scene is drawn) in which {@code condition} holds, asked on the FX thread in every frame; an
     * AssertionError when none does within {@code limit}.
     */
    static long first(Duration limit, BooleanSupplier condition) throws Exception {
        return await(limit, watch(condition));
    }

    /** Starts asking {@code condition} in every frame; completes with the time of the first frame in which it holds. */
    static CompletableFuture<Long> watch(BooleanSupplier condition) {
        CompletableFuture<Long> at = new CompletableFuture<>();
        AnimationTimer frames = new AnimationTimer() {
            @Override
            public void handle(long now) {
                if (at.isDone()) {
                    stop();
                } else if (condition.getAsBoolean()) {
                    at.complete(System.nanoTime());
                    stop();
                }
            }
        };
        Platform.runLater(frames::start);
        return at;
    }

    /** What {@link #watch} found, waited for up to {@code limit}; the watch stops when it is not found in time. */
    static long await(Duration limit, CompletableFuture<Long> at) throws Exception {
        try {
            return at.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            at.cancel(false);
            throw new AssertionError("the window did not show it within " + limit.toSeconds() + " s", e);
        }
    }

    /** {@code work}'s answer, asked on the FX thread. */
    static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(ANSWER.toSeconds(), TimeUnit.SECONDS);
    }

    /** The longest time between two frames while it runs: how long the FX thread was kept from drawing. */
    static final class Gaps extends AnimationTimer {
        private long last;
        private long longest;

        @Override
        public void handle(long now) {
            if (last != 0) {
                longest = Math.max(longest, now - last);
            }
            last = now;
        }

        /** Stops and says the longest gap, in milliseconds. */
        long stopAndMeasure() throws Exception {
            return onFx(() -> {
                stop();
                return longest / 1_000_000;
            });
        }
    }

    /** Starts measuring the gaps between frames. */
    static Gaps gaps() {
        Gaps gaps = new Gaps();
        Platform.runLater(gaps::start);
        return gaps;
    }
}
