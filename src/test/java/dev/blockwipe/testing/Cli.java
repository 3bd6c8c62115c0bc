package dev.blockwipe.testing;

import dev.blockwipe.cli.BlockwipeCli;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in this JVM and captures what it prints. */
public record Cli(int exitCode, String out, String err) {

    public static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = BlockwipeCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }
}
