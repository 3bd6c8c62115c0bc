package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.testing.Sh;
import dev.blockwipe.ui.TheWindow;
import dev.blockwipe.ui.tree.DeviceRow;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * In the lab, beside {@link IdentityInGuest} (same guest, same disks, udev running): the window
 * shows each kind of disk with what the kernel reports of it, read here from sysfs and VPD pages
 * rather than from Blockwipe, and says "not reported by the device" for what the disk does not
 * report. The Details pane lists the rows' facts as {@code blockwipe show} prints them.
 */
@ExtendWith(ApplicationExtension.class)
class IdentityInWindowInGuest {
    /** The first scan of the guest's disks, on its emulated CPU. */
    private static final Duration LISTED = Duration.ofMinutes(1);

    private TheWindow window;

    @BeforeAll
    static void devices() throws IOException {
        IdentityInGuest.devices();
    }

    @Start
    void start(Stage stage) throws IOException {
        window = TheWindow.open(stage);
    }

    @AfterEach
    void close() throws Exception {
        window.close();
        FxToolkit.cleanupStages();
    }

    @Test
    void everyKindIsShownWithWhatTheKernelReportsOfItAndWhatItDoesNotReportSaysSo() throws Exception {
        String hdd = Guest.byId("ata-TESTDISK_SATA0001");
        String ssd = Guest.byId("ata-TESTSSD_SSD0001");
        String usb = Guest.byId("usb-QEMU_QEMU_HARDDISK_USB0001-0:0");
        String scsi = Guest.scsiDebugDisk();
        List<String> disks = List.of("nvme0n1", "nvme0n2", hdd, ssd, usb, scsi);
        Frames.first(LISTED, () -> disks.stream().allMatch(d -> window.row(d).isPresent()));

        shown("nvme0n1", "NVMe SSD", "nvme", "NVME0001");
        shown("nvme0n2", "NVMe SSD", "nvme", "NVME0001");
        shown(hdd, "HDD", "sata", "SATA0001");
        shown(ssd, "SSD", "sata", "SSD0001");
        shown(usb, "USB", "usb", "USB0001");
        shown(scsi, "SSD", "scsi", Sh.run("sg_vpd", "--page=sn", "/dev/" + scsi).lines()
                .filter(l -> l.contains("Unit serial number:")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst().orElse(""));
        assertThat(details(hdd)).containsEntry("wwn", "naa.5000c50012345678");
        assertThat(details(ssd)).as("a SATA disk given no WWN (the kernel's wwid is its model and serial)")
                .containsEntry("wwn", "not reported by the device");
        assertThat(details(usb)).as("a USB bridge without VPD page 0x83").containsEntry("wwn", "not reported by the device");
    }

    /** The row's columns and its Details, against what sysfs says of {@code disk}. */
    private void shown(String disk, String kind, String transport, String serial) throws Exception {
        DeviceRow row = Frames.onFx(() -> window.row(disk).orElseThrow());
        assertThat(row.facts().kind()).as("%s's kind badge", disk).isEqualTo(kind);
        assertThat(row.facts().serial()).as("%s's serial column", disk).isEqualTo(serial);
        Map<String, String> facts = details(disk);
        assertThat(facts).as(disk).containsEntry("kind", kind + " (transport " + transport + ")")
                .containsEntry("serial", serial)
                .containsEntry("model", Guest.sysfs(disk, "device/model"))
                .containsEntry("firmware", Guest.sysfs(disk, disk.startsWith("nvme") ? "device/firmware_rev" : "device/rev"))
                .containsEntry("block sizes", Guest.sysfs(disk, "queue/logical_block_size") + " logical / "
                        + Guest.sysfs(disk, "queue/physical_block_size") + " physical")
                .containsEntry("rotational", Guest.sysfs(disk, "queue/rotational").equals("1") ? "yes" : "no");
        long bytes = 512 * Long.parseLong(Guest.sysfs(disk, "size"));
        assertThat(facts.get("size")).as(disk).endsWith("(" + bytes + " bytes)");
    }

    /** The Details pane's facts with {@code disk}'s row selected. */
    private Map<String, String> details(String disk) throws Exception {
        return Frames.onFx(() -> {
            window.vm().devices().selectedProperty().set(window.row(disk).orElseThrow());
            return window.vm().devices().details().stream()
                    .collect(Collectors.toMap(FactSheet.Fact::key, FactSheet.Fact::value, (a, b) -> a));
        });
    }
}
