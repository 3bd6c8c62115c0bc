package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.FxWait;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Once the application keeps its windows on screen, a dialog whose content asks for more than the
 * screen's height (a certificate's page, a dozen targets) opens inside the visual bounds, its
 * buttons on screen and its content giving way.
 */
@ExtendWith(ApplicationExtension.class)
class DialogsOnScreenTest {
    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
        stage.show();
    }

    @Test
    void aDialogTallerThanTheScreenOpensWithItsButtonsOnScreen(FxRobot robot) throws Exception {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        robot.interact(() -> {
            Placement.keepWindowsOnScreen();
            Region page = new Region();
            page.setPrefSize(700, screen.getHeight() + 500);
            Dialog<ButtonType> dialog = new Dialog<>();
            dialog.initOwner(owner);
            dialog.setTitle("tall");
            dialog.getDialogPane().setContent(new ScrollPane(page));
            dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
            dialog.setResizable(true);
            dialog.show();
        });

        FxWait.until(() -> Window.getWindows().stream().filter(w -> w != owner).anyMatch(w -> w.getHeight() <= screen.getHeight()));
        Window dialog = Window.getWindows().stream().filter(w -> w != owner).findFirst().orElseThrow();
        assertThat(screen.contains(dialog.getX(), dialog.getY(), dialog.getWidth(), dialog.getHeight())).isTrue();
        Node close = robot.lookup(".button").match(n -> n.getScene().getWindow() == dialog).query();
        Bounds button = close.localToScreen(close.getLayoutBounds());
        assertThat(screen.contains(button.getMinX(), button.getMinY(), button.getWidth(), button.getHeight()))
                .as("Close is on screen").isTrue();
    }
}
