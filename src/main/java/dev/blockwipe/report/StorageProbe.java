package dev.blockwipe.report;

import java.nio.file.Path;
import java.util.Optional;

/** Tells whether a folder is in memory, so that what is written there is lost at power-off. */
@FunctionalInterface
public interface StorageProbe {
    /** For tests and machines where it cannot be told: every folder keeps its files. */
    StorageProbe NONE = dir -> Optional.empty();

    /** Why {@code dir} is in memory ("tmpfs"), or empty when it keeps its files (or that cannot be told). */
    Optional<String> inMemory(Path dir);
}
