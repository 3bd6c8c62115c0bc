package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.ui.tree.DeviceFixture;
import dev.blockwipe.ui.tree.DeviceTreeModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The window started by a user who is not root, over a fake sysfs: the devices are listed, the
 * banner says why they cannot be wiped, and what needs root is disabled before anything is asked.
 */
@ExtendWith(ApplicationExtension.class)
class NotRootWindowTest extends DeviceFixture {
    private Stage stage;
    private MainViewModel vm;

    @Override
    protected DeviceTreeModel tree() {
        return vm.devices();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void close() throws Exception {
        vm.close();
        FxToolkit.cleanupStages();
    }

    @Test
    void rootOnlyActionsAreDisabledAndTheBannerSaysWhy(FxRobot robot) throws Exception {
        robot.interact(() -> {
            vm = new MainViewModel(services(false), dialogs);
            MainView view = new MainView(vm, stage, (path, problem) -> { });
            stage.setScene(view.scene());
            stage.show();
        });
        robot.interact(() -> {
            try {
                rescan(vm.devices());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            vm.devices().selectedProperty().set(vm.devices().rows().get(0));
        });

        assertThat(robot.lookup(".banner").queryAs(Labeled.class).getText()).startsWith("You are not root");
        assertThat(robot.lookup("#test-disk").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#benchmark").queryButton().isDisabled()).as("sdb selected").isTrue();
        assertThat(robot.lookup("#identify").queryButton().isDisabled()).as("sdb selected").isTrue();
        assertThat(robot.lookup("#wipe").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#check-sdb").queryAs(CheckBox.class).isDisabled()).isTrue();
        assertThat(dialogs.asked()).as("nothing asked").isEmpty();
    }
}
