package dev.blockwipe.ui.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.report.Operator;
import dev.blockwipe.testing.FxWait;
import dev.blockwipe.ui.TestDrives;
import dev.blockwipe.ui.tree.RowFacts;
import dev.blockwipe.ui.tree.Rows;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The wipe dialog on screen: the drive's own erases it lists below the other methods, and what it says of them. */
@ExtendWith(ApplicationExtension.class)
class WipeDialogTest {
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 300, 200));
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void aLoopDeviceIsOfferedNoFirmwareMethodAndTheDialogSaysWhy(FxRobot robot) throws Exception {
        show(robot, Rows.loop("loop3", Rows.CONFIRM), Rows.noDrive());

        FxWait.until(() -> robot.lookup("#firmware-note").tryQuery().map(Node::isVisible).orElse(false));
        assertThat(robot.lookup("#firmware-note").queryAs(Labeled.class).getText())
                .startsWith("Firmware erase: none offered — the device takes no drive commands (loop");
        assertThat(robot.lookup("#firmware-methods").queryAs(ListView.class).isVisible()).isFalse();
        assertThat(robot.lookup("#methods").queryAs(ListView.class).getItems()).isNotEmpty();
    }

    @Test
    void aDriveThatOffersNvmeFormatIsListedAndChoosingItSaysItCannotBeCancelled(FxRobot robot) throws Exception {
        show(robot, Rows.facts("nvme0n1", "NVMe SSD", 256L << 20, Rows.WIPEABLE),
                t -> CompletableFuture.completedFuture(TestDrives.nvme(Optional.of(Duration.ofMinutes(2)),
                        TestDrives.ZEROES, FirmwareMethod.NVME_FORMAT_USER_DATA)));
        FxWait.until(() -> robot.lookup("#firmware-methods .list-cell").tryQuery().isPresent());
        @SuppressWarnings("unchecked")
        ListView<WipeMethod> firmware = robot.lookup("#firmware-methods").queryAs(ListView.class);
        assertThat(firmware.getItems()).extracting(WipeMethod::name).containsExactly("nvme-format-user-data");
        assertThat(robot.lookup("#firmware-note").queryAs(Labeled.class).isVisible()).isFalse();

        robot.clickOn(robot.from(firmware).lookup(".list-cell").nth(0).queryAs(Node.class));

        FxWait.until(() -> robot.lookup("#method-notice").queryAs(Labeled.class).isVisible());
        assertThat(robot.lookup("#method-notice").queryAs(Labeled.class).getText())
                .contains("cannot be cancelled once the drive has started", "the drive estimates 2 m 0 s");
        assertThat(robot.lookup("#estimate-nvme0n1").queryAs(Labeled.class).getText())
                .startsWith("  the drive estimates 2 m 0 s, then ~");
        assertThat(robot.lookup("#blank").queryAs(CheckBox.class).isDisabled()).isTrue();
        assertThat(robot.lookup("#methods").queryAs(ListView.class).getSelectionModel().isEmpty()).isTrue();
    }

    private void show(FxRobot robot, RowFacts target, Function<RowFacts, CompletableFuture<DriveReport>> drives) {
        WipeDialogViewModel vm = new WipeDialogViewModel(List.of(target), new ThroughputEstimates(), Operator.UNNAMED,
                drives);
        robot.interact(() -> new WipeDialog(vm, stage).dialog().show());
    }
}
