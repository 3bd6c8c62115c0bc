package dev.blockwipe.engine.firmware.scsi;

import static dev.blockwipe.engine.firmware.scsi.ScsiCommandsTest.bytes;
import static dev.blockwipe.engine.firmware.scsi.SimulatedScsi.BLOCK_ERASE;
import static dev.blockwipe.engine.firmware.scsi.SimulatedScsi.CRYPTOGRAPHIC_ERASE;
import static dev.blockwipe.engine.firmware.scsi.SimulatedScsi.OVERWRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.FirmwareOperation;
import dev.blockwipe.engine.firmware.FirmwareOutcome;
import dev.blockwipe.engine.firmware.ScsiCommand;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.testing.Expected;
import dev.blockwipe.testing.FakeProgress;
import org.junit.jupiter.api.Test;
import java.io.IOException;
import java.time.Duration;
import java.util.Collections;

class ScsiSanitizeTest {
    private static final int BLOCKS = 16;
    private static final String IN_PROGRESS = "NOT READY, ASC/ASCQ 04h/1Bh, sanitize in progress";
    private static final String NO_SENSE = "NO SENSE, ASC/ASCQ 00h/00h, no additional sense information";

    @Test
    void namesTheCommandAsTheCertificateListsIt() {
        assertThat(new ScsiSanitize(SanitizeAction.BLOCK_ERASE).command())
                .isEqualTo("SANITIZE (opcode 0x48), service action 02h BLOCK ERASE, IMMED 1, AUSE 0");
        assertThat(new ScsiSanitize(SanitizeAction.CRYPTOGRAPHIC_ERASE).command())
                .isEqualTo("SANITIZE (opcode 0x48), service action 03h CRYPTOGRAPHIC ERASE, IMMED 1, AUSE 0");
        assertThat(new ScsiSanitize(SanitizeAction.OVERWRITE).command())
                .isEqualTo("SANITIZE (opcode 0x48), service action 01h OVERWRITE, IMMED 1, AUSE 0, OVERWRITE COUNT 1,"
                        + " INVERT 0, initialization pattern 00000000h");
    }

