package dev.blockwipe.ui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code xdg-open}, run and waited for on a thread of its own, so that "no program for PDF files
 * here" (exit 3, usual on rescue media and servers) or "xdg-open missing" reaches the user instead
 * of stderr, as it did through HostServices.
 */
final class XdgOpen implements DesktopOpener {
    private static final long WAIT_SECONDS = 20;
    private final Executor fx;

    XdgOpen(Executor fx) {
        this.fx = fx;
    }

    @Override
    public void open(Path path, Consumer<String> problem) {
        Thread t = new Thread(() -> {
            String why = run(path);
            if (why != null) {
                fx.execute(() -> problem.accept(why));
            }
        }, "xdg-open");
        t.setDaemon(true);
        t.start();
    }

    /** Null when a program took the file; else why not. */
    private static String run(Path path) {
        try {
            Process p = new ProcessBuilder("xdg-open", path.toString()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
                return null;
            }
            return p.exitValue() == 0 ? null : "No program here opens " + path.getFileName() + " (xdg-open: exit "
                    + p.exitValue() + "); it is at " + path;
        } catch (IOException e) {
            return "xdg-open is not installed, so no program can open " + path.getFileName() + "; it is at " + path;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
