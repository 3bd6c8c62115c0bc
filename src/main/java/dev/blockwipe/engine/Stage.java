package dev.blockwipe.engine;

/** What a job is doing right now. */
public enum Stage {
    WRITE("writing"),
    RANGE("range operation"),
    VERIFY("verifying");

    private final String label;

    Stage(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
