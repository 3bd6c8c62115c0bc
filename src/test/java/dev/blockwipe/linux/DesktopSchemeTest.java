package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class DesktopSchemeTest {
    private static Function<String, Optional<String>> gsettings(String colorScheme, String gtkTheme) {
        return key -> Optional.ofNullable(Map.of("color-scheme", colorScheme, "gtk-theme", gtkTheme).get(key))
                .filter(v -> !v.isEmpty());
    }

    @Test
    void gtkThemeInTheEnvironmentDecidesFirst() {
        assertThat(DesktopScheme.prefersDark(Map.of("GTK_THEME", "Adwaita:dark"), gsettings("'prefer-light'", ""))).hasValue(true);
        assertThat(DesktopScheme.prefersDark(Map.of("GTK_THEME", "Adwaita"), gsettings("'prefer-dark'", ""))).hasValue(false);
    }

    @Test
    void gnomesColorSchemeThenTheGtkThemesName() {
        assertThat(DesktopScheme.prefersDark(Map.of(), gsettings("'prefer-dark'", "'Adwaita'"))).hasValue(true);
        assertThat(DesktopScheme.prefersDark(Map.of(), gsettings("'prefer-light'", "'Adwaita-dark'"))).hasValue(false);
        assertThat(DesktopScheme.prefersDark(Map.of(), gsettings("'default'", "'Yaru-dark'\n"))).hasValue(true);
        assertThat(DesktopScheme.prefersDark(Map.of(), gsettings("'default'", "'Adwaita'"))).hasValue(false);
    }

    @Test
    void noPreferenceWhereNothingCanBeRead() {
        assertThat(DesktopScheme.prefersDark(Map.of(), gsettings("", ""))).isEmpty();
        assertThat(DesktopScheme.prefersDark(Map.of("GTK_THEME", " "), gsettings("'default'", ""))).isEmpty();
    }

    @Test
    void rootAsksAsTheUserWhoStartedItOrNotAtAll() {
        Map<String, String> sudo = Map.of("SUDO_UID", "1000", "DISPLAY", ":0");
        Optional<DesktopOpen.Launch> launch = DesktopOpen.asDesktopUser(List.of("gsettings", "get", "x", "y"), 0, sudo,
                uid -> Optional.of(new DesktopOpen.Account("ann", Path.of("/home/ann"))));
        assertThat(launch).hasValueSatisfying(l -> {
            assertThat(l.command()).containsExactly("runuser", "-u", "ann", "--", "gsettings", "get", "x", "y");
            assertThat(l.environment()).containsEntry("DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/user/1000/bus")
                    .containsEntry("DISPLAY", ":0");
        });
        assertThat(DesktopOpen.asDesktopUser(List.of("gsettings"), 0, Map.of(), uid -> Optional.empty())).isEmpty();
    }
}
