package dev.blockwipe.testing;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.testfx.util.WaitForAsyncUtils;

/** Waiting in window tests for what the FX thread does. */
public final class FxWait {
    private FxWait() {
    }

    /**
     * Waits up to a minute until {@code condition} holds, asked on the FX thread: a scene-graph
     * lookup from the test thread while the FX thread rebuilds a list can fail at random
     * (IndexOutOfBoundsException from Parent.lookupAll), and view-model state belongs to that thread.
     */
    public static void until(BooleanSupplier condition) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition::getAsBoolean).get());
        WaitForAsyncUtils.waitForFxEvents();
    }
}
