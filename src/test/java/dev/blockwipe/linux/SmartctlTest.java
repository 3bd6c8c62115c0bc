package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.firmware.CommandSet;
import dev.blockwipe.engine.firmware.Smart;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * smartctl's JSON read into {@link Smart}: fixtures with smartmontools' field names (an ATA SSD
 * through SAT, an NVMe drive, a SAS disk, a device smartctl could not open); smartctl itself on a
 * device is in {@link DriveCommandsLoopTest}.
 */
class SmartctlTest {
    private final Smartctl smartctl = new Smartctl(Optional.empty());

    private static String fixture(String name) throws IOException {
        try (InputStream in = SmartctlTest.class.getResourceAsStream("/smartctl/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void anAtaSsdReportsItsSectorCountsAndHours() throws Exception {
        Smart s = smartctl.parse(0, fixture("ata-ssd.json"));

        assertThat(s.available()).isTrue();
        assertThat(s.protocol()).isEqualTo("ATA");
        assertThat(s.passed()).contains(true);
        assertThat(s.powerOnHours()).isEqualTo(OptionalLong.of(21817));
        assertThat(s.reallocatedSectors()).isEqualTo(OptionalLong.of(0));
        assertThat(s.pendingSectors()).isEqualTo(OptionalLong.of(2));
        assertThat(s.offlineUncorrectable()).isEqualTo(OptionalLong.of(1));
        assertThat(s.percentageUsed()).isEmpty();
        assertThat(s.temperature()).isEqualTo(OptionalInt.of(31));
        assertThat(s.summary()).isEqualTo("SMART: passed; 21817 power-on hours; 0 reallocated, 2 pending,"
                + " 1 offline uncorrectable sectors; 31 °C");
    }

    @Test
    void anNvmeDriveReportsWearAndMediaErrors() throws Exception {
        Smart s = smartctl.parse(0, fixture("nvme.json"));

        assertThat(s.protocol()).isEqualTo("NVMe");
        assertThat(s.passed()).contains(true);
        assertThat(s.powerOnHours()).isEqualTo(OptionalLong.of(4381));
        assertThat(s.percentageUsed()).isEqualTo(OptionalInt.of(3));
        assertThat(s.mediaErrors()).isEqualTo(OptionalLong.of(0));
        assertThat(s.criticalWarning()).isEqualTo(OptionalInt.of(0));
        assertThat(s.reallocatedSectors()).isEmpty();
        assertThat(s.summary()).isEqualTo("SMART: passed; 4381 power-on hours; 3% used, 0 media errors; 38 °C");
    }

    @Test
    void aSasDiskReportsItsGrownDefects() throws Exception {
        Smart s = smartctl.parse(0, fixture("scsi-sas.json"));

        assertThat(s.protocol()).isEqualTo("SCSI");
        assertThat(s.reallocatedSectors()).isEqualTo(OptionalLong.of(12));
        assertThat(s.pendingSectors()).isEmpty();
        assertThat(s.summary()).isEqualTo("SMART: passed; 38112 power-on hours; 12 grown defects; 34 °C");
    }

    /** Exit status bit 3: SMART says the disk is failing; what was read is still read. */
    @Test
    void findingsInTheHigherExitBitsStillParse() throws Exception {
        String failing = fixture("ata-ssd.json").replace("\"smart_status\":{\"passed\":true}", "\"smart_status\":{\"passed\":false}");

        Smart s = smartctl.parse(0x08, failing);

        assertThat(s.passed()).contains(false);
        assertThat(s.summary()).startsWith("SMART: FAILED; 21817 power-on hours");
    }

    @Test
    void aDeviceSmartctlCouldNotOpenIsUnavailableWithItsMessage() throws Exception {
        Smart s = smartctl.parse(2, fixture("open-failed.json"));

        assertThat(s.available()).isFalse();
        assertThat(s.summary()).isEqualTo("SMART: not read: Smartctl open device: /proc/6807/fd/7 [SCSI/SAT] failed:"
                + " No such device");
    }

    @Test
    void outputThatIsNotJsonIsUnavailable() {
        assertThat(smartctl.parse(1, "smartctl: unrecognized option '--json=c'").unavailable())
                .contains("smartctl wrote no JSON (exit status 1): smartctl: unrecognized option '--json=c'");
    }

    @Test
    void withoutSmartmontoolsNothingRunsAndTheReasonSaysSo() {
        assertThat(smartctl.read(0, CommandSet.SCSI).unavailable()).contains("smartmontools is not installed");
    }

    @Test
    void aDeviceWithoutDriveCommandsIsNotAsked() {
        Smartctl installed = new Smartctl(Optional.of(Path.of("/nonexistent/smartctl")));
        assertThat(installed.read(0, CommandSet.NONE).unavailable()).hasValueSatisfying(
                why -> assertThat(why).startsWith("the device takes no drive commands"));
    }
}
