package dev.blockwipe.engine.firmware.ata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.firmware.CommandRefusedException;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Drives;
import dev.blockwipe.engine.firmware.HiddenArea;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Pattern;
import org.junit.jupiter.api.Test;
import java.io.IOException;
import java.time.Duration;

/** What the probe offers, and why not, for the drive states ACS-3 defines. */
class AtaDriveProbeTest {
    private static final FirmwareMethod[] ATA_METHODS = {FirmwareMethod.ATA_SECURE_ERASE,
        FirmwareMethod.ATA_SECURE_ERASE_ENHANCED, FirmwareMethod.ATA_SANITIZE_BLOCK, FirmwareMethod.ATA_SANITIZE_CRYPTO,
        FirmwareMethod.ATA_SANITIZE_OVERWRITE};

    private static SimulatedAta drive() {
        return SimulatedAta.ssd(new byte[1024 * 512]);
    }

    @Test
    void aFullFeaturedDriveOffersAllFiveAtaMethodsAndNothingElse() throws IOException {
        DriveReport report = AtaDrive.probe(drive().identity("WDC WDS100T2B0A", "2031AB456789", "411000WD")
                .eraseTimeWords(1, 2));
        assertThat(report.commandSet()).isEqualTo("ATA through SCSI/ATA Translation");
        assertThat(report.model()).isEqualTo("WDC WDS100T2B0A");
        assertThat(report.serial()).isEqualTo("2031AB456789");
        assertThat(report.firmware()).isEqualTo("411000WD");
        assertThat(report.available()).extracting(Offer::method).containsExactlyInAnyOrder(ATA_METHODS);
        assertThat(report.offer(FirmwareMethod.NVME_SANITIZE_BLOCK).reason())
                .isEqualTo("not NVMe: the drive takes ATA commands");
        assertThat(report.hiddenArea()).isEmpty();
        assertThat(report.facts()).contains("Host protected area: none",
                "Device configuration overlay: not supported (IDENTIFY word 83 bit 11 clear)");
    }

    @Test
    void readsAsAndEstimatesFollowTheSpecAndTheDrive() throws IOException {
        DriveReport report = AtaDrive.probe(drive().eraseTimeWords(30, 0x8000 | 300));
        Offer normal = report.offer(FirmwareMethod.ATA_SECURE_ERASE);
        assertThat(normal.readsAs()).contains(Pattern.Repeating.of(0x00));
        assertThat(normal.estimate()).contains(Duration.ofMinutes(60));
        assertThat(((SecurityErase) normal.operation().orElseThrow()).timeout()).isEqualTo(Duration.ofMinutes(130));
        Offer enhanced = report.offer(FirmwareMethod.ATA_SECURE_ERASE_ENHANCED);
        assertThat(enhanced.readsAs()).isEmpty();
        assertThat(enhanced.estimate()).contains(Duration.ofMinutes(600));
        assertThat(report.offer(FirmwareMethod.ATA_SANITIZE_OVERWRITE).readsAs()).contains(Pattern.Repeating.of(0x00));
        assertThat(report.offer(FirmwareMethod.ATA_SANITIZE_BLOCK).readsAs()).isEmpty();
        assertThat(report.offer(FirmwareMethod.ATA_SANITIZE_CRYPTO).readsAs()).isEmpty();
    }

    @Test
    void aSecurityEraseWithNoEstimateWaitsTwelveHours() throws IOException {
        SecurityErase erase = (SecurityErase) AtaDrive.probe(drive().eraseTimeWords(0, 0))
                .offer(FirmwareMethod.ATA_SECURE_ERASE).operation().orElseThrow();
        assertThat(erase.timeout()).isEqualTo(Duration.ofHours(12));
    }

    @Test
    void aFrozenDriveSaysHowToThawIt() throws IOException {
        DriveReport report = AtaDrive.probe(drive().securityFrozen());
        for (FirmwareMethod m : new FirmwareMethod[] {FirmwareMethod.ATA_SECURE_ERASE,
            FirmwareMethod.ATA_SECURE_ERASE_ENHANCED}) {
            assertThat(report.offer(m).available()).isFalse();
            assertThat(report.offer(m).reason()).isEqualTo("the drive's security is frozen (the BIOS froze it at boot):"
                    + " suspend the machine to RAM and wake it (systemctl suspend), or unplug and replug the drive's"
                    + " power, then look again");
        }
        assertThat(report.offer(FirmwareMethod.ATA_SANITIZE_BLOCK).available()).as("sanitize is not frozen").isTrue();
    }

    @Test
    void aLockedDriveAndAnExpiredCounterAreRefused() throws IOException {
        assertThat(AtaDrive.probe(drive().lockedWith("secret")).offer(FirmwareMethod.ATA_SECURE_ERASE).reason())
                .isEqualTo("the drive is locked with a password someone set: unlock it first");
        assertThat(AtaDrive.probe(drive().passwordCountExpired()).offer(FirmwareMethod.ATA_SECURE_ERASE).reason())
                .isEqualTo("the drive refused too many wrong passwords: power-cycle it");
    }

    @Test
    void withoutEnhancedEraseOnlyTheNormalOneIsOffered() throws IOException {
        DriveReport report = AtaDrive.probe(drive().withoutEnhancedErase());
        assertThat(report.offer(FirmwareMethod.ATA_SECURE_ERASE).available()).isTrue();
        assertThat(report.offer(FirmwareMethod.ATA_SECURE_ERASE_ENHANCED).reason())
                .isEqualTo("the drive does not support enhanced security erase (IDENTIFY word 128 bit 5 clear)");
    }

