package dev.blockwipe.ui;

import java.util.Locale;

/** The style classes the views set, as blockwipe.css defines them: one name, one place. */
public final class Styles {
    /** Secondary text: hints, estimates, placeholders. */
    public static final String MUTED = "muted";
    /** Something went wrong or is refused, in the danger colour. */
    public static final String PROBLEM = "problem";
    /** Something to know although nothing failed, in the warning colour. */
    public static final String WARNING = "warning";
    /** Something that went well, in the success colour. */
    public static final String GOOD = "good";
    /** A question or a hint, in the theme's accent colour (AtlantaFX's own class). */
    public static final String ACCENT = "accent";
    /** The fastest figure of a table. */
    public static final String BEST = "best";
    /** A destructive button. */
    public static final String DANGER = "danger";
    static final String BANNER = "banner";
    static final String SECTION_TITLE = "section-title";
    public static final String CONFIRM_TEXT = "confirm-text";
    public static final String CERTIFICATE_PAGE = "certificate-page";
    /** The text of a guide shown in the window. */
    public static final String GUIDE = "guide";
    /** JavaFX's own class for a scroll pane without a frame. */
    public static final String EDGE_TO_EDGE = "edge-to-edge";
    /** The search, hide and order controls above the device tree. */
    public static final String FILTER_BAR = "filter-bar";
    public static final String BADGE = "badge";
    public static final String BADGE_MISALIGNED = "badge-misaligned";
    public static final String VERDICT_BLOCKED = "verdict-blocked";
    public static final String VERDICT_CONFIRM = "verdict-confirm";
    public static final String VERDICT_WIPEABLE = "verdict-wipeable";
    public static final String JOB_CARD = "job-card";
    public static final String JOB_TITLE = "job-title";
    /** A job's one line in the jobs pane. */
    public static final String JOB_LINE = "job-line";
    public static final String JOB_SPARK = "job-spark";
    public static final String JOB_STATE_GOOD = "job-state-good";
    public static final String JOB_STATE_BAD = "job-state-bad";
    public static final String JOB_STATE_RUNNING = "job-state-running";
    public static final String ACROSS_DISK = "across-disk";
    public static final String MONITOR = "monitor";
    public static final String MONITOR_TOTAL = "monitor-total";
    public static final String MONITOR_HINT = "monitor-hint";
    public static final String MONITOR_TILE = "monitor-tile";
    public static final String MONITOR_NAME = "monitor-name";
    public static final String MONITOR_STATE = "monitor-state";
    public static final String MONITOR_DEVICE = "monitor-device";
    public static final String MONITOR_STAGE = "monitor-stage";
    public static final String MONITOR_SPEED = "monitor-speed";
    public static final String MONITOR_SPARK = "monitor-spark";
    public static final String MONITOR_STALL = "monitor-stall";
    public static final String MONITOR_BAR = "monitor-bar";

    private Styles() {
    }

    /** The badge colour of a device kind: "NVMe SSD" → badge-nvme. */
    public static String badge(String kind) {
        return "badge-" + kind.toLowerCase(Locale.ROOT).split(" ")[0];
    }

    /** The verdict colour of a level: "BLOCKED" → verdict-blocked. */
    public static String verdict(String level) {
        return "verdict-" + level.toLowerCase(Locale.ROOT);
    }
}
