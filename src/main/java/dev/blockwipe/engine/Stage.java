package dev.blockwipe.engine;

/** What a job is doing right now. */
public enum Stage {
    WRITE("writing"),
    RANGE("range operation"),
    /** The drive runs its own erase (sanitize, format, security erase). */
    FIRMWARE("drive erasing"),
    VERIFY("verifying");

    private final String label;

    Stage(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
