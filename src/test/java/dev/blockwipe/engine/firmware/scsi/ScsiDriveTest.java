package dev.blockwipe.engine.firmware.scsi;

import static dev.blockwipe.engine.firmware.scsi.SimulatedScsi.BLOCK_ERASE;
import static dev.blockwipe.engine.firmware.scsi.SimulatedScsi.CRYPTOGRAPHIC_ERASE;
import static dev.blockwipe.engine.firmware.scsi.SimulatedScsi.OVERWRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Pattern;
import org.junit.jupiter.api.Test;
import java.io.IOException;
import java.util.Arrays;

class ScsiDriveTest {
    private static final String ATA_REFUSED = "the drive refused ATA PASS-THROUGH (16) as an invalid operation code.";
    private static final String RSOC_REFUSED = "the drive or its bridge does not report which commands it supports"
            + " (REPORT SUPPORTED OPERATION CODES refused: check condition, ILLEGAL REQUEST, ASC/ASCQ 20h/00h,"
            + " invalid command operation code)";

    @Test
    void aSasDriveOffersTheThreeSanitizeActionsItReports() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(8).supporting(OVERWRITE, BLOCK_ERASE, CRYPTOGRAPHIC_ERASE)
                .identity("SEAGATE", "ST4000NM0023", "0004", "Z1Z2A3B4");
        DriveReport report = ScsiDrive.probe(drive, ATA_REFUSED);

