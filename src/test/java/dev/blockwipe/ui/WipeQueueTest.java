package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WipeQueueTest {
    private final WipeQueue<String> queue = new WipeQueue<>();

    @Test
    void secondJobOnTheSameDiskWaitsForTheFirst() {
        assertThat(queue.offer("sdb", "sdb1")).isTrue();
        assertThat(queue.offer("sdb", "sdb2")).isFalse();
        assertThat(queue.active("sdb")).contains("sdb1");

        assertThat(queue.finished("sdb")).contains("sdb2");
        assertThat(queue.active("sdb")).contains("sdb2");
    }

    @Test
    void waitingJobsStartInTheOrderTheyCame() {
        queue.offer("sdb", "sdb1");
        queue.offer("sdb", "sdb3");
        queue.offer("sdb", "sdb2");

        assertThat(queue.finished("sdb")).contains("sdb3");
        assertThat(queue.finished("sdb")).contains("sdb2");
        assertThat(queue.finished("sdb")).isEmpty();
        assertThat(queue.active("sdb")).isEmpty();
    }

    @Test
    void jobsOnDifferentDisksStartAtOnce() {
        assertThat(queue.offer("sdb", "sdb1")).isTrue();
        assertThat(queue.offer("sdc", "sdc1")).isTrue();

        assertThat(queue.active("sdb")).contains("sdb1");
        assertThat(queue.active("sdc")).contains("sdc1");
    }

    @Test
    void withdrawnJobNeverStarts() {
        queue.offer("sdb", "sdb1");
        queue.offer("sdb", "sdb2");

        assertThat(queue.withdraw("sdb", "sdb2")).isTrue();
        assertThat(queue.finished("sdb")).isEmpty();
    }

    @Test
    void activeJobCannotBeWithdrawn() {
        queue.offer("sdb", "sdb1");
        queue.offer("sdb", "sdb2");

        assertThat(queue.withdraw("sdb", "sdb1")).isFalse();
        assertThat(queue.active("sdb")).contains("sdb1");
    }

    @Test
    void unknownJobCannotBeWithdrawn() {
        queue.offer("sdb", "sdb1");
        queue.offer("sdb", "sdb2");

        assertThat(queue.withdraw("sdb", "sdb9")).isFalse();
        assertThat(queue.withdraw("sdc", "sdb2")).as("right job, wrong disk").isFalse();
        assertThat(queue.withdraw("sdd", "sdd1")).as("disk never seen").isFalse();
        assertThat(queue.finished("sdb")).contains("sdb2");
    }

    @Test
    void finishingADiskWithNoJobsStartsNothing() {
        assertThat(queue.finished("sdb")).isEmpty();
        assertThat(queue.offer("sdb", "sdb1")).as("the disk is free afterwards").isTrue();
    }

    @Test
    void diskIsFreeAgainOnceItsLastJobFinished() {
        queue.offer("sdb", "sdb1");
        queue.finished("sdb");

        assertThat(queue.offer("sdb", "sdb2")).isTrue();
    }
}
