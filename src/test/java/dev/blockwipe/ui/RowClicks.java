package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import javafx.scene.control.CheckBox;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Ticks in the device tree with the mouse, for window tests on a machine whose devices come and
 * go: the tree ignores a press on a row that moved on screen in the last half second (and a row
 * that has just appeared has moved), so the click is tried again until the tick took.
 */
public final class RowClicks {
    private RowClicks() {
    }

    /** Clicks the check box of the row of {@code name} until it is ticked. */
    public static void tick(FxRobot robot, String name) throws Exception {
        CheckBox box = robot.lookup("#check-" + name).queryAs(CheckBox.class);
        for (int i = 0; i < 20 && !ticked(box); i++) {
            robot.clickOn(box);
            if (!ticked(box)) {
                WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
            }
        }
        assertThat(ticked(box)).as("ticked " + name).isTrue();
    }

    private static boolean ticked(CheckBox box) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return WaitForAsyncUtils.asyncFx(box::isSelected).get();
    }
}
