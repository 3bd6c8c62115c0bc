package dev.blockwipe.engine.firmware.ata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.firmware.FirmwareOutcome;
import dev.blockwipe.testing.FakeProgress;
import org.junit.jupiter.api.Test;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;

/** Sanitize sent, followed once a second with SANITIZE STATUS EXT, through the simulated drive. */
class AtaSanitizeTest {

    private static SimulatedAta drive() {
        byte[] disk = new byte[64 * 512];
        Arrays.fill(disk, (byte) 0xC3);
        return SimulatedAta.ssd(disk);
    }

    private static long count(byte[] disk, int value) {
        long n = 0;
        for (byte b : disk) {
            n += b == (byte) value ? 1 : 0;
        }
        return n;
    }

    @Test
    void aBlockEraseIsFollowedToItsEndWithProgress() throws IOException {
        SimulatedAta drive = drive().sanitizeTakesPolls(4);
        FakeProgress progress = new FakeProgress();
        FirmwareOutcome outcome = AtaSanitize.blockErase().run(drive, progress);
        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.driveStatus()).isEqualTo("SANITIZE STATUS EXT: most recent sanitize completed without error");
        assertThat(progress.fractions()).containsExactly(0.25, 0.5, 0.75);
        assertThat(progress.pauses()).containsOnly(Duration.ofSeconds(1)).hasSize(4);
        assertThat(count(drive.disk(), 0xFF)).isEqualTo(drive.disk().length);
        assertThat(outcome.steps()).containsExactly("SANITIZE STATUS EXT: idle", "BLOCK ERASE EXT: good",
                "SANITIZE STATUS EXT, poll 4: most recent sanitize completed without error");
    }

    @Test
    void anOverwriteOfZeroesReadsAsZeroes() throws IOException {
        SimulatedAta drive = drive();
        assertThat(AtaSanitize.overwriteWithZeroes().run(drive, new FakeProgress()).succeeded()).isTrue();
        assertThat(count(drive.disk(), 0)).isEqualTo(drive.disk().length);
    }

    @Test
    void aCryptoScrambleLeavesNoneOfTheOldData() throws IOException {
        SimulatedAta drive = drive();
        assertThat(AtaSanitize.cryptoScramble().run(drive, new FakeProgress()).succeeded()).isTrue();
        assertThat(count(drive.disk(), 0xC3)).isLessThan(drive.disk().length / 100);
    }

    @Test
    void aFailingSanitizeIsAnOutcomeNotAnException() throws IOException {
        SimulatedAta drive = drive().sanitizeFails();
        FirmwareOutcome outcome = AtaSanitize.blockErase().run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).isEqualTo("SANITIZE STATUS EXT: aborted: the sanitize operation failed");
    }

    @Test
    void aSanitizeTheDriveRefusesEndsAtOnce() throws IOException {
        SimulatedAta drive = drive().sanitizeSupport(false, true, true);
        FirmwareOutcome outcome = AtaSanitize.cryptoScramble().run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).isEqualTo("CRYPTO SCRAMBLE EXT aborted by the drive (status 0x51, error 0x04)");
    }

    @Test
    void aPowerLossMidSanitizeResumesAndIsFollowedToItsEnd() throws IOException {
        SimulatedAta drive = drive().sanitizeTakesPolls(6);
        FakeProgress progress = new FakeProgress(n -> {
            if (n == 3) {
                drive.powerCycle();
            }
        });
        FirmwareOutcome outcome = AtaSanitize.blockErase().run(drive, progress);
        assertThat(outcome.succeeded()).isTrue();
        assertThat(drive.commands()).contains("power cycle");
        assertThat(count(drive.disk(), 0xFF)).isEqualTo(drive.disk().length);
    }

    @Test
    void aSanitizeAlreadyInProgressIsFollowedNotStartedAgain() throws IOException {
        SimulatedAta drive = drive().sanitizeInProgress();
        FirmwareOutcome outcome = AtaSanitize.overwriteWithZeroes().run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.steps()).contains("a sanitize was already in progress: followed it instead of starting another");
        assertThat(drive.commands()).doesNotContain("0xB4/0x0014");
    }

    @Test
    void aFrozenSanitizeIsNotSent() throws IOException {
        SimulatedAta drive = drive().sanitizeFrozen();
        FirmwareOutcome outcome = AtaSanitize.blockErase().run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).startsWith("not started: the drive's sanitize commands are frozen");
        assertThat(drive.commands()).containsExactly("0xB4/0x0000");
    }

    @Test
    void freezeLockIsNeverSent() throws IOException {
        SimulatedAta drive = drive();
        AtaDrive.probe(drive);
        AtaSanitize.blockErase().run(drive, new FakeProgress());
        AtaSanitize.cryptoScramble().run(drive, new FakeProgress());
        AtaSanitize.overwriteWithZeroes().run(drive, new FakeProgress());
        assertThat(drive.commands()).doesNotContain("0xB4/0x0020", "0xB4/0x0040");
    }

    @Test
    void aSanitizeStillRunningAfter24HoursIsGivenUpWithAnException() {
        SimulatedAta drive = drive().sanitizeTakesPolls(Integer.MAX_VALUE);
        FakeProgress progress = new FakeProgress();
        assertThatThrownBy(() -> AtaSanitize.blockErase().run(drive, progress)).isInstanceOf(IOException.class)
                .hasMessage("the drive still reported its sanitize in progress after 24 hours of polling: it was left"
                        + " running");
        assertThat(progress.pauses()).hasSize(24 * 3600);
    }

    @Test
    void fixedFormatSenseThatCutsTheFlagsIsAnException() {
        SimulatedAta drive = drive().fixedFormatSense();
        assertThatThrownBy(() -> AtaSanitize.blockErase().run(drive, new FakeProgress()))
                .isInstanceOf(IOException.class).hasMessageContaining("fixed-format sense");
    }

    @Test
    void aLyingDriveReportsSuccessAndChangesNothing() throws IOException {
        SimulatedAta drive = drive().lying();
        assertThat(AtaSanitize.blockErase().run(drive, new FakeProgress()).succeeded()).isTrue();
        assertThat(count(drive.disk(), 0xC3)).isEqualTo(drive.disk().length);
    }

    @Test
    void theCommandNamesTheSubcommandAndItsFields() {
        assertThat(AtaSanitize.overwriteWithZeroes().command()).isEqualTo("SANITIZE DEVICE, OVERWRITE EXT (ATA 0xB4,"
                + " FEATURES 0x0014, COUNT 0x0001, LBA 0x4F5700000000) through ATA PASS-THROUGH (16)");
    }
}
