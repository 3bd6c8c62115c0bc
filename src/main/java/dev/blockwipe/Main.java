package dev.blockwipe;

import dev.blockwipe.cli.BlockwipeCli;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.ui.BlockwipeApp;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * No arguments: the desktop application. A subcommand: the console interface. This class does not
 * extend Application, so the CLI never loads JavaFX and the jar runs on the classpath.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            if (System.getenv("DISPLAY") == null && System.getenv("WAYLAND_DISPLAY") == null) {
                System.err.println("blockwipe: no display to open the window on; use a command instead (blockwipe --help)");
                System.exit(2);
            }
            BlockwipeApp.launchApp(args);
            return;
        }
        LinuxTargets.preload();
        Charset cs = Charset.defaultCharset();
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, cs), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, cs), true);
        System.exit(BlockwipeCli.run(args, out, err));
    }
}
