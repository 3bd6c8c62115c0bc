package dev.blockwipe.engine;

/** One request: [offset, offset + length) of the target. */
record Chunk(long offset, int length) {
    long end() {
        return offset + length;
    }
}
