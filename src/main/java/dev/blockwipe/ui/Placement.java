package dev.blockwipe.ui;

import java.util.Comparator;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * Where the windows go: every window and dialog fits the visual bounds (the screen less panels
 * and docks) of the screen it is on, all of it and its buttons, whatever size its content asks
 * for; the main window opens at a size taken from the screen, or where it was last time when
 * that is still on a screen. One place for all windows, so that no dialog picks its own size.
 */
public final class Placement {
    /** The main window's size on a screen that has room for it: wide enough for every toolbar label ({@link ToolbarLabels}). */
    static final double WIDTH = 1340;
    static final double HEIGHT = 820;
    /** The main window's smallest size: with a title bar it fits a 1024×768 screen. */
    static final double MIN_WIDTH = 900;
    static final double MIN_HEIGHT = 600;

    private Placement() {
    }

    /**
     * {@code wanted} moved, and made smaller where it must, to lie inside one of {@code screens}:
     * the one it overlaps most; when it overlaps none (a screen that was there last time is gone),
     * the first (the primary), centred there.
     */
    static Rectangle2D fit(Rectangle2D wanted, List<Rectangle2D> screens) {
        Rectangle2D screen = screens.stream().filter(s -> overlap(s, wanted) > 0)
                .max(Comparator.comparingDouble(s -> overlap(s, wanted))).orElse(null);
        if (screen == null) {
            return centred(wanted.getWidth(), wanted.getHeight(), screens.get(0));
        }
        double w = Math.min(wanted.getWidth(), screen.getWidth());
        double h = Math.min(wanted.getHeight(), screen.getHeight());
        double x = Math.max(screen.getMinX(), Math.min(wanted.getMinX(), screen.getMaxX() - w));
        double y = Math.max(screen.getMinY(), Math.min(wanted.getMinY(), screen.getMaxY() - h));
        return new Rectangle2D(x, y, w, h);
    }

    /** The main window's first place on a screen: {@link #WIDTH}×{@link #HEIGHT} where it fits, centred. */
    static Rectangle2D firstPlace(Rectangle2D screen) {
        return centred(WIDTH, HEIGHT, screen);
    }

    private static Rectangle2D centred(double width, double height, Rectangle2D screen) {
        double w = Math.min(width, screen.getWidth());
        double h = Math.min(height, screen.getHeight());
        return new Rectangle2D(screen.getMinX() + (screen.getWidth() - w) / 2, screen.getMinY() + (screen.getHeight() - h) / 2,
                w, h);
    }

    private static double overlap(Rectangle2D a, Rectangle2D b) {
        double w = Math.min(a.getMaxX(), b.getMaxX()) - Math.max(a.getMinX(), b.getMinX());
        double h = Math.min(a.getMaxY(), b.getMaxY()) - Math.max(a.getMinY(), b.getMinY());
        return w > 0 && h > 0 ? w * h : 0;
    }

    /** The visual bounds of the screens, the primary first. */
    static List<Rectangle2D> screens() {
        Screen primary = Screen.getPrimary();
        return Screen.getScreens().stream().sorted(Comparator.comparing(s -> !s.equals(primary)))
                .map(Screen::getVisualBounds).toList();
    }

    /**
     * Puts the main window where {@code remembered} says, fitted to today's screens, or at its first
     * place on the primary screen when there is nothing remembered. Before it is shown.
     */
    static void place(Stage stage, Rectangle2D remembered) {
        List<Rectangle2D> screens = screens();
        Rectangle2D at = fit(remembered != null ? remembered : firstPlace(screens.get(0)), screens);
        stage.setMinWidth(MIN_WIDTH);
        stage.setMinHeight(MIN_HEIGHT);
        stage.setX(at.getMinX());
        stage.setY(at.getMinY());
        stage.setWidth(at.getWidth());
        stage.setHeight(at.getHeight());
    }

    /**
     * From now on every window of the application, dialogs included, is fitted to its screen when
     * it is shown: a window that opens larger than its screen, or partly off it, is made smaller
     * and moved (a dialog's buttons stay at its bottom edge, its content gives way). Full-screen
     * windows are the screen already. FX thread, once.
     */
    public static void keepWindowsOnScreen() {
        Window.getWindows().forEach(Placement::keepOnScreen);
        Window.getWindows().addListener((ListChangeListener<Window>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(Placement::keepOnScreen);
            }
        });
    }

    /**
     * Once per window: a window shown again is added to the windows' list again. A window that grows
     * larger than its screen later is fitted again: under xfwm4 at 1024x768 the main window took
     * back the whole screen for its content when a dialog closed, its title bar pushing the status
     * bar off the bottom edge.
     */
    private static void keepOnScreen(Window window) {
        if (window.getProperties().putIfAbsent(Placement.class, Boolean.TRUE) == null) {
            window.addEventHandler(WindowEvent.WINDOW_SHOWN, e -> Platform.runLater(() -> fitOnScreen(window)));
            ChangeListener<Number> grown = (obs, was, now) -> {
                if (window.isShowing() && now.doubleValue() > was.doubleValue() && tooLarge(window)) {
                    Platform.runLater(() -> fitOnScreen(window));
                }
            };
            window.widthProperty().addListener(grown);
            window.heightProperty().addListener(grown);
        }
    }

    private static boolean tooLarge(Window window) {
        Rectangle2D now = new Rectangle2D(window.getX(), window.getY(), window.getWidth(), window.getHeight());
        Rectangle2D fitted = fit(now, screens());
        return fitted.getWidth() < now.getWidth() || fitted.getHeight() < now.getHeight();
    }

    /** Fits the window to the screen it is on now. */
    static void fitOnScreen(Window window) {
        if (window instanceof Stage stage && (stage.isFullScreen() || stage.isMaximized())) {
            return;
        }
        if (Double.isNaN(window.getWidth()) || Double.isNaN(window.getHeight())) {
            return;
        }
        Rectangle2D now = new Rectangle2D(window.getX(), window.getY(), window.getWidth(), window.getHeight());
        Rectangle2D fitted = fit(now, screens());
        // only what changes: setting an unchanged place again moved the window by its frame's width under xfwm4
        if (fitted.getMinX() != now.getMinX()) {
            window.setX(fitted.getMinX());
        }
        if (fitted.getMinY() != now.getMinY()) {
            window.setY(fitted.getMinY());
        }
        if (fitted.getWidth() != now.getWidth()) {
            window.setWidth(fitted.getWidth());
        }
        if (fitted.getHeight() != now.getHeight()) {
            window.setHeight(fitted.getHeight());
        }
    }
}
