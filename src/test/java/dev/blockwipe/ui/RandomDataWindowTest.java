package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.Signature;
import dev.blockwipe.ui.tree.DeviceRow;
import java.util.List;
import javafx.scene.control.Labeled;
import javafx.scene.control.TreeTableRow;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/** A disk full of random data, in the window's table: Contents says so and the verdict asks for confirmation. */
class RandomDataWindowTest extends WindowFixture {

    @Test
    @SuppressWarnings("unchecked")
    void aDiskOfRandomDataIsShownAsSuchAndAsksForConfirmation(FxRobot robot) {
        signatures.put("/dev/sdc", found(Signature.RANDOM_DATA));
        open(robot, true);

        TreeTableRow<DeviceRow> sdc = robot.lookup(".tree-table-row-cell").queryAllAs(TreeTableRow.class).stream()
                .filter(r -> r.getItem() != null && ((DeviceRow) r.getItem()).facts().name().equals("sdc"))
                .findFirst().orElseThrow();
        List<String> cells = sdc.lookupAll(".tree-table-cell").stream().map(n -> ((Labeled) n).getText())
                .filter(t -> t != null).toList();
        assertThat(cells).contains("random data (may be encrypted)");
        assertThat(cells).anySatisfy(t -> assertThat(t).endsWith("confirm"));
    }
}
