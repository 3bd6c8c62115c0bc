package dev.blockwipe.ui.tree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.io.TargetIdentity;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.Test;

/** The rows the tree shows and their order: search, hide loop devices, hide blocked, sort, what is hidden. */
class TreeFilterModelTest {
    private static final long GIB = 1L << 30;

    /** sda: the system disk (blocked) with sda1; sdb: a data disk, serial WD-7731, with sdb1 "backup" and sdb2; loop0 with loop0p1. */
    private final DeviceRow sda = row(disk("sda", "Virtual", "", "", 256 * GIB, Rows.MOUNTED));
    private final DeviceRow sda1 = row(part("sda1", "", Rows.MOUNTED));
    private final DeviceRow sdb = row(disk("sdb", "HDD", "WDC WD40EFRX", "WD-7731", 4096 * GIB, Rows.CONFIRM));
    private final DeviceRow sdb1 = row(part("sdb1", "backup", Rows.CONFIRM));
    private final DeviceRow sdb2 = row(part("sdb2", "", Rows.WIPEABLE));
    private final DeviceRow loop0 = row(disk("loop0", "Loop", "/var/tmp/lab/disk.img", "", GIB, Rows.WIPEABLE));
    private final DeviceRow loop0p1 = row(part("loop0p1", "", Rows.CONFIRM));
    private final ObservableList<DeviceRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<DeviceRow> selected = new SimpleObjectProperty<>();
    private final TreeFilterModel filter;

    TreeFilterModelTest() {
        sda.children().add(sda1);
        sdb.children().addAll(sdb1, sdb2);
        loop0.children().add(loop0p1);
        rows.addAll(loop0, sda, sdb);
        filter = new TreeFilterModel(rows, selected);
    }

    @Test
    void withoutAFilterEveryRowIsShownInTheTreesOwnOrder() {
        assertThat(filter.shown()).containsExactly(loop0, sda, sdb);
        assertThat(filter.children(sdb)).containsExactly(sdb1, sdb2);
        assertThat(filter.hiddenProperty().get()).isZero();
        assertThat(filter.summaryProperty().get()).isEmpty();
    }

    @Test
    void theSearchLooksInNameModelAndSerialIgnoringCase() {
        filter.searchProperty().set("wd-77");
        assertThat(filter.shown()).containsExactly(sdb);

        filter.searchProperty().set("WDC wd40");
        assertThat(filter.shown()).containsExactly(sdb);

        filter.searchProperty().set("  LAB/DISK ");
        assertThat(filter.shown()).containsExactly(loop0);

        filter.searchProperty().set("sda");
        assertThat(filter.shown()).containsExactly(sda);
        assertThat(filter.hiddenProperty().get()).isEqualTo(5);
        assertThat(filter.summaryProperty().get()).isEqualTo("5 hidden by filter");
    }

    @Test
    void aDiskWhosePartitionMatchesStaysShownWithThatPartitionOnly() {
        filter.searchProperty().set("backup");

        assertThat(filter.shown()).containsExactly(sdb);
        assertThat(filter.children(sdb)).containsExactly(sdb1);
    }

    @Test
    void aDiskThatMatchesShowsAllItsPartitions() {
        filter.searchProperty().set("WD-7731");

        assertThat(filter.children(sdb)).containsExactly(sdb1, sdb2);
    }

    @Test
    void hideLoopDevicesHidesThemWithTheirPartitions() {
        filter.hideLoopProperty().set(true);

        assertThat(filter.shown()).containsExactly(sda, sdb);
        assertThat(filter.hiddenProperty().get()).isEqualTo(2);
    }

    @Test
    void hideBlockedHidesRefusedRowsButKeepsTheDiskOfAPartitionThatMayBeWiped() {
        sdb.update(disk("sdb", "HDD", "WDC WD40EFRX", "WD-7731", 4096 * GIB, Rows.MOUNTED));
        sdb1.update(part("sdb1", "backup", Rows.MOUNTED));

        filter.hideBlockedProperty().set(true);

        assertThat(filter.shown()).containsExactly(loop0, sdb);
        assertThat(filter.children(sdb)).containsExactly(sdb2);
        assertThat(filter.hiddenProperty().get()).as("sda, sda1, sdb1").isEqualTo(3);
    }

    @Test
    void aRowThatBecomesBlockedWhileBlockedRowsAreHiddenLeavesTheTree() {
        filter.hideBlockedProperty().set(true);
        assertThat(filter.shown()).containsExactly(loop0, sdb);

        loop0.update(disk("loop0", "Loop", "/var/tmp/lab/disk.img", "", GIB, Rows.MOUNTED));
        loop0p1.update(part("loop0p1", "", Rows.MOUNTED));

        assertThat(filter.shown()).containsExactly(sdb);
    }

