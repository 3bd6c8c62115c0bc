package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What a signal does to a wipe command: cancel what runs, and change nothing once every job has ended. */
class CancelOnShutdownTest {
    private final List<Integer> halted = new CopyOnWriteArrayList<>();

    @Test
    void aSignalAfterEveryJobEndedExitsWithTheResultsCodeNotTheSignals() {
        CancelOnShutdown shutdown = new CancelOnShutdown(halted::add);
        shutdown.settled(ExitCode.BAD_SECTORS);
        shutdown.close();

        shutdown.onShutdown();

        assertThat(halted).containsExactly(ExitCode.BAD_SECTORS);
    }

    @Test
    void aSignalWhileAJobRunsCancelsItAndLeavesTheExitToTheSignal() throws Exception {
        CancelOnShutdown shutdown = new CancelOnShutdown(halted::add);
        Thread hook = new Thread(shutdown::onShutdown);
        hook.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!shutdown.token().isCancelled() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(shutdown.token().isCancelled()).as("the running job is told to stop").isTrue();
        assertThat(hook.isAlive()).as("the shutdown waits for the job to wind down").isTrue();

        shutdown.close();
        hook.join(TimeUnit.SECONDS.toMillis(30));

        assertThat(hook.isAlive()).isFalse();
        assertThat(halted).as("the JVM exits with the signal's status").isEmpty();
    }
}
