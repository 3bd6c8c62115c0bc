package dev.blockwipe.engine;

/** The rate of a stage at {@code seconds} after it started. */
public record ThroughputPoint(double seconds, double bytesPerSecond) {
}
