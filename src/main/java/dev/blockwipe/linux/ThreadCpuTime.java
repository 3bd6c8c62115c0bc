package dev.blockwipe.linux;

/**
 * The calling thread's CPU time, from {@code clock_gettime(CLOCK_THREAD_CPUTIME_ID)}: what a
 * measurement on one core should count when other threads share the CPUs (a command's start-up,
 * busy neighbours). Exact to the nanosecond, where {@code /proc/thread-self/schedstat} only
 * moves when the scheduler next accounts for the running thread.
 */
final class ThreadCpuTime {
    /** CLOCK_THREAD_CPUTIME_ID, from {@code <linux/time.h>}. */
    private static final int CLOCK_THREAD_CPUTIME_ID = 3;

    private ThreadCpuTime() {
    }

    /** Nanoseconds of CPU the calling thread has used. */
    static long nanos() {
        long[] tp = new long[2];
        if (LibC.clock_gettime(CLOCK_THREAD_CPUTIME_ID, tp) != 0) {
            throw new IllegalStateException("clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed: " + Errno.describe(Errno.last()));
        }
        return tp[0] * 1_000_000_000L + tp[1];
    }
}
