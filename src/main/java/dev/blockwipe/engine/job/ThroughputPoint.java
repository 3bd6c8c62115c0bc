package dev.blockwipe.engine.job;

/**
 * The rate of a stage at {@code seconds} after it started, when {@code bytesDone} bytes of the
 * stage were done: a sequential stage was then at its start offset plus {@code bytesDone}, so the
 * same points give the speed over time and across the device.
 */
public record ThroughputPoint(double seconds, double bytesPerSecond, long bytesDone) {
}
