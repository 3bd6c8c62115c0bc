package dev.blockwipe.cli;

import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The typed confirmation: every target must be named, by {@code --yes=NAME} (its device name, file
 * name or the path as given) or, at a terminal, by typing its name at a prompt. A {@code --yes}
 * that names none of the targets is refused: it means the script and the command line disagree.
 */
final class Confirmation {
    private final List<String> yes;
    private final BufferedReader terminal;
    private final PrintWriter prompt;

    /**
     * @param terminal where typed answers come from, or null when standard input is not a terminal
     */
    Confirmation(List<String> yes, BufferedReader terminal, PrintWriter prompt) {
        this.yes = List.copyOf(yes);
        this.terminal = terminal;
        this.prompt = prompt;
    }

    /** @param contents what is on each target, shown at the prompt */
    void confirmAll(List<TargetInfo> targets, Function<TargetInfo, String> contents) throws IOException {
        for (String name : yes) {
            if (targets.stream().noneMatch(t -> names(t, name))) {
                throw new TargetRefusedException(name, Reason.NOT_CONFIRMED, "--yes names no target of this command (targets: "
                        + String.join(", ", targets.stream().map(TargetInfo::name).toList()) + ")");
            }
        }
        List<TargetInfo> unconfirmed = new ArrayList<>();
        for (TargetInfo t : targets) {
            if (yes.stream().noneMatch(name -> names(t, name))) {
                unconfirmed.add(t);
            }
        }
        for (TargetInfo t : unconfirmed) {
            if (terminal == null) {
                throw new TargetRefusedException(t.path(), Reason.NOT_CONFIRMED,
                        "not confirmed: pass --yes=" + t.name() + " (standard input is not a terminal to ask on)");
            }
            prompt.printf("%s %s.%nAll data on it will be destroyed. Type %s to confirm: ", t.describe(), contents.apply(t),
                    t.name());
            prompt.flush();
            String answer = terminal.readLine();
            if (answer == null || !answer.trim().equals(t.name())) {
                throw new TargetRefusedException(t.path(), Reason.NOT_CONFIRMED, "not confirmed: the answer was not " + t.name());
            }
        }
    }

    private static boolean names(TargetInfo t, String name) {
        return name.equals(t.name()) || name.equals(t.path());
    }
}
