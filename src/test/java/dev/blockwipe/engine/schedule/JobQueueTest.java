package dev.blockwipe.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JobQueueTest {
    private final JobQueue<String> queue = new JobQueue<>();

    @Test
    void aJobThatSharesAKeyWaitsForTheRunningOneAndSaysWhich() {
        assertThat(queue.offer("sdb1", Set.of("disk sdb"))).isTrue();
        assertThat(queue.offer("sdb2", Set.of("disk sdb"))).isFalse();
        assertThat(queue.blocker("sdb2")).contains(Map.entry("sdb1", "disk sdb"));

        assertThat(queue.finished("sdb1")).containsExactly("sdb2");
        assertThat(queue.blocker("sdb2")).as("it runs now").isEmpty();
        assertThat(queue.finished("sdb2")).isEmpty();
        assertThat(queue.idle()).isTrue();
    }

    @Test
    void jobsOnSeparateDisksRunAtOnce() {
        assertThat(queue.offer("sdb", Set.of("disk sdb"))).isTrue();
        assertThat(queue.offer("sdc", Set.of("disk sdc"))).isTrue();
        assertThat(queue.offer("image", Set.of())).isTrue();
    }

    @Test
    void waitingJobsStartInTheOrderTheyCameAndNoneOvertakes() {
        queue.offer("loop0", Set.of("disk loop0", "disk sda"));
        queue.offer("loop1", Set.of("disk loop1", "disk sda"));
        queue.offer("sda-image", Set.of("disk sda"));
        assertThat(queue.offer("sdb", Set.of("disk sdb"))).as("no shared key").isTrue();

        assertThat(queue.finished("loop0")).containsExactly("loop1");
        assertThat(queue.finished("loop1")).containsExactly("sda-image");
    }

    @Test
    void aNewJobDoesNotOvertakeAnEarlierWaitingOne() {
        queue.offer("a", Set.of("disk sda"));
        queue.offer("b", Set.of("disk sda", "disk sdb"));
        assertThat(queue.offer("c", Set.of("disk sdb"))).as("b waits for sdb too").isFalse();
        assertThat(queue.blocker("c")).as("nothing running holds sdb; b claims it").contains(Map.entry("b", "disk sdb"));
        assertThat(queue.waiting()).containsExactly("b", "c");
        assertThat(queue.finished("a")).containsExactly("b");
        assertThat(queue.finished("b")).containsExactly("c");
    }

    @Test
    void aWithdrawnJobNeverStartsAndARunningOneCannotBeWithdrawn() {
        queue.offer("sdb1", Set.of("disk sdb"));
        queue.offer("sdb2", Set.of("disk sdb"));
        assertThat(queue.withdraw("sdb1")).isFalse();
        assertThat(queue.withdraw("sdb2")).isTrue();
        assertThat(queue.withdraw("sdb9")).isFalse();
        assertThat(queue.finished("sdb1")).isEmpty();
    }
}
