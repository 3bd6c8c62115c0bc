package dev.blockwipe.ui;

import dev.blockwipe.linux.DesktopOpen;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The desktop's own program for a file ({@link DesktopOpen}: xdg-open, never as root), started and
 * waited for on the background executor, so that "no program for PDF files here" (usual on rescue
 * media and servers), "xdg-open missing" or "not as root" reaches the user instead of stderr.
 */
final class XdgOpen implements DesktopOpener {
    private final Executor background;
    private final Executor fx;

    XdgOpen(Executor background, Executor fx) {
        this.background = background;
        this.fx = fx;
    }

    @Override
    public void open(Path path, Consumer<String> problem) {
        background.execute(() -> DesktopOpen.open(path).ifPresent(why -> fx.execute(() -> problem.accept(why))));
    }
}
