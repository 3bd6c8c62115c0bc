package dev.blockwipe.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import dev.blockwipe.engine.CancelToken;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class JobSchedulerTest {
    private static final Duration LONG = Duration.ofSeconds(30);

    private final Recorder recorder = new Recorder();
    private final JobScheduler<String, String> scheduler = new JobScheduler<>("test-job", recorder);
    private final Set<String> started = ConcurrentHashMap.newKeySet();

    @AfterEach
    void closeScheduler() throws InterruptedException {
        scheduler.close();
        assertThat(scheduler.awaitIdle(LONG)).isTrue();
    }

    @Test
    void jobsOnOneDiskRunOneAfterAnotherAndTheSecondSaysWhatItWaitsFor() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch firstRuns = new CountDownLatch(1);
        scheduler.submit("sdb1", Set.of("disk sdb"), new CancelToken(), () -> {
            started.add("sdb1");
            firstRuns.countDown();
            await(release);
            return "erased";
        });
        await(firstRuns);
        scheduler.submit("sdb2", Set.of("disk sdb"), new CancelToken(), work("sdb2"));

        assertThat(recorder.waiting).containsExactly("sdb2 waits for sdb1 (disk sdb)");
        assertThat(started).as("sdb2 waits while sdb1 runs").containsExactly("sdb1");

        release.countDown();
        assertThat(scheduler.awaitIdle(LONG)).isTrue();
        assertThat(recorder.ends).containsExactly("sdb1 done: erased", "sdb2 done: sdb2");
    }

    @Test
    void jobsOnSeparateDisksRunAtTheSameTime() throws Exception {
        CountDownLatch both = new CountDownLatch(2);
        JobScheduler.Work<String> meetTheOther = () -> {
            both.countDown();
            return both.await(30, TimeUnit.SECONDS) ? "met" : "alone";
        };
        scheduler.submit("sdb", Set.of("disk sdb"), new CancelToken(), meetTheOther);
        scheduler.submit("sdc", Set.of("disk sdc"), new CancelToken(), meetTheOther);

        assertThat(scheduler.awaitIdle(LONG)).isTrue();
        assertThat(recorder.ends).containsExactlyInAnyOrder("sdb done: met", "sdc done: met");
        assertThat(recorder.waiting).isEmpty();
    }

    @Test
    void aQueuedJobThatIsCancelledNeverStarts() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        scheduler.submit("sdb1", Set.of("disk sdb"), new CancelToken(), blockUntil("sdb1", release));
        CancelToken token = new CancelToken();
        scheduler.submit("sdb2", Set.of("disk sdb"), token, work("sdb2"));

        scheduler.cancel("sdb2");

        assertThat(token.isCancelled()).isTrue();
        assertThat(recorder.ends).as("it ends at once").containsExactly("sdb2 not started");
        release.countDown();
        assertThat(scheduler.awaitIdle(LONG)).isTrue();
        assertThat(started).doesNotContain("sdb2");
        assertThat(recorder.ends).containsExactly("sdb2 not started", "sdb1 done: released");
    }

    @Test
    void aQueuedJobWhoseTokenWasCancelledElsewhereDoesNotStartWhenItsTurnComes() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        scheduler.submit("sdb1", Set.of("disk sdb"), new CancelToken(), blockUntil("sdb1", release));
        CancelToken interrupted = new CancelToken();
        scheduler.submit("sdb2", Set.of("disk sdb"), interrupted, work("sdb2"));

        interrupted.cancel();
        release.countDown();

        assertThat(scheduler.awaitIdle(LONG)).isTrue();
        assertThat(started).doesNotContain("sdb2");
        assertThat(recorder.ends).containsExactly("sdb1 done: released", "sdb2 not started");
    }

    @Test
    void cancellingARunningJobCancelsItsToken() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CancelToken token = new CancelToken();
        scheduler.submit("sdb", Set.of("disk sdb"), token, () -> {
            running.countDown();
            while (!token.isCancelled()) {
                Thread.onSpinWait();
            }
            return "stopped";
        });
        await(running);

        scheduler.cancel("sdb");

        assertThat(scheduler.awaitIdle(LONG)).isTrue();
        assertThat(recorder.ends).containsExactly("sdb done: stopped");
    }

    @Test
    void whatTheWorkThrowsIsItsOutcomeAndTheNextJobStillRuns() throws Exception {
        IOException boom = new IOException("/dev/sdb: pwrite at 0 failed: EIO");
        scheduler.submit("sdb1", Set.of("disk sdb"), new CancelToken(), () -> {
            throw boom;
        });
        scheduler.submit("sdb2", Set.of("disk sdb"), new CancelToken(), work("sdb2"));

        assertThat(scheduler.awaitIdle(LONG)).isTrue();
        assertThat(recorder.failures).containsExactly(Map.entry("sdb1", boom));
        assertThat(recorder.ends).containsExactly("sdb1 failed", "sdb2 done: sdb2");
    }

    @Test
    void everyJobEndsExactlyOnceHoweverItEnds() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        scheduler.submit("a", Set.of("disk sda"), new CancelToken(), blockUntil("a", release));
        scheduler.submit("b", Set.of("disk sda"), new CancelToken(), () -> {
            throw new IllegalStateException("bug");
        });
        scheduler.submit("c", Set.of("disk sda"), new CancelToken(), work("c"));
        scheduler.submit("d", Set.of("disk sdb"), new CancelToken(), work("d"));
        scheduler.cancel("c");
        scheduler.cancel("c");

        release.countDown();
        assertThat(scheduler.awaitIdle(LONG)).isTrue();
        scheduler.cancel("a");

        assertThat(recorder.ends).hasSize(4)
                .containsExactlyInAnyOrder("a done: released", "b failed", "c not started", "d done: d");
    }

    @Test
    void aWithdrawnJobNoLongerHoldsUpTheJobsBehindIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        scheduler.submit("loop0", Set.of("disk sda"), new CancelToken(), blockUntil("loop0", release));
        scheduler.submit("both", Set.of("disk sda", "disk sdb"), new CancelToken(), work("both"));
        CountDownLatch sdbRan = new CountDownLatch(1);
        scheduler.submit("sdb", Set.of("disk sdb"), new CancelToken(), () -> {
            sdbRan.countDown();
            return "sdb";
        });
        assertThat(recorder.waiting).containsExactly("both waits for loop0 (disk sda)", "sdb waits for both (disk sdb)");

        scheduler.cancel("both");

        await(sdbRan);
        release.countDown();
        assertThat(scheduler.awaitIdle(LONG)).isTrue();
        assertThat(started).doesNotContain("both");
    }

    @Test
    void aClosedSchedulerTakesNoJobs() {
        scheduler.close();

        assertThatIllegalStateException()
                .isThrownBy(() -> scheduler.submit("sdb", Set.of(), new CancelToken(), work("sdb")))
                .withMessage("the job scheduler is closed");
    }

    private JobScheduler.Work<String> work(String name) {
        return () -> {
            started.add(name);
            return name;
        };
    }

    private JobScheduler.Work<String> blockUntil(String name, CountDownLatch release) {
        return () -> {
            started.add(name);
            await(release);
            return "released";
        };
    }

    private static void await(CountDownLatch latch) throws InterruptedException {
        assertThat(latch.await(30, TimeUnit.SECONDS)).as("latch reached").isTrue();
    }

    private final class Recorder implements JobScheduler.Listener<String, String> {
        final List<String> waiting = new CopyOnWriteArrayList<>();
        final List<String> ends = new CopyOnWriteArrayList<>();
        final Map<String, Throwable> failures = new ConcurrentHashMap<>();

        @Override
        public void waiting(String job, String behind, String key) {
            waiting.add(job + " waits for " + behind + " (" + key + ")");
        }

        @Override
        public void ended(String job, JobScheduler.Outcome<String> outcome) {
            if (outcome instanceof JobScheduler.Outcome.Done<String> d) {
                ends.add(job + " done: " + d.value());
            } else if (outcome instanceof JobScheduler.Outcome.Failed<String> f) {
                failures.put(job, f.error());
                ends.add(job + " failed");
            } else {
                ends.add(job + " not started");
            }
        }
    }
}
