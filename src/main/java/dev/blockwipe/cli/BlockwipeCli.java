package dev.blockwipe.cli;

import dev.blockwipe.engine.Units;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The console interface: the same engine as the GUI, for servers without a display and for scripts. */
@Command(name = "blockwipe",
        mixinStandardHelpOptions = true,
        versionProvider = BlockwipeCli.Version.class,
        description = "Erase disks, partitions and disk-image files fast and provably.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "  0:erased (and verified, when asked)",
            "  1:failed (an I/O error; the message says where)",
            "  2:usage error (bad option, method, pass list or block size)",
            "  3:verification found different data",
            "  4:refused for safety (busy, mounted, read-only, empty, not confirmed)",
            "  5:not supported by the device (zero-out, discard, a firmware erase), or here (net off the boot stick)",
            "  6:no such target, not a block device or image file, or no permission",
            "  7:erased, but the certificate could not be written (the result is printed)",
            "  8:done, but no proof of erasure (a discard without a read-back, a copy-on-write file)",
            "  9:erased except bad sectors (listed in the summary and on the certificate)",
            " 10:--resume: no journal of an interrupted wipe of the target",
            " 11:the window cannot open (no display, or no GTK 3); the commands still work",
            " 12:a folder or file of Blockwipe's own cannot be used (config, key, settings, reports, journals)",
            "130:cancelled (Ctrl-C; 143 for SIGTERM, 129 for SIGHUP); what was written before is synced"})
public final class BlockwipeCli {
    /**
     * The commands, in the order {@code --help} lists them. Picocli reads the annotations of every
     * command it is given before it parses a word, so a command line that names one gets that one
     * alone, which shortens every command's start (src/docs/speed.md).
     */
    private static final List<Class<?>> COMMANDS = List.of(ListCommand.class, ShowCommand.class, IdentifyCommand.class, WipeCommand.class,
            VerifyCommand.class, BenchCommand.class, ReportCommand.class, MethodsCommand.class, NetCommand.class,
            TuiCommand.class);

    private BlockwipeCli() {
    }

    /** Runs a command line and returns its exit code; output goes to the given writers. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, CommandLine.defaultFactory());
    }

    /** The same, with {@code tui} opening the console UI through {@code console}. */
    public static int run(String[] args, PrintWriter out, PrintWriter err, TuiCommand.Launcher console) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        return run(args, out, err, new CommandLine.IFactory() {
            @Override
            @SuppressWarnings("unchecked")
            public <K> K create(Class<K> cls) throws Exception {
                return cls == TuiCommand.class ? (K) new TuiCommand(console) : defaults.create(cls);
            }
        });
    }

    /** The same, with the commands made by {@code factory} (tests hand commands their collaborators). */
    static int run(String[] args, PrintWriter out, PrintWriter err, CommandLine.IFactory factory) {
        CommandLine cli = tree(commandsFor(args), factory);
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("blockwipe: " + ex.getMessage() + suggestion(ex)
                    + " (try: " + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help)");
            return ExitCode.USAGE;
        });
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            cmd.getErr().println("blockwipe: " + Units.printable(ex.getMessage() != null ? ex.getMessage() : ex.toString()));
            return ExitCode.of(ex);
        });
        return cli.execute(args);
    }

    /** "; did you mean: wipe?" for a mistyped command or option: picocli's nearest names, or nothing. */
    private static String suggestion(CommandLine.ParameterException ex) {
        List<String> nearest = ex instanceof CommandLine.UnmatchedArgumentException u ? u.getSuggestions() : List.of();
        return nearest.isEmpty() ? "" : "; did you mean: " + String.join(" or ", nearest) + "?";
    }

    /** Every command: what the manual pages and the shell completion are made from when the packages are built. */
    static CommandLine everyCommand() {
        return tree(COMMANDS, CommandLine.defaultFactory());
    }

    private static CommandLine tree(List<Class<?>> commands, CommandLine.IFactory factory) {
        CommandLine cli = new CommandLine(BlockwipeCli.class, factory);
        commands.forEach(cli::addSubcommand);
        return cli;
    }

    /**
     * The command the first word that is not an option names (the top level's options take no
     * value), or every command when it names none: then picocli's help and its "did you mean"
     * know them all.
     */
    static List<Class<?>> commandsFor(String[] args) {
        Optional<String> word = Arrays.stream(args).filter(a -> !a.startsWith("-")).findFirst();
        return word.flatMap(w -> COMMANDS.stream().filter(c -> c.getAnnotation(Command.class).name().equals(w)).findFirst())
                .<List<Class<?>>>map(List::of).orElse(COMMANDS);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = BlockwipeCli.class.getPackage().getImplementationVersion();
            return new String[] {"blockwipe " + (v != null ? v : "development build"),
                "Java " + System.getProperty("java.version") + " on " + System.getProperty("os.name") + " "
                        + System.getProperty("os.arch")};
        }
    }
}
