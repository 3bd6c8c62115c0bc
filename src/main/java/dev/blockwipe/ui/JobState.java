package dev.blockwipe.ui;

/** The life of a job card. */
public enum JobState {
    /** Waiting for another job on the same disk. */
    QUEUED("queued", false),
    RUNNING("wiping", false),
    CANCELLING("cancelling", false),
    ERASED("erased ✓", true),
    /** Discarded without a read-back: done as asked, but not proven erased. */
    DISCARDED("discarded, not verified", true),
    VERIFY_FAILED("verification failed ✗", true),
    FAILED("failed ✗", true),
    CANCELLED("cancelled", true);

    private final String label;
    private final boolean finished;

    JobState(String label, boolean finished) {
        this.label = label;
        this.finished = finished;
    }

    public String label() {
        return label;
    }

    public boolean finished() {
        return finished;
    }
}
