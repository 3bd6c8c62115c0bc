package dev.blockwipe.cli;

import dev.blockwipe.linux.Terminal;
import dev.blockwipe.report.Settings;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code blockwipe tui}: the console UI, for a serial line or a BMC's text console. The CLI only
 * reads the options and hands the settings to the console UI, which {@code Main} supplies (the
 * CLI does not depend on a front end above it).
 */
@Command(name = "tui", mixinStandardHelpOptions = true,
        description = {"Open the console UI: the device tree, wipes with typed confirmation, live progress, certificates.",
            "Keyboard only; works at 80x24 and over a serial line. Also opens when blockwipe runs without arguments on a"
                    + " terminal without a display."})
public final class TuiCommand implements Callable<Integer> {
    /** Opens the console UI with the settings given; returns its exit code. */
    @FunctionalInterface
    public interface Launcher {
        int open(Settings settings) throws IOException;
    }

    @Mixin
    private PaperFolders papers;

    private final Launcher launcher;

    /** For the manual pages and the completion, which never run it. */
    TuiCommand() {
        this(settings -> {
            throw new UsageException("the console UI is not available in this build");
        });
    }

    TuiCommand(Launcher launcher) {
        this.launcher = launcher;
    }

    @Override
    public Integer call() throws IOException {
        if (!Terminal.isTerminal(0) || !Terminal.isTerminal(1)) {
            throw new UsageException("the console UI needs a terminal on standard input and output; scripts use the"
                    + " commands (blockwipe --help)");
        }
        return launcher.open(papers.settings());
    }
}