    @Test
    void rowsThatComeLaterAreFilteredToo() {
        filter.hideLoopProperty().set(true);
        DeviceRow loop1 = row(disk("loop1", "Loop", "/var/tmp/lab/other.img", "", GIB, Rows.WIPEABLE));
        DeviceRow sdc = row(disk("sdc", "USB", "SanDisk", "4C53", 16 * GIB, Rows.WIPEABLE));

        rows.addAll(loop1, sdc);
        sdb.children().add(row(part("sdb3", "", Rows.WIPEABLE)));

        assertThat(filter.shown()).containsExactly(sda, sdb, sdc);
        assertThat(filter.children(sdb)).extracting(r -> r.facts().name()).containsExactly("sdb1", "sdb2", "sdb3");
    }

    @Test
    void sortsBySizeLargestFirstAndByVerdictWipeableFirstThenBackByName() {
        filter.orderProperty().set(RowOrder.SIZE);
        assertThat(filter.shown()).containsExactly(sdb, sda, loop0);
        assertThat(filter.children(sdb)).as("partitions keep the table's order").containsExactly(sdb1, sdb2);

        filter.orderProperty().set(RowOrder.VERDICT);
        assertThat(filter.shown()).containsExactly(loop0, sdb, sda);

        filter.orderProperty().set(RowOrder.NAME);
        assertThat(filter.shown()).containsExactly(loop0, sda, sdb);
    }

    @Test
    void rowsTheVerdictHoldsEqualKeepTheirNameOrder() {
        DeviceRow sdc = row(disk("sdc", "USB", "SanDisk", "4C53", 16 * GIB, Rows.CONFIRM));
        rows.add(sdc);

        filter.orderProperty().set(RowOrder.VERDICT);

        assertThat(filter.shown()).containsExactly(loop0, sdb, sdc, sda);
    }

    /** A ticked row the filter hides keeps its tick, and the summary says Wipe… still includes it. */
    @Test
    void ticksOnHiddenRowsAreKeptAndCounted() {
        loop0.checkedProperty().set(true);
        sdb2.checkedProperty().set(true);

        filter.searchProperty().set("backup");

        assertThat(loop0.checkedProperty().get()).isTrue();
        assertThat(filter.hiddenTickedProperty().get()).isEqualTo(2);
        assertThat(filter.summaryProperty().get()).isEqualTo("5 hidden by filter, 2 of them ticked: Wipe… includes them");

        sdb2.checkedProperty().set(false);

        assertThat(filter.summaryProperty().get()).isEqualTo("5 hidden by filter, 1 of them ticked: Wipe… includes them");
    }

    @Test
    void aSelectedRowTheFilterHidesIsNoLongerSelectedAndNoOtherRowIs() {
        selected.set(sdb1);

        filter.searchProperty().set("sdb");
        assertThat(selected.get()).as("still shown").isSameAs(sdb1);

        filter.searchProperty().set("sdb2");
        assertThat(selected.get()).isNull();

        filter.clear();
        assertThat(selected.get()).isNull();
    }

    @Test
    void clearShowsEveryRowAgainAndKeepsTheOrder() {
        filter.orderProperty().set(RowOrder.SIZE);
        filter.searchProperty().set("nothing matches this");
        filter.hideLoopProperty().set(true);
        filter.hideBlockedProperty().set(true);
        assertThat(filter.shown()).isEmpty();

        filter.clear();

        assertThat(filter.shown()).containsExactly(sdb, sda, loop0);
        assertThat(filter.filter()).isEqualTo(RowFilter.NONE);
        assertThat(filter.hiddenProperty().get()).isZero();
    }

    private static DeviceRow row(RowFacts facts) {
        return new DeviceRow(facts.name(), facts, true);
    }

    private static RowFacts disk(String name, String kind, String model, String serial, long size, SafetyVerdict verdict) {
        return facts(name, kind, model, serial, size, verdict);
    }

    /** A partition; its kind is its disk's, as the tree has it, but only a loop device's matters here. */
    private static RowFacts part(String name, String entryName, SafetyVerdict verdict) {
        return facts(name, name.startsWith("loop") ? "Loop" : "HDD", entryName, "", GIB / 2, verdict);
    }

    private static RowFacts facts(String name, String kind, String model, String serial, long size, SafetyVerdict verdict) {
        return new RowFacts(name, "/dev/" + name, TargetIdentity.device(8, 0, size, 1, serial, "", null), model, serial,
                size, kind, "", "", "", verdict, Signatures.NONE, OldData.NONE, "",
                List.of(new FactSheet.Fact("verdict", verdict.level())));
    }
}
