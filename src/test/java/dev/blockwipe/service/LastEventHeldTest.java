package dev.blockwipe.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.job.WipeEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The card gets the engine's events as they come, but its last one only once the device is closed. */
class LastEventHeldTest {
    private final List<WipeEvent> card = new ArrayList<>();
    private final WipeService.LastEventHeld events = new WipeService.LastEventHeld(card::add);

    @Test
    void theLastEventWaitsForTheRelease() {
        WipeEvent checkpoint = new WipeEvent.Checkpoint(1, 4096, List.of(), List.of());
        WipeEvent cancelled = new WipeEvent.Cancelled(null);

        events.on(checkpoint);
        events.on(cancelled);
        assertThat(card).as("while the paperwork is written and the device still open").containsExactly(checkpoint);

        events.release();
        assertThat(card).containsExactly(checkpoint, cancelled);
    }

    @Test
    void finishedAndFailedWaitToo() {
        WipeEvent finished = new WipeEvent.Finished(null);
        WipeEvent failed = new WipeEvent.Failed(null, "gone");

        events.on(finished);
        assertThat(card).isEmpty();
        events.release();
        assertThat(card).containsExactly(finished);

        WipeService.LastEventHeld other = new WipeService.LastEventHeld(card::add);
        other.on(failed);
        other.release();
        assertThat(card).containsExactly(finished, failed);
    }

    @Test
    void aJobThatNeverStartedReleasesNothing() {
        events.release();
        assertThat(card).isEmpty();
    }
}
