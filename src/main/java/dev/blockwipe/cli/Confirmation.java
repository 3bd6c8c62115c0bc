package dev.blockwipe.cli;

import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.service.Admission;
import dev.blockwipe.service.ConfirmationWord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;

/**
 * The typed confirmation: every target must be named, by {@code --yes=NAME} (the name of the object
 * the path led to: its device name as the open descriptor's device is called in sysfs, /dev/ and
 * that name, or the file name and real path of the file the descriptor leads to; or the path as
 * given) or, at a terminal, by typing its name at a prompt. A {@code --yes}
 * that names none of the targets is refused: it means the script and the command line disagree.
 * Where two targets share a name (two files called disk.img in different folders, a device loop3
 * and a file loop3), that name confirms neither: each must be confirmed by its full path.
 */
final class Confirmation {
    private final List<String> yes;
    private final BufferedReader terminal;
    private final PrintWriter prompt;

    /** A target as the user sees it at the prompt: its facts, and what is on it. */
    record Target(TargetInfo info, String contents) {
    }

    /**
     * @param terminal where typed answers come from, or null when standard input is not a terminal
     */
    Confirmation(List<String> yes, BufferedReader terminal, PrintWriter prompt) {
        this.yes = List.copyOf(yes);
        this.terminal = terminal;
        this.prompt = prompt;
    }

    /**
     * The admission's confirmation at a console: what {@code --force} goes past is said first, then
     * every target must be named by {@code --yes} or typed at the prompt (when standard input and
     * standard error are a terminal).
     */
    static Admission.Confirmer atTerminal(List<String> yes, PrintWriter err) {
        return candidates -> {
            for (Admission.Candidate c : candidates) {
                c.overridden().ifPresent(b -> err.println("blockwipe: " + Units.printable(c.info().path())
                        + ": --force: going ahead although: " + b.describe()));
            }
            new Confirmation(yes, terminalInput(), err).confirmAll(candidates.stream()
                    .map(c -> new Target(c.info(), c.verdict().describe())).toList());
        };
    }

    private static BufferedReader terminalInput() {
        return Terminal.isTerminal(0) && Terminal.isTerminal(2)
                ? new BufferedReader(new InputStreamReader(System.in, Charset.defaultCharset()))
                : null;
    }

    void confirmAll(List<Target> targets) throws IOException {
        for (String name : yes) {
            if (name.isEmpty()) {
                throw new TargetRefusedException("--yes", Reason.NOT_CONFIRMED, "an empty name confirms nothing: --yes=NAME");
            }
            if (name.indexOf('\uFFFD') >= 0) {
                throw new TargetRefusedException("--yes", Reason.NOT_CONFIRMED, "the name has bytes that are not valid in"
                        + " this locale's character set, so it cannot confirm anything exactly; use a UTF-8 locale");
            }
            List<TargetInfo> meant = meant(targets.stream().map(Target::info).toList(), name);
            if (meant.isEmpty()) {
                throw new TargetRefusedException(name, Reason.NOT_CONFIRMED, "--yes names no target of this command (targets: "
                        + String.join(", ", targets.stream().map(t -> t.info().name()).toList()) + ")");
            }
            if (meant.size() > 1) {
                throw new TargetRefusedException(name, Reason.NOT_CONFIRMED, "--yes=" + name + " would confirm "
                        + meant.size() + " targets (" + paths(meant) + "); confirm each by its full path");
            }
        }
        List<TargetInfo> infos = targets.stream().map(Target::info).toList();
        List<Target> unconfirmed = new ArrayList<>();
        for (Target t : targets) {
            String word = word(t.info(), infos);
            if (!yes.contains(word) && !yes.contains(t.info().path()) && !yes.contains(t.info().realPath())) {
                unconfirmed.add(t);
            }
        }
        for (Target t : unconfirmed) {
            String word = word(t.info(), infos);
            if (terminal == null) {
                throw new TargetRefusedException(t.info().path(), Reason.NOT_CONFIRMED,
                        "not confirmed: pass --yes=" + word + " (standard input is not a terminal to ask on)");
            }
            prompt.printf("%s %s.%nAll data on it will be destroyed. Type %s to confirm: ", t.info().describe(),
                    t.contents(), Units.printable(word));
            prompt.flush();
            String answer = terminal.readLine();
            if (!ConfirmationWord.matches(answer, word)) {
                throw new TargetRefusedException(t.info().path(), Reason.NOT_CONFIRMED, "not confirmed: the answer was not " + word);
            }
        }
    }

    /**
     * {@code name} is what a user may call the target: its name or real path (a device's kernel name
     * and /dev/ and that name; a file's name and real path), or the path as given.
     */
    static boolean names(TargetInfo info, String name) {
        return name.equals(info.name()) || name.equals(info.realPath()) || name.equals(info.path());
    }

    /**
     * The targets {@code name} stands for: the one it names, or, where it names several (two files
     * called disk.img), the one whose full path it is. More than one means the name is ambiguous.
     */
    static List<TargetInfo> meant(List<TargetInfo> targets, String name) {
        List<TargetInfo> named = targets.stream().filter(t -> names(t, name)).toList();
        List<TargetInfo> exact = named.stream().filter(t -> name.equals(t.path()) || name.equals(t.realPath())).toList();
        return named.size() > 1 && !exact.isEmpty() ? exact : named;
    }

    static String paths(List<TargetInfo> targets) {
        return String.join(", ", targets.stream().map(TargetInfo::path).toList());
    }

    /** What the user must type: the name, or the full path where another target has the same name. */
    static String word(TargetInfo t, List<TargetInfo> all) {
        long sameName = all.stream().filter(o -> o.name().equals(t.name())).count();
        return sameName > 1 ? t.path() : t.name();
    }
}
