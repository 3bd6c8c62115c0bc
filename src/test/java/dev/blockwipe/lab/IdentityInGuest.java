package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * In the lab (see {@link LabIT#everyKindOfDiskIsListedWipedAndCertifiedWithItsOwnIdentity}): an NVMe
 * controller with two namespaces, a SATA disk and a SATA SSD on AHCI, a USB disk behind XHCI and a
 * 4Kn scsi_debug disk, with udev running. Each is listed with what the kernel reports of it, wiped
 * to the byte, and certified with the same identity; udev's probes after a close are no owners.
 */
class IdentityInGuest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void devices() throws IOException {
        Guest.require();
        Guest.drivers("nvme", "ahci", "sd_mod", "sg", "xhci_pci", "usb_storage");
        Guest.modprobe("scsi_debug", "dev_size_mb=32", "sector_size=4096");
        Guest.udev();
    }

    @Test
    void everyKindIsListedWithWhatTheKernelReportsOfIt() throws IOException, InterruptedException {
        String hdd = Guest.byId("ata-TESTDISK_SATA0001");
        String ssd = Guest.byId("ata-TESTSSD_SSD0001");
        String usb = Guest.byId("usb-QEMU_QEMU_HARDDISK_USB0001-0:0");
        String scsi = Guest.scsiDebugDisk();

        expect("nvme0n1", "NVMe SSD", "nvme", "QEMU NVMe Ctrl", "NVME0001", 512, false);
        expect("nvme0n2", "NVMe SSD", "nvme", "QEMU NVMe Ctrl", "NVME0001", 512, false);
        expect(hdd, "HDD", "sata", "TESTDISK", "SATA0001", 512, true);
        expect(ssd, "SSD", "sata", "TESTSSD", "SSD0001", 512, false);
        expect(usb, "USB", "usb", "QEMU HARDDISK", "USB0001", 512, true);
        expect(scsi, "SSD", "scsi", "scsi_debug", serialOf(scsi), 4096, false);
        assertThat(Cli.listed(hdd).path("wwn").asText()).isEqualTo("naa.5000c50012345678");
        assertThat(Cli.listed(usb).path("wwn").asText()).as("a USB bridge without VPD page 0x83 reports none").isEmpty();
        assertThat(Cli.listed(usb).at("/verdict/level").asText()).isEqualTo("WIPEABLE");
    }

    /** All of them in one command, one through its /dev/disk/by-id link: every byte zero, each certificate names its disk. */
    @Test
    void everyKindIsWipedToTheByteAndCertifiedWithItsIdentity() throws IOException, InterruptedException {
        List<String> disks = List.of("nvme0n1", "nvme0n2", Guest.byId("ata-TESTDISK_SATA0001"),
                Guest.byId("ata-TESTSSD_SSD0001"), Guest.byId("usb-QEMU_QEMU_HARDDISK_USB0001-0:0"), Guest.scsiDebugDisk());
        List<String> args = new ArrayList<>(List.of("wipe", "-m", "zero"));
        List<String> paths = new ArrayList<>();
        for (String d : disks) {
            paths.add(d.equals("nvme0n2") ? "/dev/disk/by-id/nvme-QEMU_NVMe_Ctrl_NVME0001_2" : "/dev/" + d);
            args.add(paths.get(paths.size() - 1));
            args.add("--yes=" + d);
        }
        List<JsonNode> before = new ArrayList<>();
        for (String d : disks) {
            Sh.run("dd", "if=/dev/urandom", "of=/dev/" + d, "bs=1M", "count=4", "oflag=direct", "status=none");
            before.add(Cli.listed(d));
        }

        Cli wipe = Cli.run(args.toArray(String[]::new));

        assertThat(wipe.exitCode()).as(wipe.out() + wipe.err()).isZero();
        for (int i = 0; i < disks.size(); i++) {
            String d = disks.get(i);
            assertThat(LoopDevice.allZero("/dev/" + d)).as("%s erased to the byte", d).isTrue();
            JsonNode device = Guest.certificateOf(wipe.out(), paths.get(i)).path("device");
            JsonNode listed = before.get(i);
            for (String[] field : new String[][] {{"model", "model"}, {"serial", "serial"}, {"wwn", "wwn"},
                {"firmware", "firmware"}, {"kind", "kind"}}) {
                assertThat(device.path(field[0]).asText()).as("%s's %s on its certificate", d, field[0])
                        .isEqualTo(listed.path(field[1]).asText());
            }
        }
    }

    /**
     * With udev running, a wipe right after partitioning and a second wipe right after the first:
     * udev's worker opens each disk after a close that wrote, and that is no owner.
     */
    @Test
    void udevsProbesAfterAWriteAreNoOwners() throws IOException {
        String disk = Guest.byId("ata-TESTSSD_SSD0001");
        for (int round = 0; round < 3; round++) {
            Sh.runWithInput("label: gpt\n,16M\n,\n", "sfdisk", "-q", "/dev/" + disk);
            Cli first = Cli.run("wipe", "/dev/" + disk, "-m", "zero", "--verify", "off", "--yes=" + disk);
            assertThat(first.exitCode()).as("right after sfdisk: " + first.err()).isZero();
            Cli second = Cli.run("wipe", "/dev/" + disk, "-m", "zero", "--verify", "off", "--yes=" + disk);
            assertThat(second.exitCode()).as("right after the first wipe: " + second.err()).isZero();
        }
    }

    private static void expect(String disk, String kind, String transport, String model, String serial, int logical,
                               boolean rotational) {
        JsonNode d = Cli.listed(disk);
        assertThat(d.path("kind").asText()).as(disk).isEqualTo(kind);
        assertThat(d.path("transport").asText()).as(disk).isEqualTo(transport);
        assertThat(d.path("model").asText()).as(disk).isEqualTo(model);
        assertThat(d.path("serial").asText()).as(disk).isEqualTo(serial);
        assertThat(d.path("logicalBlockSize").asInt()).as(disk).isEqualTo(logical);
        assertThat(d.path("rotational").asBoolean()).as(disk).isEqualTo(rotational);
        assertThat(d.path("sizeBytes").asLong()).as(disk).isEqualTo(512 * Long.parseLong(Guest.sysfs(disk, "size")));
        String wwid = Guest.sysfs(disk, "wwid").isEmpty() ? Guest.sysfs(disk, "device/wwid") : Guest.sysfs(disk, "wwid");
        boolean worldWide = wwid.startsWith("naa.") || wwid.startsWith("eui.") || wwid.startsWith("uuid.");
        assertThat(d.path("wwn").asText()).as("%s's WWN, as the kernel has it (%s)", disk, wwid).isEqualTo(worldWide ? wwid : "");
        String firmware = disk.startsWith("nvme") ? Guest.sysfs(disk, "device/firmware_rev") : Guest.sysfs(disk, "device/rev");
        assertThat(d.path("firmware").asText()).as(disk).isEqualTo(firmware);
    }

    /** The serial of VPD page 0x80, as the guest's sg_vpd reads it. */
    private static String serialOf(String disk) {
        return Sh.run("sg_vpd", "--page=sn", "/dev/" + disk).lines().filter(l -> l.contains("Unit serial number:"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse("");
    }
}
