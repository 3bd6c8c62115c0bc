package dev.blockwipe.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes the CLI reference the packages ship, made from the same picocli models the program parses
 * its command line with, so that it cannot drift from the program: a manual page in AsciiDoc per
 * command ({@code blockwipe.adoc}, {@code blockwipe-wipe.adoc}, ...; packaging/build.sh makes troff
 * of them) and the bash completion script. The 'package' profile runs it; it lives with the tests
 * because picocli-codegen is needed only to build, not to run.
 *
 * <pre>CliReference OUT  →  OUT/man/*.adoc, OUT/blockwipe.bash</pre>
 */
public final class CliReference {
    private CliReference() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        CommandLine cli = BlockwipeCli.everyCommand();
        File man = out.resolve("man").toFile();
        int exit = ManPageGenerator.generateManPage(man, null, new boolean[0], true, cli.getCommandSpec());
        if (exit != 0) {
            throw new IOException("picocli's ManPageGenerator failed with exit code " + exit + " writing " + man);
        }
        Files.writeString(out.resolve("blockwipe.bash"), AutoComplete.bash("blockwipe", cli));
    }
}
