package dev.blockwipe;

import dev.blockwipe.cli.BlockwipeCli;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.report.MetricsOnlyFonts;
import dev.blockwipe.tui.ConsoleUi;
import dev.blockwipe.ui.BlockwipeApp;
import dev.blockwipe.ui.Startup;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Map;

/**
 * No arguments: the desktop application, or on a terminal without a display the console UI. A
 * subcommand: the command-line interface ({@code tui}: the console UI). This class does not
 * extend Application, so the CLI never loads JavaFX and the jar runs on the classpath. A command
 * writes certificates but never draws one, so its fonts need their metrics alone.
 */
public final class Main {
    /** The window cannot open here: no display, a display that refuses us, or no GTK 3 (src/docs/troubleshooting.md). */
    static final int NO_WINDOW = 11;

    private Main() {
    }

    public static void main(String[] args) {
        Map<String, String> env = System.getenv();
        if (args.length == 0 && noDisplay(env) && Terminal.isTerminal(0) && Terminal.isTerminal(1)) {
            System.exit(console(env));
        }
        if (args.length == 0) {
            System.exit(window(args, env));
        }
        LinuxTargets.preload();
        MetricsOnlyFonts.install();
        Charset cs = Charset.defaultCharset();
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, cs), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, cs), true);
        System.exit(BlockwipeCli.run(args, out, err,
                settings -> ConsoleUi.run(new Startup.UserSettings(settings, null), env)));
    }

    private static boolean noDisplay(Map<String, String> env) {
        return env.get("DISPLAY") == null && env.get("WAYLAND_DISPLAY") == null;
    }

    /**
     * No display but a terminal (a serial line, a BMC's text console): the console UI, with the
     * settings as the window takes them (unusable ones are said on the screen, not as an exit code).
     */
    private static int console(Map<String, String> env) {
        LinuxTargets.preload();
        MetricsOnlyFonts.install();
        try {
            return ConsoleUi.run(Startup.thisUser(), env);
        } catch (IOException e) {
            System.err.println("blockwipe: cannot open the console UI: " + e.getMessage());
            return NO_WINDOW;
        }
    }

    /** Runs the window until it closes; when it cannot open, says why in one line. */
    private static int window(String[] args, Map<String, String> env) {
        if (noDisplay(env)) {
            System.err.println("blockwipe: no display to open the window on (DISPLAY is not set); use a command instead"
                    + " (blockwipe --help)");
            return NO_WINDOW;
        }
        try {
            BlockwipeApp.launchApp(args);
            return 0;
        } catch (UnsupportedOperationException e) {
            System.err.println("blockwipe: " + whyNoWindow(e.getMessage(), env.get("DISPLAY")));
            return NO_WINDOW;
        }
    }

    /**
     * JavaFX's glass says "Unable to open DISPLAY" when nothing answers at DISPLAY or the X server
     * refuses this user (root without the user's XAUTHORITY), and "Unable to load glass GTK library"
     * when GTK 3 is missing.
     */
    static String whyNoWindow(String glassMessage, String display) {
        String message = glassMessage == null ? "" : glassMessage;
        if (message.contains("GTK")) {
            return "the window needs GTK 3, which is not installed (Debian, Ubuntu: apt install libgtk-3-0;"
                    + " Fedora: dnf install gtk3); the CLI works without it (blockwipe --help)";
        }
        if (message.contains("DISPLAY")) {
            return "cannot open the window on display " + (display == null ? "(none; Wayland without Xwayland)" : display)
                    + ": nothing answers there, or it refuses this user (as root, pass the user's XAUTHORITY, or start"
                    + " Blockwipe from the menu); the CLI works without a display (blockwipe --help)";
        }
        return "cannot open the window: " + message;
    }
}
