package dev.blockwipe.ui.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 38: on a bench where devices came and went all the time, the selection moved by itself to
 * another device, and several removed rows of one name showed at once. Here loop devices churn
 * thousands of times around a selection and ticks that the user changes now and then; after every
 * step the selection and the ticks are on the devices the user chose ({@link Churn#check}).
 */
class SelectionThroughChurnTest extends TreeFixture {
    private static final int STEPS = 2000;

    @Test
    void selectionAndTicksStayOnTheirDevicesWhileDevicesComeAndGo() throws IOException {
        tree = new DeviceTreeModel(services(true), dialogs, List::of);
        Churn churn = new Churn(sys, tmp, 38).bench();
        Random random = churn.random();
        rescan(tree);
        int cleared = 0;
        int expired = 0;
        for (int step = 0; step < STEPS; step++) {
            DeviceRow chosen = tree.selectedProperty().get();
            churn.step();
            rescan(tree);
            int rows = rowCount();
            churn.frame(tree);
            expired += rows - rowCount();
            if (chosen != null && tree.selectedProperty().get() == null) {
                cleared++;
            }
            churn.check(tree);
            user(churn, random);
            churn.check(tree);
        }
        assertThat(cleared).as("the selected device vanished now and then").isPositive();
        assertThat(expired).as("removed rows expired now and then").isPositive();
    }

    /** Now and then the user selects a row (a removed one too, or none), or ticks or unticks one. */
    private void user(Churn churn, Random random) {
        List<DeviceRow> all = new ArrayList<>();
        tree.rows().forEach(r -> {
            all.add(r);
            all.addAll(r.children());
        });
        int what = random.nextInt(10);
        if (what < 2) {
            DeviceRow row = random.nextInt(20) == 0 || all.isEmpty() ? null : all.get(random.nextInt(all.size()));
            tree.selectedProperty().set(row);
            churn.selected(row);
        } else if (what < 4 && !all.isEmpty()) {
            DeviceRow row = all.get(random.nextInt(all.size()));
            row.checkedProperty().set(!row.checkedProperty().get());
            churn.ticked(row);
        }
    }

    private int rowCount() {
        return tree.rows().stream().mapToInt(r -> 1 + r.children().size()).sum();
    }
}
