package dev.blockwipe.engine.io;

public enum TargetKind {
    BLOCK_DEVICE("block device"),
    REGULAR_FILE("image file");

    private final String label;

    TargetKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
