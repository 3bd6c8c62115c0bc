package dev.blockwipe.engine.firmware.ata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.firmware.HiddenArea;
import org.junit.jupiter.api.Test;
import java.io.IOException;

/** SET MAX ADDRESS EXT to the native max, volatile, confirmed with IDENTIFY DEVICE. */
class HiddenAreaRemovalTest {

    private static SimulatedAta drive() {
        return SimulatedAta.ssd(new byte[1024 * 512]).hostProtectedArea(24);
    }

    private static HiddenArea probed(SimulatedAta drive) throws IOException {
        return AtaDrive.probe(drive).hiddenArea().orElseThrow();
    }

    @Test
    void theAreaIsShownUntilTheNextPowerOn() throws IOException {
        SimulatedAta drive = drive();
        HiddenAreaRemoval removal = AtaDrive.removeHiddenArea(drive, probed(drive));
        assertThat(removal).isEqualTo(new HiddenAreaRemoval(true, "the host protected area of 24 sectors is removed"
                + " until the drive's next power-on: it shows all 1024 sectors (SET MAX ADDRESS EXT, volatile)"));
        assertThat(drive.userSectors()).isEqualTo(1024);
        assertThat(AtaDrive.probe(drive).hiddenArea()).isEmpty();
        drive.powerCycle();
        assertThat(drive.userSectors()).as("volatile: VV clear").isEqualTo(1000);
    }

    @Test
    void aDriveThatAbortsSetMaxKeepsItsArea() throws IOException {
        SimulatedAta drive = drive().abort(0x37, 1);
        HiddenAreaRemoval removal = AtaDrive.removeHiddenArea(drive, probed(drive));
        assertThat(removal.removed()).isFalse();
        assertThat(removal.summary()).isEqualTo("SET MAX ADDRESS EXT aborted by the drive (status 0x51, error 0x04),"
                + " so the host protected area stays");
    }

    @Test
    void aDriveThatAnswersGoodButChangesNothingIsCaughtByIdentify() throws IOException {
        SimulatedAta drive = drive();
        HiddenArea area = probed(drive);
        drive.lying();
        HiddenAreaRemoval removal = AtaDrive.removeHiddenArea(drive, area);
        assertThat(removal.removed()).isFalse();
        assertThat(removal.summary()).endsWith("still shows 1000 of 1024 sectors: the drive ignored it");
    }

    @Test
    void aNativeMaxThatChangedSinceTheProbeStopsTheRemoval() throws IOException {
        SimulatedAta drive = drive();
        HiddenAreaRemoval removal = AtaDrive.removeHiddenArea(drive, new HiddenArea(1000, 2048, -1));
        assertThat(removal.removed()).isFalse();
        assertThat(drive.commands()).doesNotContain("0x37/0x0000");
    }

    @Test
    void nothingIsSentWithoutAHostProtectedArea() throws IOException {
        SimulatedAta drive = SimulatedAta.ssd(new byte[1024 * 512]);
        assertThat(AtaDrive.removeHiddenArea(drive, new HiddenArea(1024, 1024, 2048)))
                .isEqualTo(new HiddenAreaRemoval(false, "the drive has no host protected area to remove"));
        assertThat(drive.commands()).isEmpty();
    }
}