    @Test
    void eachSanitizeKindIsOfferedOnlyWhereWord59SaysSo() throws IOException {
        DriveReport report = AtaDrive.probe(drive().sanitizeSupport(true, false, false));
        assertThat(report.offer(FirmwareMethod.ATA_SANITIZE_CRYPTO).available()).isTrue();
        assertThat(report.offer(FirmwareMethod.ATA_SANITIZE_BLOCK).reason())
                .isEqualTo("the drive does not support BLOCK ERASE EXT (IDENTIFY word 59 bit 15 clear)");
        assertThat(report.offer(FirmwareMethod.ATA_SANITIZE_OVERWRITE).reason())
                .isEqualTo("the drive does not support OVERWRITE EXT (IDENTIFY word 59 bit 14 clear)");
    }

    @Test
    void aSanitizeFrozenDriveIsRefusedWithTheWayOut() throws IOException {
        DriveReport report = AtaDrive.probe(drive().sanitizeFrozen());
        assertThat(report.offer(FirmwareMethod.ATA_SANITIZE_CRYPTO).reason()).contains("frozen")
                .endsWith("power-cycle the drive, then look again");
        assertThat(report.offer(FirmwareMethod.ATA_SECURE_ERASE).available()).isTrue();
    }

    @Test
    void qemusDiskSaysNotSupportedFromItsIdentifyBits() throws IOException {
        SimulatedAta qemu = SimulatedAta.qemu(new byte[1024 * 512]);
        DriveReport report = AtaDrive.probe(qemu);
        assertThat(report.available()).isEmpty();
        assertThat(report.offer(FirmwareMethod.ATA_SECURE_ERASE).reason())
                .isEqualTo("the drive does not support the Security feature set (IDENTIFY word 82 bit 1 clear)");
        assertThat(report.offer(FirmwareMethod.ATA_SANITIZE_BLOCK).reason())
                .isEqualTo("the drive does not support the SANITIZE feature set (IDENTIFY word 59 bit 12 clear)");
        assertThat(report.facts()).contains("Host protected area: not supported (IDENTIFY word 82 bit 10 clear)",
                "Sanitize: not supported (IDENTIFY word 59 bit 12 clear)");
        assertThat(report.hiddenArea()).isEmpty();
        assertThat(qemu.commands()).as("nothing sent beyond IDENTIFY").containsExactly("0xEC/0x0000");
    }

    @Test
    void aHostProtectedAreaIsReportedWithItsSize() throws IOException {
        DriveReport report = AtaDrive.probe(SimulatedAta.ssd(new byte[8192 * 512]).hostProtectedArea(4096));
        assertThat(report.hiddenArea()).contains(new HiddenArea(4096, 8192, -1));
        assertThat(report.facts()).contains("Host protected area: 4096 sectors (2.0 MiB) hidden beyond sector 4095");
    }

    @Test
    void aDcoRestrictionIsReportedWithTheFactoryMax() throws IOException {
        DriveReport report = AtaDrive.probe(drive().deviceConfigurationOverlay(24).hostProtectedArea(100));
        assertThat(report.hiddenArea()).contains(new HiddenArea(900, 1000, 1024));
        assertThat(report.facts()).contains("Host protected area: 100 sectors (50 KiB) hidden beyond sector 899",
                "Device configuration overlay: 24 sectors (12 KiB) hidden beyond sector 999, which Blockwipe does not"
                        + " restore");
    }

    @Test
    void aUsbBridgeWithoutSatIsRefusedInEitherSenseFormat() {
        for (SimulatedAta.SenseFormat format : SimulatedAta.SenseFormat.values()) {
            assertThatThrownBy(() -> AtaDrive.probe(drive().usbBridge(format)))
                    .isInstanceOf(CommandRefusedException.class)
                    .hasMessage("the connection does not pass ATA commands through (ATA PASS-THROUGH (16) refused:"
                            + " status 0x02, sense key 0x5, ASC/ASCQ 0x2000)");
        }
    }

    @Test
    void drivesFallsBackToScsiWhenTheBridgeRefuses() {
        DriveReport report = Drives.probe(drive().usbBridge(SimulatedAta.SenseFormat.DESCRIPTOR));
        assertThat(report.commandSet()).isEqualTo("SCSI");
    }

    @Test
    void fixedFormatSenseStillGivesTheOffers() throws IOException {
        DriveReport report = AtaDrive.probe(drive().fixedFormatSense());
        assertThat(report.available()).extracting(Offer::method).containsExactlyInAnyOrder(ATA_METHODS);
        assertThat(report.facts()).contains("Host protected area: none");
    }

    @Test
    void aDriveThatAbortsIdentifyIsNotAnAtaDisk() {
        assertThatThrownBy(() -> AtaDrive.probe(drive().abort(0xEC, 1))).isInstanceOf(CommandRefusedException.class)
                .hasMessageContaining("packet device");
    }

    @Test
    void theFactsNameSecurityAndSanitizeState() throws IOException {
        DriveReport report = AtaDrive.probe(drive().eraseTimeWords(1, 255));
        assertThat(report.facts()).contains("Security: supported, not enabled, not locked, not frozen; security erase"
                + " about 2 minutes, enhanced erase more than 508 minutes",
                "Sanitize: crypto scramble, block erase, overwrite; status: idle");
        assertThat(report.facts().get(0)).isEqualTo("ATA: 1024 sectors of 512 bytes, 48-bit addressing, non-rotating");
    }
}
