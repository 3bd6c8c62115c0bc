package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Identity;
import dev.blockwipe.devices.LoopFacts;
import dev.blockwipe.devices.SysfsDisk;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * OSHI names disks only by kernel name, from udev's database: what it says is used for a disk of
 * the same scan only when that name kept its device number and disk sequence number while OSHI
 * was read, and OSHI saw the same size. A stick replaced by another under the same name must not
 * keep the first one's serial (which would be signed into the second one's certificate).
 */
class OshiTieTest {
    private static final long SIZE = 16L << 30;
    private static final OshiDetails.Seen STICK_A = new OshiDetails.Seen(new Identity("Stick", "", "SERIAL-A", "", ""), SIZE);

    private final Map<String, String> sysfsNow = new HashMap<>(Map.of("sdb/dev", "8:16", "sdb/diskseq", "12"));

    @Test
    void theSameDiskKeepsWhatOshiSays() {
        assertThat(tied(STICK_A)).containsEntry("sdb", STICK_A.identity());
    }

    @Test
    void aDiskThatTookTheNameWhileOshiWasReadGetsNothingFromIt() {
        sysfsNow.put("sdb/diskseq", "13");

        assertThat(tied(STICK_A)).isEmpty();
    }

    @Test
    void anotherNumberUnderTheSameNameGetsNothing() {
        sysfsNow.put("sdb/dev", "8:32");

        assertThat(tied(STICK_A)).isEmpty();
    }

    @Test
    void aDifferentSizeMeansOshiSawAnotherDisk() {
        assertThat(tied(new OshiDetails.Seen(STICK_A.identity(), SIZE / 2))).isEmpty();
    }

    @Test
    void aDiskGoneSinceTheScanGetsNothing() {
        sysfsNow.clear();

        assertThat(tied(STICK_A)).isEmpty();
    }

    private Map<String, Identity> tied(OshiDetails.Seen seen) {
        SysfsDisk sdb = new SysfsDisk("sdb", new DeviceNumber(8, 16), "/sys/devices/usb/sdb", SIZE / 512, 512, 512, false,
                true, false, 0, 0, 0, 0, Identity.NONE, 12, LoopFacts.NONE, "", "", List.of(), List.of(), List.of(), List.of());
        return LinuxInventory.tied(List.of(sdb), Map.of("sdb", seen),
                (name, attribute) -> sysfsNow.getOrDefault(name + "/" + attribute, ""));
    }
}
