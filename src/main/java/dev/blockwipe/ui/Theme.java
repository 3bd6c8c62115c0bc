package dev.blockwipe.ui;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Application;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * The look of every window of the application: AtlantaFX's Primer theme, light or dark, as the
 * user agent stylesheet, so that dialogs and alerts made anywhere get it without a stylesheet of
 * their own; blockwipe.css adds only what the theme has no notion of (badges, verdicts, job
 * states, the monitor), in the theme's own colour variables, so it serves both variants.
 * Dark follows the desktop's preference until the user picks one (File › Dark theme, the Dark
 * toggle); from then on the user's choice stands.
 */
public final class Theme {
    private final BooleanProperty dark = new SimpleBooleanProperty(this, "dark");
    private boolean chosen;
    private boolean following;

    /** Light, until the desktop or the user says otherwise. FX thread. */
    public Theme() {
        dark.addListener((obs, was, now) -> {
            chosen |= !following;
            apply(now);
        });
        apply(false);
    }

    /** The user's choice from an earlier session: it stands, as one made now would. FX thread. */
    public void chosenBefore(boolean prefersDark) {
        dark.set(prefersDark);
        chosen = true;
    }

    /** Hands {@code keep} each choice the user makes (true: dark), not the desktop's. */
    public void onChoice(Consumer<Boolean> keep) {
        dark.addListener((obs, was, now) -> {
            if (!following) {
                keep.accept(now);
            }
        });
    }

    /** Dark or light; the window's toggles are bound to it, and every change through them is the user's choice. */
    public BooleanProperty darkProperty() {
        return dark;
    }

    /**
     * Asks the desktop for its preference on {@code background} and takes it on {@code fx}, unless
     * the user has chosen by then.
     *
     * @param desktop true for dark, false for light, empty when the desktop says nothing; may block
     */
    public void follow(Executor background, Executor fx, Supplier<Optional<Boolean>> desktop) {
        background.execute(() -> {
            Optional<Boolean> prefers = desktop.get();
            fx.execute(() -> prefers.ifPresent(this::desktopPrefers));
        });
    }

    private void desktopPrefers(boolean prefersDark) {
        if (chosen) {
            return;
        }
        following = true;
        try {
            dark.set(prefersDark);
        } finally {
            following = false;
        }
    }

    private static void apply(boolean dark) {
        Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
    }
}
