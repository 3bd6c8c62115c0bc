package dev.blockwipe.engine.io;

/** [offset, offset + length) of a target. */
public record ByteRange(long offset, long length) {
    public long end() {
        return offset + length;
    }
}
