package dev.blockwipe.ui.tree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.SafetyVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DeviceRowTest {

    static Stream<Arguments> verdictsThatAllowAWipe() {
        return Stream.of(Arguments.of("WIPEABLE", Rows.WIPEABLE), Arguments.of("CONFIRM", Rows.CONFIRM));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("verdictsThatAllowAWipe")
    void rowThatIsNotBlockedCanBeCheckedByAUserWhoMayWrite(String level, SafetyVerdict verdict) {
        DeviceRow row = new DeviceRow("loop3@7:3", Rows.loop("loop3", verdict), true);

        row.checkedProperty().set(true);

        assertThat(row.checkableProperty().get()).isTrue();
        assertThat(row.checkedProperty().get()).isTrue();
        assertThat(row.whyNotProperty().get()).isEmpty();
    }

    @Test
    void theSameFactsFromANewScanDoNotNotifyTheCellsButChangedFactsDo() {
        DeviceRow row = new DeviceRow("loop3@7:3", Rows.loop("loop3", Rows.WIPEABLE), true);
        List<RowFacts> seen = new ArrayList<>();
        row.factsProperty().addListener((obs, was, now) -> seen.add(now));

        row.update(Rows.loop("loop3", Rows.WIPEABLE));
        RowFacts mounted = Rows.loop("loop3", Rows.MOUNTED);
        row.update(mounted);

        assertThat(seen).containsExactly(mounted);
        assertThat(row.checkableProperty().get()).isFalse();
    }

    @Test
    void blockedRowRefusesTheCheckMarkAndSaysWhy() {
        DeviceRow row = new DeviceRow("loop3@7:3", Rows.loop("loop3", Rows.MOUNTED), true);

        row.checkedProperty().set(true);

        assertThat(row.checkableProperty().get()).isFalse();
        assertThat(row.checkedProperty().get()).isFalse();
        assertThat(row.whyNotProperty().get()).isEqualTo("blocked: mounted at /mnt/data");
    }

    @Test
    void userWhoMayNotWriteCannotCheckAWipeableRowAndIsToldRootIsNeeded() {
        DeviceRow row = new DeviceRow("loop3@7:3", Rows.loop("loop3", Rows.WIPEABLE), false);

        row.checkedProperty().set(true);

        assertThat(row.checkableProperty().get()).isFalse();
        assertThat(row.checkedProperty().get()).isFalse();
        assertThat(row.whyNotProperty().get()).isEqualTo("wiping devices needs root");
    }

    @Test
    void blockedRowOfAUserWhoMayNotWriteExplainsTheBlockNotTheMissingRoot() {
        DeviceRow row = new DeviceRow("loop3@7:3", Rows.loop("loop3", Rows.MOUNTED), false);

        assertThat(row.whyNotProperty().get()).isEqualTo("blocked: mounted at /mnt/data");
    }

    @Test
    void checkedRowThatBecomesBlockedLosesItsCheckMark() {
        DeviceRow row = checkedRow();

        row.update(Rows.loop("loop3", Rows.MOUNTED));

        assertThat(row.checkableProperty().get()).isFalse();
        assertThat(row.checkedProperty().get()).isFalse();
        assertThat(row.whyNotProperty().get()).isEqualTo("blocked: mounted at /mnt/data");
    }

    @Test
    void updateThatKeepsTheRowCheckableKeepsTheCheckMarkAndShowsTheNewFacts() {
        DeviceRow row = checkedRow();
        RowFacts newer = Rows.loop("loop3", Rows.CONFIRM);
        RowFacts[] seen = new RowFacts[1];
        row.factsProperty().addListener((obs, was, now) -> seen[0] = now);

        row.update(newer);

        assertThat(row.checkedProperty().get()).isTrue();
        assertThat(row.facts()).isSameAs(newer);
        assertThat(seen[0]).as("facts property listeners hear the update").isSameAs(newer);
        assertThat(row.key()).isEqualTo("loop3@7:3");
    }

    @Test
    void rowThatIsNoLongerBlockedBecomesCheckableButIsNotCheckedAgainByItself() {
        DeviceRow row = checkedRow();
        row.update(Rows.loop("loop3", Rows.MOUNTED));

        row.update(Rows.loop("loop3", Rows.WIPEABLE));

        assertThat(row.checkableProperty().get()).isTrue();
        assertThat(row.whyNotProperty().get()).isEmpty();
        assertThat(row.checkedProperty().get()).isFalse();
    }

    @Test
    void newRowIsIdleAndShowsWhatItsJobReports() {
        DeviceRow row = checkedRow();
        assertThat(row.jobProperty().get()).isEqualTo("idle");

        row.showJob("wiping 42%");

        assertThat(row.jobProperty().get()).isEqualTo("wiping 42%");
    }

    private static DeviceRow checkedRow() {
        DeviceRow row = new DeviceRow("loop3@7:3", Rows.loop("loop3", Rows.WIPEABLE), true);
        row.checkedProperty().set(true);
        assertThat(row.checkedProperty().get()).as("precondition: checked").isTrue();
        return row;
    }
}
