package dev.blockwipe.engine.fault;

import java.util.ArrayList;
import java.util.List;

/**
 * What a job saw of its drive's temperature: every sample's range, the last one, and the pauses
 * the limit caused. A target that reports nothing has zero samples.
 *
 * @param samples how many readings the drive answered
 * @param min     lowest reading (meaningless without samples)
 * @param max     highest reading
 * @param last    latest reading
 * @param limit   writes pause above this many degrees, 0 for no limit
 * @param pauses  the pauses, in order
 */
public record Temperatures(int samples, int min, int max, int last, int limit, List<ThermalPause> pauses) {
    /** Writes go on this many degrees below the limit: without a margin a job would stop and start at every degree. */
    public static final int RESUME_MARGIN = 5;

    public Temperatures {
        pauses = List.copyOf(pauses);
    }

    /** Nothing read yet. */
    public static Temperatures none(int limit) {
        return new Temperatures(0, 0, 0, 0, limit, List.of());
    }

    public boolean reported() {
        return samples > 0;
    }

    public Temperatures with(int celsius) {
        return samples == 0 ? new Temperatures(1, celsius, celsius, celsius, limit, pauses)
                : new Temperatures(samples + 1, Math.min(min, celsius), Math.max(max, celsius), celsius, limit, pauses);
    }

    public Temperatures withPause(ThermalPause pause) {
        List<ThermalPause> all = new ArrayList<>(pauses);
        all.add(pause);
        return new Temperatures(samples, min, max, last, limit, all);
    }

    /** "41 °C, max 44 °C", or "not reported". */
    public String describe() {
        return reported() ? last + " °C, max " + max + " °C" : "not reported";
    }

    /** "paused: 61 °C above the 60 °C limit", or once it cools "paused: 58 °C, writes resume at 55 °C". */
    public String pausedText() {
        return last > limit ? "paused: " + last + " °C above the " + limit + " °C limit"
                : "paused: " + last + " °C, writes resume at " + (limit - RESUME_MARGIN) + " °C";
    }
}
