package dev.blockwipe.ui.jobs;

import java.util.ArrayList;
import java.util.List;

/**
 * Jobs that ended, gathered for a second from the frame that first sees one and then handed on
 * together: a dozen disks wiped together end within a second or two, and a notification, a
 * journal scan and a rescan for each kept the FX thread busy while they did. FX thread only.
 */
public final class EndedJobs {
    static final long GATHER_NANOS = 1_000_000_000L;

    private final List<JobViewModel> ended = new ArrayList<>();
    private boolean gathering;
    private long firstSeen;

    public void add(JobViewModel job) {
        ended.add(job);
    }

    /** At the frame of {@code nanos}: the jobs to tell about now, oldest first, or none yet. */
    public List<JobViewModel> due(long nanos) {
        if (ended.isEmpty()) {
            return List.of();
        }
        if (!gathering) {
            gathering = true;
            firstSeen = nanos;
        }
        if (nanos - firstSeen < GATHER_NANOS) {
            return List.of();
        }
        List<JobViewModel> batch = List.copyOf(ended);
        ended.clear();
        gathering = false;
        return batch;
    }
}
