package dev.blockwipe.engine.method;

/**
 * One resolved pass of a run.
 *
 * @param number   1-based
 * @param pattern  what it writes (for range methods: what the read-back expects)
 * @param blanking the optional final zero pass added after the method's own passes
 */
public record Pass(int number, Pattern pattern, boolean blanking) {
}
