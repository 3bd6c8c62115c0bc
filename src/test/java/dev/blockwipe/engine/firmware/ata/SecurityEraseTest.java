package dev.blockwipe.engine.firmware.ata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.firmware.FirmwareOutcome;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.testing.FakeProgress;
import org.junit.jupiter.api.Test;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** The temporary-password sequence through the simulated drive, and every way it can fail. */
class SecurityEraseTest {
    private static final String NOT_CLEARED = "the temporary password 'blockwipe' could not be cleared: unlock with"
            + " hdparm --security-disable blockwipe";

    private static SimulatedAta drive() {
        byte[] disk = new byte[64 * 512];
        Arrays.fill(disk, (byte) 0xC3);
        return SimulatedAta.ssd(disk);
    }

    private static SecurityErase erase(SimulatedAta drive, FirmwareMethod method) throws IOException {
        return (SecurityErase) AtaDrive.probe(drive).offer(method).operation().orElseThrow();
    }

    private static boolean all(byte[] disk, int value) {
        for (byte b : disk) {
            if (b != (byte) value) {
                return false;
            }
        }
        return true;
    }

    @Test
    void aNormalEraseZeroesTheDiskAndLeavesNoPassword() throws IOException {
        SimulatedAta drive = drive();
        FakeProgress progress = new FakeProgress();
        FirmwareOutcome outcome = erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, progress);
        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.driveStatus()).isEqualTo("SECURITY ERASE UNIT completed without error; no password left set"
                + " (IDENTIFY word 128 bit 1 clear)");
        assertThat(all(drive.disk(), 0)).isTrue();
        assertThat(drive.passwordSet()).isFalse();
        assertThat(outcome.steps()).containsSubsequence("IDENTIFY DEVICE: good", "SECURITY SET PASSWORD: good",
                "SECURITY ERASE PREPARE: good", "SECURITY ERASE UNIT: good", "IDENTIFY DEVICE: good");
        assertThat(progress.fractions()).containsExactly(-1.0);
    }

    @Test
    void theTemporaryPasswordIsBlockwipeAsDocumented() throws IOException {
        SimulatedAta drive = drive().abort(0xF3, 1).abort(0xF6, 1);
        erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, new FakeProgress());
        byte[] expected = new byte[32];
        System.arraycopy("blockwipe".getBytes(StandardCharsets.US_ASCII), 0, expected, 0, 9);
        assertThat(drive.userPassword()).isEqualTo(expected);
    }

    @Test
    void anEnhancedEraseWritesTheDrivesPattern() throws IOException {
        SimulatedAta drive = drive();
        FirmwareOutcome outcome = erase(drive, FirmwareMethod.ATA_SECURE_ERASE_ENHANCED).run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isTrue();
        assertThat(all(drive.disk(), 0x5A)).isTrue();
        assertThat(drive.passwordSet()).isFalse();
    }

    @Test
    void aRefusedSetPasswordErasesNothingAndLeavesNoPassword() throws IOException {
        SimulatedAta drive = drive().abort(0xF1, 1);
        FirmwareOutcome outcome = erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).startsWith("SECURITY SET PASSWORD aborted by the drive (status 0x51, error"
                + " 0x04), nothing erased; no password left set");
        assertThat(all(drive.disk(), 0xC3)).isTrue();
        assertThat(drive.commands()).doesNotContain("0xF3/0x0000", "0xF4/0x0000");
    }

    @Test
    void aFailedPrepareClearsThePassword() throws IOException {
        SimulatedAta drive = drive().abort(0xF3, 1);
        FirmwareOutcome outcome = erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).isEqualTo("SECURITY ERASE PREPARE aborted by the drive (status 0x51, error"
                + " 0x04), nothing erased; the temporary password 'blockwipe' was cleared with SECURITY DISABLE PASSWORD");
        assertThat(outcome.steps()).contains("SECURITY DISABLE PASSWORD: good");
        assertThat(drive.passwordSet()).isFalse();
        assertThat(all(drive.disk(), 0xC3)).isTrue();
    }

    @Test
    void aFailedEraseUnitClearsThePassword() throws IOException {
        SimulatedAta drive = drive().abort(0xF4, 1);
        FirmwareOutcome outcome = erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).startsWith("SECURITY ERASE UNIT aborted by the drive")
                .endsWith("was cleared with SECURITY DISABLE PASSWORD");
        assertThat(drive.passwordSet()).isFalse();
    }

    @Test
    void anEraseUnitThatCouldNotBeSentClearsThePasswordAndSaysSo() {
        SimulatedAta drive = drive().failTransport(0xF4);
        assertThatThrownBy(() -> erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, new FakeProgress()))
                .isInstanceOf(IOException.class)
                .hasMessage("SG_IO timed out; the temporary password 'blockwipe' was cleared with SECURITY DISABLE"
                        + " PASSWORD");
        assertThat(drive.passwordSet()).isFalse();
    }

    @Test
    void whenThePasswordCannotBeClearedTheOutcomeSaysHowToUnlock() throws IOException {
        SimulatedAta drive = drive().abort(0xF4, 1).abort(0xF6, 5);
        FirmwareOutcome outcome = erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).endsWith("; " + NOT_CLEARED);
        assertThat(outcome.steps()).contains("SECURITY DISABLE PASSWORD: aborted by the drive (status 0x51, error 0x04)");
        assertThat(drive.passwordSet()).isTrue();
    }

    @Test
    void whenClearingCannotEvenBeSentAfterATransportFailureTheExceptionSaysHowToUnlock() {
        SimulatedAta drive = drive().failTransport(0xF3).abort(0xF6, 5);
        assertThatThrownBy(() -> erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, new FakeProgress()))
                .isInstanceOf(IOException.class).hasMessage("SG_IO timed out; " + NOT_CLEARED);
    }

    @Test
    void aDriveThatKeepsThePasswordAfterTheEraseGetsItDisabled() throws IOException {
        SimulatedAta drive = drive().keepsPasswordAfterErase();
        FirmwareOutcome outcome = erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.driveStatus()).endsWith("was cleared with SECURITY DISABLE PASSWORD");
        assertThat(drive.passwordSet()).isFalse();
    }

    @Test
    void aDriveFrozenSinceTheProbeIsNotTouched() throws IOException {
        SimulatedAta drive = drive();
        SecurityErase erase = erase(drive, FirmwareMethod.ATA_SECURE_ERASE);
        drive.securityFrozen();
        FirmwareOutcome outcome = erase.run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).startsWith("not started: the drive's security is frozen");
        assertThat(drive.commands()).as("no security command sent").noneMatch(c -> c.startsWith("0xF"));
    }

    @Test
    void aPowerLossMidEraseLeavesADriveTheDocumentedPasswordUnlocks() throws IOException {
        SimulatedAta drive = drive().failTransport(0xF4).abort(0xF6, 1);
        assertThatThrownBy(() -> erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, new FakeProgress()))
                .isInstanceOf(IOException.class);
        drive.powerCycle();
        assertThat(drive.locked()).isTrue();
        assertThat(AtaCommand.securityUnlock().sendTo(drive, PasswordBlock.user(SecurityErase.TEMPORARY_PASSWORD))
                .succeeded()).isTrue();
        assertThat(AtaCommand.securityDisablePassword().sendTo(drive, PasswordBlock.user("blockwipe")).succeeded())
                .isTrue();
        assertThat(drive.passwordSet()).isFalse();
    }

    @Test
    void aLyingDriveReportsSuccessAndChangesNothing() throws IOException {
        SimulatedAta drive = drive().lying();
        FirmwareOutcome outcome = erase(drive, FirmwareMethod.ATA_SECURE_ERASE).run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isTrue();
        assertThat(all(drive.disk(), 0xC3)).as("catching the lie is the canaries' job").isTrue();
    }

    @Test
    void theCommandNamesTheSequence() {
        assertThat(new SecurityErase(true, IdentifyData.EraseTime.of(0)).command()).isEqualTo("SECURITY ERASE UNIT"
                + " (ATA 0xF4), enhanced, after SECURITY SET PASSWORD (ATA 0xF1, user password 'blockwipe') and"
                + " SECURITY ERASE PREPARE (ATA 0xF3), through ATA PASS-THROUGH (16)");
    }
}
