package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.CheckBox;
import javafx.scene.control.Labeled;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * The window started by a user who is not root, over a fake sysfs: the devices are listed, the
 * banner says why they cannot be wiped, and what needs root is disabled before anything is asked.
 */
class NotRootWindowTest extends WindowFixture {

    @Test
    void rootOnlyActionsAreDisabledAndTheBannerSaysWhy(FxRobot robot) throws Exception {
        open(robot, false);
        robot.interact(() -> vm.devices().selectedProperty().set(vm.devices().rows().get(0)));

        assertThat(robot.lookup(".banner").queryAs(Labeled.class).getText()).startsWith("You are not root");
        assertThat(robot.lookup("#test-disk").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#benchmark").queryButton().isDisabled()).as("sdb selected").isTrue();
        assertThat(robot.lookup("#identify").queryButton().isDisabled()).as("sdb selected").isTrue();
        assertThat(robot.lookup("#wipe").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#check-sdb").queryAs(CheckBox.class).isDisabled()).isTrue();
        assertThat(dialogs.asked()).as("nothing asked").isEmpty();
    }
}
