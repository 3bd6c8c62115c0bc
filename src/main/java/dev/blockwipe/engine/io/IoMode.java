package dev.blockwipe.engine.io;

/** How data reaches the target; recorded in every result. */
public enum IoMode {
    /** O_DIRECT: no page cache in the data path. */
    DIRECT("O_DIRECT"),
    /** The file system refused O_DIRECT: buffered writes, fdatasync and DONTNEED every 256 MiB. */
    BUFFERED("buffered, fdatasync every 256 MiB");

    private final String label;

    IoMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
