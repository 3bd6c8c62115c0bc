package dev.blockwipe.engine.io;

/** One request: [offset, offset + length) of the target. */
public record Chunk(long offset, int length) {
    public long end() {
        return offset + length;
    }
}