    @Test
    void blockEraseReportsTheDrivesProgressAndEndsWhenTheDriveSaysSo() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(BLOCKS).supporting(BLOCK_ERASE).sanitizeTakes(4).blockEraseFills(0xFF);
        FakeProgress progress = new FakeProgress();
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.SCSI_SANITIZE_BLOCK).run(drive, progress);

        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.driveStatus()).isEqualTo("The drive reports the sanitize completed: REQUEST SENSE returns"
                + " no sense and TEST UNIT READY is good.");
        assertThat(outcome.steps()).containsExactly("TEST UNIT READY: good", "SANITIZE BLOCK ERASE: good",
                "REQUEST SENSE: " + IN_PROGRESS + " (4 times)", "REQUEST SENSE: " + NO_SENSE, "TEST UNIT READY: good");
        assertThat(progress.fractions()).containsExactly(0.0, 0.25, 0.5, 0.75);
        assertThat(progress.pauses()).hasSize(5).containsOnly(Duration.ofSeconds(1));
        assertThat(drive.image()).containsOnly(0xFF);
        assertThat(drive.cdbs()).contains(bytes(0x48, 0x82, 0, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void cryptoEraseLeavesTheDrivesPseudoRandomBytes() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(BLOCKS).supporting(CRYPTOGRAPHIC_ERASE);
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.SCSI_SANITIZE_CRYPTO).run(drive, new FakeProgress());

        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.steps()).contains("SANITIZE CRYPTOGRAPHIC ERASE: good");
        assertThat(drive.image()).isNotEqualTo(new SimulatedScsi(BLOCKS).image());
    }

    @Test
    void overwriteLeavesEveryBlockReadingAsTheOfferSays() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(BLOCKS).supporting(OVERWRITE).sanitizeTakes(2);
        Pattern readsAs = ScsiDrive.probe(drive, "refused").offer(FirmwareMethod.SCSI_SANITIZE_OVERWRITE).readsAs()
                .orElseThrow();
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.SCSI_SANITIZE_OVERWRITE).run(drive, new FakeProgress());

        assertThat(outcome.succeeded()).isTrue();
        assertThat(drive.image()).isEqualTo(Expected.bytes(readsAs, drive.image().length));
        assertThat(drive.cdbs()).contains(bytes(0x48, 0x81, 0, 0, 0, 0, 0, 0, 8, 0));
    }

    @Test
    void aFailedSanitizeIsAnOutcomeThatSaysTheDriveIsInFailureMode() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(BLOCKS).supporting(BLOCK_ERASE).sanitizeTakes(3).failingSanitize();
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.SCSI_SANITIZE_BLOCK).run(drive, new FakeProgress());

        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).isEqualTo("The drive reports the sanitize failed; the drive is in failure"
                + " mode and takes no reads or writes until a sanitize completes (MEDIUM ERROR, ASC/ASCQ 31h/03h,"
                + " sanitize command failed).");
        assertThat(outcome.steps()).last()
                .isEqualTo("REQUEST SENSE: MEDIUM ERROR, ASC/ASCQ 31h/03h, sanitize command failed");
        assertThat(drive.image()).containsOnly(0x5A);
    }

    @Test
    void aPowerLossMidSanitizeIsFollowedToTheEndWithoutSendingItAgain() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(BLOCKS).supporting(BLOCK_ERASE).sanitizeTakes(4);
        FakeProgress progress = new FakeProgress().at(3, drive::powerLoss);
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.SCSI_SANITIZE_BLOCK).run(drive, progress);

        assertThat(outcome.succeeded()).isTrue();
        assertThat(progress.fractions()).containsExactly(0.0, 0.25, 0.5, 0.75);
        assertThat(Collections.frequency(drive.opcodes(), 0x48)).isOne();
        assertThat(drive.image()).containsOnly(0x00);
    }

    @Test
    void aSanitizeAlreadyInProgressIsFollowedAndSaidToBeSo() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(BLOCKS).supporting(BLOCK_ERASE, CRYPTOGRAPHIC_ERASE).sanitizeTakes(3);
        FirmwareOperation blockErase = offered(drive, FirmwareMethod.SCSI_SANITIZE_BLOCK);
        drive.scsi(new ScsiCommand(bytes(0x48, 0x83, 0, 0, 0, 0, 0, 0, 0, 0), DataDirection.NONE, 0,
                Duration.ofSeconds(30)), new byte[0]);
        drive.powerLoss();
        FakeProgress progress = new FakeProgress();
        FirmwareOutcome outcome = blockErase.run(drive, progress);

        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.driveStatus()).contains("already in progress when Blockwipe started")
                .contains("SCSI does not say which service action it was");
        assertThat(outcome.steps()).startsWith("TEST UNIT READY: check condition, UNIT ATTENTION, ASC/ASCQ 29h/00h,"
                + " power on, reset or bus device reset occurred", "TEST UNIT READY: check condition, " + IN_PROGRESS);
        assertThat(outcome.steps()).noneMatch(s -> s.startsWith("SANITIZE"));
        assertThat(Collections.frequency(drive.opcodes(), 0x48)).isOne();
        assertThat(progress.fractions()).first().isEqualTo(0.0);
    }

    @Test
    void aSanitizeTheDriveRefusesIsAnOutcomeAndNothingIsFollowed() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(BLOCKS).supporting(CRYPTOGRAPHIC_ERASE);
        FakeProgress progress = new FakeProgress();
        FirmwareOutcome outcome = new ScsiSanitize(SanitizeAction.OVERWRITE).run(drive, progress);

        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).isEqualTo("The drive refused SANITIZE OVERWRITE (check condition, ILLEGAL"
                + " REQUEST, ASC/ASCQ 24h/00h, invalid field in CDB).");
        assertThat(progress.pauses()).isEmpty();
    }

    @Test
    void aLyingDriveIsBelievedSoOnlyReadingTheDiskBackCatchesIt() throws IOException {
        SimulatedScsi drive = new SimulatedScsi(BLOCKS).lying();
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.SCSI_SANITIZE_BLOCK).run(drive, new FakeProgress());

        assertThat(outcome.succeeded()).isTrue();
        assertThat(drive.image()).containsOnly(0x5A);
    }

    @Test
    void givesUpAfterTwentyFourHoursOfPolling() {
        SimulatedScsi drive = new SimulatedScsi(BLOCKS).supporting(CRYPTOGRAPHIC_ERASE)
                .sanitizeTakes(ScsiSanitize.MAX_POLLS + 5);
        FakeProgress progress = new FakeProgress();

        assertThatThrownBy(() -> new ScsiSanitize(SanitizeAction.CRYPTOGRAPHIC_ERASE).run(drive, progress))
                .isInstanceOf(IOException.class).hasMessageContaining("24 hours");
        assertThat(progress.pauses()).hasSize(ScsiSanitize.MAX_POLLS);
        assertThat(drive.sanitizing()).isTrue();
    }

    private static FirmwareOperation offered(SimulatedScsi drive, FirmwareMethod method) throws IOException {
        return ScsiDrive.probe(drive, "the drive refused ATA PASS-THROUGH").offer(method).operation().orElseThrow();
    }
}
