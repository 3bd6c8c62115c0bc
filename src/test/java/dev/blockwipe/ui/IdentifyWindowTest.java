package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.identify.Pace;
import dev.blockwipe.testing.FxWait;
import dev.blockwipe.ui.identify.FakeIdentifier;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * Identify in the window, over a fake sysfs and LEDs that record what is done to them: in the
 * Devices menu (Ctrl+I) and the toolbar, disabled with the reason until a device is selected;
 * the status bar says which device shows itself and how, and its Stop turns the LED off.
 */
class IdentifyWindowTest extends WindowFixture {
    private final FakeIdentifier fake = new FakeIdentifier(Pace.SYSTEM);

    IdentifyWindowTest() {
        super(true);
    }

    @Test
    void identifyIsOfferedWithItsKeyAndExplainsWhyItIsDisabled(FxRobot robot) {
        open(robot);

        MenuItem item = robot.lookup("#menu-bar").queryAs(MenuBar.class).getMenus().stream()
                .filter(m -> m.getText().equals("De_vices")).flatMap(m -> m.getItems().stream())
                .filter(i -> "_Identify".equals(i.getText())).findFirst().orElseThrow();
        assertThat(item.getAccelerator()).isEqualTo(new KeyCodeCombination(KeyCode.I, KeyCombination.SHORTCUT_DOWN));
        Button button = robot.lookup("#identify").queryButton();
        assertThat(button.isDisabled()).isTrue();
        assertThat(item.isDisable()).isTrue();
        assertThat(reason(button)).isEqualTo("Select a device to identify.");

        robot.interact(() -> vm.devices().selectedProperty().set(row("sdb")));

        assertThat(button.isDisabled()).isFalse();
        assertThat(reason(button)).isNull();
    }

    @Test
    void identifyLightsTheLedUntilStopIsClicked(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> vm.devices().selectedProperty().set(row("sdc")));

        robot.clickOn("#identify");

        FxWait.until(() -> robot.lookup("#stop-identify-sdc").tryQuery().isPresent() && fake.led().contains("sdc on"));
        assertThat(robot.lookup("#identify-bar .label").queryAs(Labeled.class).getText())
                .isEqualTo("Identifying sdc: locate LED of fake slot 3 for 30 s");
        assertThat(robot.lookup("#identify").queryButton().isDisabled()).as("one at a time per device").isTrue();

        robot.clickOn("#stop-identify-sdc");

        FxWait.until(() -> robot.lookup("#stop-identify-sdc").tryQuery().isEmpty());
        assertThat(fake.led()).containsExactly("sdc on", "sdc off");
        assertThat(fake.closed()).containsExactly("sdc");
        assertThat(robot.lookup("#identify").queryButton().isDisabled()).isFalse();
    }

    /** At 1024 px a long way of identifying squeezed Stop to "...", and the jobs' status beside it. */
    @Test
    void aLongLineLeavesStopWholeOnANarrowWindow(FxRobot robot) throws Exception {
        fake.describing("activity LED: reading in bursts (a loop device has no LED: the reads go to the disk under its"
                + " backing file /var/tmp/a-rather-long-folder-name/blockwipe-test-disk.img, whose LED blinks)");
        open(robot);
        robot.interact(() -> {
            stage.setWidth(1024);
            vm.devices().selectedProperty().set(row("sdc"));
        });

        robot.clickOn("#identify");

        FxWait.until(() -> robot.lookup("#stop-identify-sdc").tryQuery().isPresent());
        robot.interact(() -> { });
        Button stop = robot.lookup("#stop-identify-sdc").queryButton();
        assertThat(stop.getWidth()).as("Stop whole").isGreaterThanOrEqualTo(stop.prefWidth(-1) - 0.5);
        assertThat(stop.localToScene(stop.getBoundsInLocal()).getMaxX()).as("room for the jobs' status beside it")
                .isLessThan(stage.getScene().getWidth() * 2 / 3);
        robot.interact(() -> vm.identify().stopAll());
        FxWait.until(() -> fake.led().contains("sdc off"));
    }

    @Test
    void ctrlIIdentifiesTheSelectedDevice(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> vm.devices().selectedProperty().set(row("sdb")));

        robot.press(KeyCode.CONTROL, KeyCode.I).release(KeyCode.I, KeyCode.CONTROL);

        FxWait.until(() -> fake.led().contains("sdb on"));
        robot.interact(() -> vm.identify().stopAll());
        FxWait.until(() -> fake.led().contains("sdb off"));
    }

    private void open(FxRobot robot) {
        identifier = fake;
        open(robot, true);
    }

    /** The tooltip the disabled button's holder shows (a disabled button shows none of its own), or null. */
    private static String reason(Button button) {
        Node holder = button.getParent();
        Tooltip tip = (Tooltip) holder.getProperties().get("javafx.scene.control.Tooltip");
        return tip == null ? null : tip.getText();
    }
}
