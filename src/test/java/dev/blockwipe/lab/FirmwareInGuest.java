package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * In the lab (see {@link LabIT#theDrivesOwnEraseIsOfferedWhereItIsSupportedAndProvenWhereItRan}): an
 * NVMe controller, a SATA SSD on AHCI and a USB disk behind XHCI, on the kernel's own drivers.
 * QEMU's NVMe controller supports Format NVM (OACS bit 1) but neither sanitize (SANICAP 0) nor crypto
 * erase (FNA bit 2 clear), although it answers Format with SES 2 "success"; its AHCI disk has no
 * security or sanitize feature set; its usb-storage bridge refuses ATA PASS-THROUGH.
 */
class FirmwareInGuest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void devices() throws IOException {
        Guest.require();
        Guest.drivers("nvme", "ahci", "sd_mod", "sg", "xhci_pci", "usb_storage");
        Guest.udev();
    }

    @Test
    void eachDriveOffersExactlyWhatItSupportsAndSaysWhyNotTheRest() throws IOException {
        Map<String, JsonNode> nvme = methods("/dev/nvme0n1");
        assertThat(nvme.get("nvme-format-user-data").path("offered").asBoolean()).isTrue();
        assertThat(nvme.get("nvme-format-user-data").path("readsAs").asText()).isEqualTo("0x00");
        assertThat(nvme.get("nvme-format-crypto").path("reason").asText()).contains("FNA bit 2 clear");
        for (String m : List.of("nvme-sanitize-block", "nvme-sanitize-crypto", "nvme-sanitize-overwrite")) {
            assertThat(nvme.get(m).path("offered").asBoolean()).as(m).isFalse();
            assertThat(nvme.get(m).path("reason").asText()).as(m).contains("no sanitize support (SANICAP 0x00000000)");
        }
        assertThat(nvme.get("ata-secure-erase").path("reason").asText()).contains("the drive takes NVMe commands");
        Cli methods = Cli.run("methods", "/dev/nvme0n1");
        assertThat(methods.out()).as(methods.err()).containsPattern("(?m)^  nvme-format-user-data +offered \\(")
                .containsPattern("(?m)^  nvme-sanitize-block +not offered: the controller reports no sanitize support");
        assertThat(Cli.listed("nvme0n1").at("/drive/firmwareMethods").toString())
                .contains("{\"name\":\"nvme-format-user-data\",\"offered\":true");

        String ssd = "/dev/" + Guest.byId("ata-FWSSD_FW0002");
        JsonNode ata = show(ssd);
        assertThat(ata.path("commandSet").asText()).isEqualTo("ATA through SCSI/ATA Translation");
        Map<String, JsonNode> sata = methods(ssd);
        assertThat(sata.values()).noneMatch(m -> m.path("offered").asBoolean());
        assertThat(sata.get("ata-secure-erase").path("reason").asText()).contains("Security feature set (IDENTIFY word 82 bit 1 clear)");
        assertThat(sata.get("ata-sanitize-block").path("reason").asText()).contains("word 59");
        assertThat(ata.at("/smart/available").asBoolean()).as(ata.at("/smart").toString()).isTrue();

        String usb = "/dev/" + Guest.byId("usb-QEMU_QEMU_HARDDISK_FW0003-0:0");
        JsonNode bridge = show(usb);
        assertThat(methods(usb).values()).noneMatch(m -> m.path("offered").asBoolean());
        assertThat(methods(usb).get("ata-secure-erase").path("reason").asText())
                .contains("does not pass ATA commands through");
        assertThat(bridge.path("facts").toString()).contains("unavailable through this connection");
    }

    @Test
    void aFormatOfTheNvmeNamespaceEndsPurgeWithItsCanariesChangedAndEveryByteZero() throws IOException {
        Sh.run("dd", "if=/dev/urandom", "of=/dev/nvme0n1", "bs=1M", "count=8", "oflag=direct", "status=none");

        Cli wipe = Cli.run("wipe", "-m", "nvme-format-user-data", "/dev/nvme0n1", "--yes=nvme0n1");

        assertThat(wipe.exitCode()).as(wipe.out() + wipe.err()).isZero();
        JsonNode cert = Guest.certificateOf(wipe.out(), "/dev/nvme0n1");
        assertThat(cert.at("/result/state").asText()).isEqualTo("ERASED");
        assertThat(cert.at("/sanitization/nist80088Category").asText()).isEqualTo("Purge");
        JsonNode firmware = cert.path("firmwareErase");
        assertThat(firmware.path("command").asText()).startsWith("Format NVM (opcode 0x80), NSID 1, SES 1");
        assertThat(firmware.path("succeeded").asBoolean()).isTrue();
        assertThat(firmware.at("/canaries/changed").asLong()).isEqualTo(firmware.at("/canaries/count").asLong())
                .isPositive();
        assertThat(firmware.path("purge").asText()).startsWith("Purge: the drive reported success")
                .contains("every byte read back as 0x00");
        assertThat(LoopDevice.allZero("/dev/nvme0n1")).as("every byte of the namespace zero").isTrue();
        assertThat(cert.at("/smart/before").asText()).as(cert.path("smart").toString()).contains("power-on hours");
        assertThat(cert.at("/smart/after").asText()).contains("power-on hours");
        assertThat(cert.path("limitations")).as("the drive's own erase reaches what an overwrite does not").isEmpty();
    }

    /** An overwrite of the SATA SSD: Clear, with what it could not reach, and the drive's SMART before and after. */
    @Test
    void anOverwriteOfTheSataSsdIsClearWithItsLimitationAndSmart() throws IOException {
        String ssd = "/dev/" + Guest.byId("ata-FWSSD_FW0002");

        Cli wipe = Cli.run("wipe", "-m", "zero", ssd, "--yes=" + ssd.substring(5));

        assertThat(wipe.exitCode()).as(wipe.out() + wipe.err()).isZero();
        JsonNode cert = Guest.certificateOf(wipe.out(), ssd);
        assertThat(cert.at("/sanitization/nist80088Category").asText()).isEqualTo("Clear");
        assertThat(cert.at("/limitations/0").asText()).contains("cannot reach spare, remapped or over-provisioned",
                "blockwipe show lists the firmware methods this drive offers");
        assertThat(cert.at("/smart/before").asText()).as(cert.path("smart").toString()).startsWith("SMART: ");
        assertThat(cert.path("firmwareErase").isMissingNode()).isTrue();
    }

    @Test
    void aFirmwareMethodOnTheUsbDiskIsRefusedWithExit5AndNothingWritten() throws IOException {
        String usb = "/dev/" + Guest.byId("usb-QEMU_QEMU_HARDDISK_FW0003-0:0");
        Sh.run("dd", "if=/dev/urandom", "of=" + usb, "bs=1M", "count=2", "oflag=direct", "status=none");
        String before = Sh.run("sha256sum", usb);

        Cli wipe = Cli.run("wipe", "-m", "ata-secure-erase", usb, "--yes=" + usb.substring(5));

        assertThat(wipe.exitCode()).as(wipe.out() + wipe.err()).isEqualTo(5);
        assertThat(wipe.err()).contains("ata-secure-erase: not supported by this device: ",
                "does not pass ATA commands through");
        assertThat(Sh.run("sha256sum", usb)).isEqualTo(before);
    }

    private static JsonNode show(String path) throws IOException {
        Cli show = Cli.run("show", path, "--json");
        assertThat(show.exitCode()).as(show.out() + show.err()).isZero();
        return JSON.readTree(show.out()).path("drive");
    }

    private static Map<String, JsonNode> methods(String path) throws IOException {
        Map<String, JsonNode> byName = new HashMap<>();
        show(path).path("firmwareMethods").forEach(m -> byName.put(m.path("name").asText(), m));
        return byName;
    }
}
