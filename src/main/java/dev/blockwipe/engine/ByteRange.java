package dev.blockwipe.engine;

/** [offset, offset + length) of a target. */
public record ByteRange(long offset, long length) {
    public long end() {
        return offset + length;
    }
}
