package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A lowered thread, and the threads it starts, run below the thread that made the step; no one else does. */
class NicenessTest {

    @Test
    void theStepLowersOnlyTheThreadItRunsOnOnceAndItsNewThreadsInheritIt() throws Exception {
        int mine = Niceness.current();
        Runnable lower = Niceness.lowered(3);
        AtomicInteger once = new AtomicInteger();
        AtomicInteger twice = new AtomicInteger();
        AtomicInteger child = new AtomicInteger();

        Thread job = new Thread(() -> {
            lower.run();
            once.set(Niceness.current());
            lower.run();
            twice.set(Niceness.current());
            Thread io = new Thread(() -> child.set(Niceness.current()));
            io.start();
            try {
                io.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        job.start();
        job.join();

        int expected = Math.min(19, mine + 3);
        assertThat(once.get()).as("the job thread").isEqualTo(expected);
        assertThat(twice.get()).as("run again on the same (pooled) thread: not lower still").isEqualTo(expected);
        assertThat(child.get()).as("a thread the job starts").isEqualTo(expected);
        assertThat(Niceness.current()).as("the thread that made the step").isEqualTo(mine);
    }
}
