package dev.blockwipe.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * Opens a file with the desktop's own program ({@code xdg-open}), never as root. A window started
 * through pkexec or sudo runs as root, and xdg-open would start the user's PDF viewer or file
 * manager as root too, with root's rights over every file it then offers to open or save. So it is
 * run as the user who started the window (pkexec's {@code PKEXEC_UID}, sudo's {@code SUDO_UID}),
 * with that user's display and session bus; when root cannot tell who that is (a root login on a
 * rescue console), nothing is started and the user is told where the file is.
 */
public final class DesktopOpen {
    /** Viewers that xdg-open waits for (some desktops' handlers do) are taken to have opened the file by then. */
    private static final Duration WAIT = Duration.ofSeconds(20);
    /** Finding a user by uid (NSS: files, LDAP, systemd-userdb) answers at once or not at all. */
    private static final Duration LOOKUP = Duration.ofSeconds(5);
    /** The variables that say where the user's display is; nothing else of root's environment is passed on. */
    private static final List<String> DISPLAY_VARIABLES = List.of("DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "LANG");

    private DesktopOpen() {
    }

    /** A user of this machine, as {@code getent passwd} names them. */
    public record Account(String name, Path home) {
    }

    /** What opening a file comes to: a program to start, or why none may be. */
    public sealed interface Plan permits Launch, Refused {
    }

    /** Start {@code command} with exactly {@code environment}. */
    public record Launch(List<String> command, Map<String, String> environment) implements Plan {
    }

    /** Start nothing; {@code why} is for the user. */
    public record Refused(String why) implements Plan {
    }

    /**
     * Opens {@code path} for the user of this process (see the class comment) and waits a while for
     * the program that takes it; empty when one did, else one line for the user. Blocks: call it
     * off the FX thread.
     */
    public static Optional<String> open(Path path) {
        if (!Files.exists(path)) {
            return Optional.of("There is no " + path);
        }
        Plan plan = plan(path, Terminal.effectiveUid(), System.getenv(), DesktopOpen::account);
        if (plan instanceof Refused refused) {
            return Optional.of(refused.why());
        }
        Launch launch = (Launch) plan;
        try {
            Programs.Outcome outcome = Programs.runIn(launch.environment(), launch.command(), WAIT);
            return outcome.exit() == 0 ? Optional.empty() : Optional.of("No program here opens " + path.getFileName()
                    + " (xdg-open: exit " + outcome.exit() + "); it is at " + path);
        } catch (Programs.TimedOutException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("Cannot start " + launch.command().get(0) + " (" + e.getMessage() + "), so no program can open "
                    + path.getFileName() + "; it is at " + path);
        }
    }

    /**
     * How {@code path} is opened by a process of effective uid {@code euid} with {@code environment}:
     * a user's process runs xdg-open as it is; root runs it as the user who started the window,
     * through runuser, with that user's home, runtime folder and session bus and the display it
     * was given; root that cannot name that user starts nothing.
     *
     * @param accounts finds a user by uid
     */
    public static Plan plan(Path path, int euid, Map<String, String> environment, IntFunction<Optional<Account>> accounts) {
        List<String> xdgOpen = List.of("xdg-open", path.toString());
        if (euid != 0) {
            return new Launch(xdgOpen, Map.copyOf(environment));
        }
        String where = "; the certificate is shown here in the window, and the file is at " + path;
        Optional<Integer> starter = starter(environment);
        if (starter.isEmpty()) {
            return new Refused("Blockwipe runs as root and starts no desktop program as root, and it cannot tell which user"
                    + " started it (neither PKEXEC_UID nor SUDO_UID names one)" + where);
        }
        int uid = starter.get();
        Optional<Account> account = accounts.apply(uid);
        if (account.isEmpty()) {
            return new Refused("Blockwipe runs as root and starts no desktop program as root, and user " + uid
                    + ", who started it, is not known to this machine" + where);
        }
        return asUser(account.get(), uid, environment, xdgOpen);
    }

    /**
     * {@code command} as the desktop's user would run it: as it is for a user's process; for root,
     * as the user who started it (see {@link #plan}); empty when root cannot tell who that is.
     */
    static Optional<Launch> asDesktopUser(List<String> command, int euid, Map<String, String> environment,
            IntFunction<Optional<Account>> accounts) {
        if (euid != 0) {
            return Optional.of(new Launch(command, Map.copyOf(environment)));
        }
        return starter(environment).flatMap(uid -> accounts.apply(uid).map(a -> asUser(a, uid, environment, command)));
    }

    /** Runs {@code command} through runuser as {@code account}, with that user's home, runtime folder, session bus and the display. */
    private static Launch asUser(Account account, int uid, Map<String, String> environment, List<String> command) {
        String runtime = "/run/user/" + uid;
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.put("HOME", account.home().toString());
        env.put("USER", account.name());
        env.put("LOGNAME", account.name());
        env.put("XDG_RUNTIME_DIR", runtime);
        env.put("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + runtime + "/bus");
        DISPLAY_VARIABLES.stream().filter(environment::containsKey).forEach(v -> env.put(v, environment.get(v)));
        List<String> runuser = new ArrayList<>(List.of("runuser", "-u", account.name(), "--"));
        runuser.addAll(command);
        return new Launch(List.copyOf(runuser), env);
    }

    /** The uid of the user who had this root process started: pkexec says it first, sudo second; root itself is no one. */
    private static Optional<Integer> starter(Map<String, String> environment) {
        for (String variable : List.of("PKEXEC_UID", "SUDO_UID")) {
            String value = environment.get(variable);
            if (value != null && value.matches("[0-9]{1,10}")) {
                long uid = Long.parseLong(value);
                return uid > 0 && uid <= Integer.MAX_VALUE ? Optional.of((int) uid) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The user of {@code uid} by {@code getent passwd} (which asks NSS, so LDAP users are found too); empty when unknown. */
    static Optional<Account> account(int uid) {
        try {
            Programs.Outcome found = Programs.run(List.of("getent", "passwd", Integer.toString(uid)), null, LOOKUP);
            return found.exit() == 0 ? passwd(found.output()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A passwd line ({@code name:password:uid:gid:gecos:home:shell}); empty when it is not one. */
    static Optional<Account> passwd(String line) {
        String[] fields = line.strip().split(":", -1);
        return fields.length == 7 && !fields[0].isEmpty() && fields[5].startsWith("/")
                ? Optional.of(new Account(fields[0], Path.of(fields[5]))) : Optional.empty();
    }
}
