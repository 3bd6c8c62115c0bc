package dev.blockwipe.ui;

import java.util.Locale;

/** The style classes the views set, as blockwipe.css and dark.css define them: one name, one place. */
final class Styles {
    /** Secondary text: hints, estimates, placeholders. */
    static final String MUTED = "muted";
    /** Something went wrong or is refused, in the danger colour. */
    static final String PROBLEM = "problem";
    /** Something to know although nothing failed, in the warning colour. */
    static final String WARNING = "warning";
    /** The fastest figure of a table. */
    static final String BEST = "best";
    /** A destructive button. */
    static final String DANGER = "danger";
    static final String BANNER = "banner";
    static final String SECTION_TITLE = "section-title";
    static final String CONFIRM_TEXT = "confirm-text";
    static final String CERTIFICATE_PAGE = "certificate-page";
    /** JavaFX's own class for a scroll pane without a frame. */
    static final String EDGE_TO_EDGE = "edge-to-edge";
    static final String BADGE = "badge";
    static final String BADGE_MISALIGNED = "badge-misaligned";
    static final String VERDICT_BLOCKED = "verdict-blocked";
    static final String VERDICT_CONFIRM = "verdict-confirm";
    static final String VERDICT_WIPEABLE = "verdict-wipeable";
    static final String JOB_CARD = "job-card";
    static final String JOB_TITLE = "job-title";
    static final String JOB_STATE_GOOD = "job-state-good";
    static final String JOB_STATE_BAD = "job-state-bad";
    static final String JOB_STATE_RUNNING = "job-state-running";
    static final String ACROSS_DISK = "across-disk";
    static final String MONITOR = "monitor";
    static final String MONITOR_TOTAL = "monitor-total";
    static final String MONITOR_HINT = "monitor-hint";
    static final String MONITOR_TILE = "monitor-tile";
    static final String MONITOR_NAME = "monitor-name";
    static final String MONITOR_STATE = "monitor-state";
    static final String MONITOR_DEVICE = "monitor-device";
    static final String MONITOR_STAGE = "monitor-stage";
    static final String MONITOR_SPEED = "monitor-speed";
    static final String MONITOR_SPARK = "monitor-spark";
    static final String MONITOR_STALL = "monitor-stall";
    static final String MONITOR_BAR = "monitor-bar";

    private Styles() {
    }

    /** The badge colour of a device kind: "NVMe SSD" → badge-nvme. */
    static String badge(String kind) {
        return "badge-" + kind.toLowerCase(Locale.ROOT).split(" ")[0];
    }

    /** The verdict colour of a level: "BLOCKED" → verdict-blocked. */
    static String verdict(String level) {
        return "verdict-" + level.toLowerCase(Locale.ROOT);
    }
}