        assertThat(report.commandSet()).isEqualTo("SCSI");
        assertThat(report.model()).isEqualTo("SEAGATE ST4000NM0023");
        assertThat(report.serial()).isEqualTo("Z1Z2A3B4");
        assertThat(report.firmware()).isEqualTo("0004");
        assertThat(report.hiddenArea()).isEmpty();
        assertThat(report.available()).extracting(Offer::method).containsExactly(FirmwareMethod.SCSI_SANITIZE_BLOCK,
                FirmwareMethod.SCSI_SANITIZE_CRYPTO, FirmwareMethod.SCSI_SANITIZE_OVERWRITE);
        assertThat(report.offer(FirmwareMethod.SCSI_SANITIZE_BLOCK).reason())
                .isEqualTo("the drive reports SANITIZE BLOCK ERASE supported");
        assertThat(report.offer(FirmwareMethod.SCSI_SANITIZE_OVERWRITE).readsAs()).contains(Pattern.Repeating.of(0));
        assertThat(report.offer(FirmwareMethod.SCSI_SANITIZE_BLOCK).readsAs()).isEmpty();
        assertThat(report.offer(FirmwareMethod.SCSI_SANITIZE_CRYPTO).readsAs()).isEmpty();
        assertThat(report.available()).allSatisfy(o -> assertThat(o.estimate()).isEmpty());
        assertThat(report.facts()).containsExactly("ATA: " + ATA_REFUSED,
                "Sanitize: overwrite, block erase, crypto erase");
        assertThat(drive.opcodes()).doesNotContain(0x48);
    }

    @Test
    void ataAndNvmeOffersSayWhyNotInTheirOwnWords() throws IOException {
        DriveReport report = ScsiDrive.probe(new SimulatedScsi(8).supporting(BLOCK_ERASE), ATA_REFUSED);

        assertThat(methods(FirmwareMethod.Family.ATA)).allSatisfy(m ->
                assertThat(report.offer(m).reason()).isEqualTo(ATA_REFUSED));
        assertThat(methods(FirmwareMethod.Family.NVME)).allSatisfy(m ->
                assertThat(report.offer(m).reason()).isEqualTo("not NVMe: the drive takes SCSI commands"));
        assertThat(report.offers()).hasSize(FirmwareMethod.values().length);
    }

    @Test
    void aDriveWithOnlyCryptoEraseOffersOnlyThat() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(8).supporting(CRYPTOGRAPHIC_ERASE);
        DriveReport report = ScsiDrive.probe(drive, ATA_REFUSED);

        assertThat(report.available()).extracting(Offer::method).containsExactly(FirmwareMethod.SCSI_SANITIZE_CRYPTO);
        assertThat(report.offer(FirmwareMethod.SCSI_SANITIZE_OVERWRITE).reason())
                .isEqualTo("the drive reports SANITIZE OVERWRITE not supported");
        assertThat(report.facts()).contains("Sanitize: crypto erase; not offered: overwrite, block erase");
    }

    @Test
    void aDriveThatReportsNoSanitizeOffersNoneAndNeverGetsOne() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(8);
        DriveReport report = ScsiDrive.probe(drive, ATA_REFUSED);

        assertThat(report.available()).isEmpty();
        assertThat(report.offer(FirmwareMethod.SCSI_SANITIZE_BLOCK).reason())
                .isEqualTo("the drive reports SANITIZE BLOCK ERASE not supported");
        assertThat(report.facts()).containsExactly("ATA: " + ATA_REFUSED, "Sanitize: none offered");
        assertThat(drive.opcodes()).doesNotContain(0x48);
    }

    @Test
    void aVendorSpecificSanitizeIsOfferedAndSaidToBe() throws IOException {
        DriveReport report = ScsiDrive.probe(new SimulatedScsi(8).vendorSpecific(BLOCK_ERASE), ATA_REFUSED);

        assertThat(report.offer(FirmwareMethod.SCSI_SANITIZE_BLOCK).available()).isTrue();
        assertThat(report.offer(FirmwareMethod.SCSI_SANITIZE_BLOCK).reason())
                .isEqualTo("the drive reports SANITIZE BLOCK ERASE supported in a vendor-specific manner");
        assertThat(report.facts()).contains("Sanitize: block erase (vendor-specific); not offered: overwrite,"
                + " crypto erase");
    }

    @Test
    void aUsbBridgeThatRefusesReportSupportedOperationCodesOffersNoFirmwareErase() throws IOException {
        SimulatedScsi bridge = new SimulatedScsi(8).supporting(OVERWRITE, BLOCK_ERASE, CRYPTOGRAPHIC_ERASE).usbBridge()
                .identity("JMicron", "Generic", "0508", "0123456789AB");
        DriveReport report = ScsiDrive.probe(bridge, ATA_REFUSED);

        assertThat(report.available()).isEmpty();
        assertThat(methods(FirmwareMethod.Family.SCSI)).allSatisfy(m ->
                assertThat(report.offer(m).reason()).isEqualTo(RSOC_REFUSED));
        assertThat(methods(FirmwareMethod.Family.ATA)).allSatisfy(m ->
                assertThat(report.offer(m).reason()).isEqualTo(ATA_REFUSED));
        assertThat(report.facts()).containsExactly("ATA: " + ATA_REFUSED,
                "Firmware erase: unavailable through this connection (" + RSOC_REFUSED + ")");
        assertThat(report.model()).isEqualTo("JMicron Generic");
        assertThat(report.serial()).isEqualTo("0123456789AB");
        assertThat(bridge.opcodes()).doesNotContain(0x48);
    }

    @Test
    void aUnitAttentionAfterAPowerLossCostsNoAnswer() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(8).supporting(OVERWRITE, BLOCK_ERASE, CRYPTOGRAPHIC_ERASE);
        drive.powerLoss();
        DriveReport report = ScsiDrive.probe(drive, ATA_REFUSED);

        assertThat(report.available()).hasSize(3);
        assertThat(drive.opcodes()).filteredOn(op -> op == 0xA3).hasSize(4);
    }

    @Test
    void aDriveClaimingNoLaterStandardThanScsi2IsNotAskedForVpdPages() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(8).inquiryVersion(0x02);
        DriveReport report = ScsiDrive.probe(drive, ATA_REFUSED);

        assertThat(report.serial()).isEmpty();
        assertThat(drive.cdbs()).noneMatch(cdb -> cdb[0] == 0x12 && (cdb[1] & 0x01) != 0);
    }

    @Test
    void aDriveWithoutASerialPageHasAnEmptySerial() throws IOException {
        DriveReport report = ScsiDrive.probe(new SimulatedScsi(8).identity("IBM", "ST336607LC", "C",
                null), ATA_REFUSED);

        assertThat(report.serial()).isEmpty();
        assertThat(report.model()).isEqualTo("IBM ST336607LC");
    }

    private static FirmwareMethod[] methods(FirmwareMethod.Family family) {
        return Arrays.stream(FirmwareMethod.values()).filter(m -> m.family() == family).toArray(FirmwareMethod[]::new);
    }
}
