package dev.blockwipe.engine.io;

import java.util.OptionalInt;

/** The temperature a drive reports about itself, read when asked; a target without a sensor has {@link #NONE}. */
@FunctionalInterface
public interface Thermometer {
    /** Loop devices, image files, drives whose driver exposes no sensor. */
    Thermometer NONE = OptionalInt::empty;

    /** Degrees Celsius now, or empty when the drive does not report it (or reading it failed this time). */
    OptionalInt celsius();
}
