package dev.blockwipe.ui;

import java.nio.file.Path;
import java.util.function.Consumer;

/** Opens a file or folder with the desktop's own program, and says so when nothing could. */
@FunctionalInterface
public interface DesktopOpener {
    /**
     * Starts opening {@code path}; when no program opened it, {@code problem} gets one line for
     * the user, on the FX thread.
     */
    void open(Path path, Consumer<String> problem);
}
