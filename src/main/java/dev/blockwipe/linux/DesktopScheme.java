package dev.blockwipe.linux;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Whether the desktop prefers dark or light windows, where that can be read: {@code GTK_THEME}
 * ({@code Adwaita:dark}), else GNOME's {@code color-scheme} and then its GTK theme's name through
 * gsettings (GNOME, Cinnamon, Budgie, and Xfce and MATE where dconf holds them). JavaFX 21 cannot
 * ask (its Platform.Preferences came with JavaFX 22, which has no Monocle for Java 17 to test
 * with). Run as root, gsettings would read root's settings, so it runs as the user who started
 * the window ({@link DesktopOpen#asDesktopUser}); when no one can be named, nothing is read.
 */
public final class DesktopScheme {
    /** gsettings answers from dconf at once; a session bus that does not answer must not hold the theme back for long. */
    private static final Duration GSETTINGS = Duration.ofSeconds(3);
    private static final String INTERFACE = "org.gnome.desktop.interface";

    private DesktopScheme() {
    }

    /** This desktop's preference: true for dark, false for light, empty when it states none. Blocks: call it off the FX thread. */
    public static Optional<Boolean> prefersDark() {
        Map<String, String> env = System.getenv();
        return prefersDark(env, key -> gsettings(key, env));
    }

    /**
     * @param gsettings the value of a key of org.gnome.desktop.interface as gsettings prints it
     *                  ({@code 'prefer-dark'}), empty when it cannot be read
     */
    static Optional<Boolean> prefersDark(Map<String, String> env, Function<String, Optional<String>> gsettings) {
        String gtkTheme = env.getOrDefault("GTK_THEME", "");
        if (!gtkTheme.isBlank()) {
            return Optional.of(isDarkThemeName(gtkTheme));
        }
        Optional<String> scheme = gsettings.apply("color-scheme").map(DesktopScheme::unquoted);
        if (scheme.filter(s -> s.equals("prefer-dark") || s.equals("prefer-light")).isPresent()) {
            return scheme.map("prefer-dark"::equals);
        }
        return gsettings.apply("gtk-theme").map(DesktopScheme::unquoted).filter(t -> !t.isBlank())
                .map(DesktopScheme::isDarkThemeName);
    }

    /** "Adwaita:dark", "Adwaita-dark", "Yaru-dark", "Arc-Dark": the variant after the name. */
    private static boolean isDarkThemeName(String theme) {
        String name = theme.toLowerCase(Locale.ROOT);
        return name.endsWith(":dark") || name.endsWith("-dark") || name.contains("-dark-");
    }

    private static String unquoted(String value) {
        return value.strip().replaceAll("^'|'$", "");
    }

    private static Optional<String> gsettings(String key, Map<String, String> env) {
        Optional<DesktopOpen.Launch> launch = DesktopOpen.asDesktopUser(List.of("gsettings", "get", INTERFACE, key),
                Terminal.effectiveUid(), env, DesktopOpen::account);
        if (launch.isEmpty() || Programs.onPath("gsettings").isEmpty()) {
            return Optional.empty();
        }
        try {
            Programs.Outcome outcome = Programs.runIn(launch.get().environment(), launch.get().command(), GSETTINGS);
            return outcome.exit() == 0 ? Optional.of(outcome.output()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
