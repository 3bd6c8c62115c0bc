package dev.blockwipe.cli;

import dev.blockwipe.linux.LiveNetwork;
import dev.blockwipe.linux.Programs;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code blockwipe net up|down|status}: the boot stick's network, off until the technician turns it on. */
@Command(name = "net", mixinStandardHelpOptions = true,
        description = {"On the Blockwipe boot stick: turn the network on (DHCP on every wired link, and an SSH server"
                + " that accepts only the keys in ssh/authorized_keys on the stick's BLOCKWIPE partition), off again,"
                + " or say whether it is on.",
            "Elsewhere the system's own tools manage the network: exit 5."})
final class NetCommand implements Callable<Integer> {
    /** What the switch takes. */
    enum Action {
        UP, DOWN, STATUS
    }

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "up|down|status", description = "up, down or status.", converter = ActionConverter.class)
    private Action action;

    private final LiveNetwork network;

    NetCommand() {
        this(new LiveNetwork());
    }

    NetCommand(LiveNetwork network) {
        this.network = network;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!network.available()) {
            err.println("blockwipe: net works on the Blockwipe boot stick only (" + network.helper() + " is not on this"
                    + " system); here the system's own tools manage the network");
            return ExitCode.NOT_SUPPORTED;
        }
        Programs.Outcome done = network.run(action.name().toLowerCase(Locale.ROOT));
        boolean answered = done.exit() == 0 || action == Action.STATUS && done.exit() == LiveNetwork.OFF;
        if (!done.output().isEmpty()) {
            (answered ? out : err).println(done.output());
        }
        return answered ? ExitCode.OK : ExitCode.FAILED;
    }

    /** "up", "down" or "status", in any case; anything else is a usage error naming the three. */
    static final class ActionConverter implements ITypeConverter<Action> {
        @Override
        public Action convert(String value) {
            try {
                return Action.valueOf(value.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not up, down or status");
            }
        }
    }
}
