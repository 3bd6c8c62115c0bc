package dev.blockwipe.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.BlockReason;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.ui.tree.DeviceRow;
import dev.blockwipe.ui.tree.RowFacts;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceLinesTest {
    private static RowFacts facts(String name, String kind, String model, String contents, String usage, SafetyVerdict v) {
        return new RowFacts(name, "/dev/" + name, TargetIdentity.device(7, 0, 64L << 20, 1, "", "", null), model, "",
                64L << 20, kind, contents, usage, "", v, Signatures.NONE, OldData.NONE, "", List.of());
    }

    private final DeviceRow disk = new DeviceRow("loop3", facts("loop3", "Loop", "/var/tmp/a.img", "gpt partition table",
            "", new SafetyVerdict.Wipeable()), true);
    private final DeviceRow mounted = new DeviceRow("loop3p1", facts("loop3p1", "", "data", "ext4 \"lab\"", "mounted at /mnt",
            new SafetyVerdict.Blocked(BlockReason.MOUNTED, "mounted at /mnt")), true);

    @Test
    void partitionsFollowTheirDiskIndented() {
        disk.children().add(mounted);
        List<DeviceLines.Line> lines = DeviceLines.of(List.of(disk));

        assertThat(lines).extracting(DeviceLines.Line::depth).containsExactly(0, 1);
        assertThat(DeviceLines.format(lines.get(1), 80, false)).startsWith("  -    loop3p1");
    }

    @Test
    void aBlockedRowSaysWhyAndCannotBeTicked() {
        mounted.checkedProperty().set(true);

        assertThat(mounted.checkedProperty().get()).isFalse();
        assertThat(DeviceLines.tick(mounted)).isEqualTo(" - ");
        assertThat(DeviceLines.state(mounted)).isEqualTo("blocked: mounted at /mnt");
    }

    @Test
    void aTickedDiskShowsItsTickSizeWhatAndVerdictWithinTheWidth() {
        disk.checkedProperty().set(true);

        String line = DeviceLines.format(new DeviceLines.Line(disk, 0), 80, true);

        assertThat(line).hasSize(80).startsWith(">[x] loop3 ").contains("64 MiB", "Loop /var/tmp/a.img · gpt",
                "wipeable");
        assertThat(DeviceLines.header(80)).hasSize(80).contains("DEVICE", "SIZE", "WHAT", "STATE");
    }

    /** A disk that holds data may be ticked, and says so as the window's verdict column does. */
    @Test
    void aDiskThatHoldsDataSaysConfirmAsTheWindowDoes() {
        DeviceRow members = new DeviceRow("sdb", facts("sdb", "HDD", "MEMBERS", "gpt partition table", "",
                new SafetyVerdict.NeedsConfirmation("gpt partition table; sdb2: LVM2_member")), true);

        assertThat(DeviceLines.state(members)).isEqualTo("confirm");
        assertThat(DeviceLines.state(disk)).isEqualTo("wipeable");
    }

    @Test
    void aPartitionShowsWhatIsOnItAndWhatUsesIt() {
        assertThat(DeviceLines.what(mounted.facts(), true)).isEqualTo("ext4 \"lab\" · mounted at /mnt");
    }

    @Test
    void aNarrowTerminalCutsTheLineAndMarksTheCut() {
        String line = DeviceLines.format(new DeviceLines.Line(mounted, 1), 40, false);

        assertThat(line).hasSize(40).endsWith("~");
    }
}
