package dev.blockwipe.ui;

import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * The keyboard's home in the main window: the device tree's selected row. It goes back there when
 * one of the application's windows closes (every dialog, whoever opened it), and when the control
 * that has it is disabled: the scene would hand it to the next control instead, and after a wipe
 * was started that was "Create test disk…", which the next Space opened.
 */
final class FocusHome {
    private FocusHome() {
    }

    /** Keeps {@code home} (which focuses the tree's selected row) the keyboard's home in {@code main}, while it shows. */
    static void keep(Stage main, Scene scene, Runnable home) {
        ListChangeListener<Window> closed = c -> {
            while (c.next()) {
                if (c.getRemoved().stream().anyMatch(w -> w instanceof Stage && w != main)) {
                    home.run();
                }
            }
        };
        Window.getWindows().addListener(closed);
        main.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> Window.getWindows().removeListener(closed));
        scene.focusOwnerProperty().addListener((obs, was, now) -> {
            if (disabled(was)) {
                home.run();
            }
        });
    }

    private static boolean disabled(Node node) {
        return node != null && node.isDisabled();
    }
}
