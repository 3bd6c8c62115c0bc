package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.Signature;
import dev.blockwipe.ui.tree.DeviceFixture;
import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.DeviceTreeModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import javafx.scene.control.Labeled;
import javafx.scene.control.TreeTableRow;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A disk full of random data, in the window's table: Contents says so and the verdict asks for confirmation. */
@ExtendWith(ApplicationExtension.class)
class RandomDataWindowTest extends DeviceFixture {
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
    @SuppressWarnings("unchecked")
    void aDiskOfRandomDataIsShownAsSuchAndAsksForConfirmation(FxRobot robot) {
        signatures.put("/dev/sdc", found(Signature.RANDOM_DATA));
        robot.interact(() -> {
            vm = new MainViewModel(services(true), dialogs);
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
        });

        TreeTableRow<DeviceRow> sdc = robot.lookup(".tree-table-row-cell").queryAllAs(TreeTableRow.class).stream()
                .filter(r -> r.getItem() != null && ((DeviceRow) r.getItem()).facts().name().equals("sdc"))
                .findFirst().orElseThrow();
        List<String> cells = sdc.lookupAll(".tree-table-cell").stream().map(n -> ((Labeled) n).getText())
                .filter(t -> t != null).toList();
        assertThat(cells).contains("random data (may be encrypted)");
        assertThat(cells).anySatisfy(t -> assertThat(t).endsWith("confirm"));
    }
}
