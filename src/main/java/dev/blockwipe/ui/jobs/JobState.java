package dev.blockwipe.ui.jobs;

import dev.blockwipe.ui.Styles;
import java.util.List;

/** The life of a job card. */
public enum JobState {
    /** Waiting for another job on the same disk. */
    QUEUED("queued", false),
    RUNNING("wiping", false),
    CANCELLING("cancelling", false),
    ERASED("erased ✓", true),
    /** Erased, except sectors the device could not write or read back (listed on the certificate). */
    ERASED_EXCEPT_BAD_SECTORS("erased except bad sectors ⚠", true),
    /** The drive's own erase succeeded and every canary changed; what it reads as is not defined (crypto erase). */
    PURGED("purged by the drive ✓", true),
    /** Done as asked, but not proven erased (discard without a read-back; old data may stay on the medium). */
    UNPROVEN("done, not proven erased", true),
    VERIFY_FAILED("verification failed ✗", true),
    FAILED("failed ✗", true),
    /** The device was unplugged or stopped answering while it was being wiped. */
    DEVICE_GONE("device gone ✗", true),
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

    /** The style classes a state colours its label or tile with, one at a time. */
    public static final List<String> STYLE_CLASSES = List.of(Styles.JOB_STATE_GOOD, Styles.JOB_STATE_BAD,
            Styles.JOB_STATE_RUNNING);

    /** Green for erased, red for what failed, the accent for the rest. */
    public String styleClass() {
        return this == ERASED || this == PURGED ? Styles.JOB_STATE_GOOD
                : this == FAILED || this == VERIFY_FAILED || this == DEVICE_GONE ? Styles.JOB_STATE_BAD
                : Styles.JOB_STATE_RUNNING;
    }
}
