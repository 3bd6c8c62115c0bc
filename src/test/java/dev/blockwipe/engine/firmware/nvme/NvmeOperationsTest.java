package dev.blockwipe.engine.firmware.nvme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.firmware.FirmwareOperation;
import dev.blockwipe.engine.firmware.FirmwareOutcome;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.testing.FakeProgress;
import org.junit.jupiter.api.Test;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

class NvmeOperationsTest {

    private static byte[] noise() {
        byte[] image = new byte[32 * 512];
        new Random(7).nextBytes(image);
        return image;
    }

    private static boolean all(byte[] image, int value) {
        for (byte b : image) {
            if (b != (byte) value) {
                return false;
            }
        }
        return true;
    }

    private static FirmwareOperation offered(SimulatedNvme drive, FirmwareMethod method) throws IOException {
        return NvmeDrive.probe(drive).offer(method).operation().orElseThrow();
    }

    @Test
    void formatUserDataEraseErasesTheImageAndSaysItKnowsNoProgress() throws IOException {
        byte[] image = noise();
        SimulatedNvme drive = SimulatedNvme.over(image).dlfeat(0b001).build();
        FakeProgress progress = new FakeProgress();
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.NVME_FORMAT_USER_DATA).run(drive, progress);
        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.driveStatus()).isEqualTo("Format NVM completed successfully");
        assertThat(outcome.steps()).containsExactly("Format NVM (opcode 0x80), NSID 1, SES 1 user data erase, LBAF 0,"
                + " MSET 0, PI 0, PIL 0: success");
        assertThat(progress.fractions()).containsExactly(-1.0, 1.0);
        assertThat(all(image, 0)).isTrue();
    }

    @Test
    void formatCryptoEraseLeavesWhatDeallocatedBlocksReadAs() throws IOException {
        byte[] image = noise();
        SimulatedNvme drive = SimulatedNvme.over(image).fna(0b100).dlfeat(0b010).build();
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.NVME_FORMAT_CRYPTO).run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isTrue();
        assertThat(all(image, 0xFF)).isTrue();
    }

    @Test
    void aFormatTheDriveRefusesIsAFailedOutcomeWithItsStatus() throws IOException {
        byte[] image = noise();
        byte[] before = image.clone();
        SimulatedNvme drive = SimulatedNvme.over(image).sanitizeSteps(Integer.MAX_VALUE).build();
        FirmwareOperation format = offered(drive, FirmwareMethod.NVME_FORMAT_USER_DATA);
        drive.nvmeAdmin(Sanitize.erase(Sanitize.Action.CRYPTO_ERASE).command(), new byte[0]);
        FirmwareOutcome outcome = format.run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).isEqualTo("Format NVM failed: status SCT 0 SC 0x1D (Sanitize In Progress)");
        assertThat(image).isEqualTo(before);
    }

    @Test
    void sanitizeBlockEraseReportsTheDrivesProgressUntilItCompletes() throws IOException {
        byte[] image = noise();
        SimulatedNvme drive = SimulatedNvme.over(image).sanitizeSteps(4).dlfeat(0b001).build();
        FakeProgress progress = new FakeProgress();
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.NVME_SANITIZE_BLOCK).run(drive, progress);
        assertThat(outcome.succeeded()).isTrue();
        assertThat(outcome.driveStatus()).isEqualTo("Sanitize Status log: SSTAT 0x0101, the most recent sanitize"
                + " completed successfully; global data erased");
        assertThat(progress.fractions()).containsExactly(0.25, 0.5, 0.75, 1.0);
        assertThat(progress.elapsed()).isEqualTo(Duration.ofSeconds(4));
        assertThat(outcome.steps()).containsExactly(
                "Get Log Page, Sanitize Status (LID 0x81): SSTAT 0x0000, no sanitize has been done",
                "Sanitize (opcode 0x84), SANACT 2 block erase, AUSE 0, NDAS 0, NSID 0: success",
                "Sanitize Status log: SSTAT 0x0101, the most recent sanitize completed successfully; global data erased");
        assertThat(drive.count(NvmeCommands.SANITIZE)).isOne();
        assertThat(all(image, 0)).isTrue();
    }

    @Test
    void sanitizeCryptoEraseOnADriveWithoutDlfeatLeavesNoise() throws IOException {
        byte[] image = new byte[32 * 512];
        SimulatedNvme drive = SimulatedNvme.over(image).dlfeat(0).sanitizeSteps(0).build();
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.NVME_SANITIZE_CRYPTO).run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isTrue();
        assertThat(all(image, 0)).isFalse();
    }

    @Test
    void sanitizeOverwriteWritesItsZeroesAndKeepsThemAllocated() throws IOException {
        byte[] image = noise();
        SimulatedNvme drive = SimulatedNvme.over(image).dlfeat(0b010).build();
        FirmwareOperation overwrite = offered(drive, FirmwareMethod.NVME_SANITIZE_OVERWRITE);
        FirmwareOutcome outcome = overwrite.run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isTrue();
        assertThat(overwrite.command()).isEqualTo("Sanitize (opcode 0x84), SANACT 3 overwrite, AUSE 0, NDAS 1,"
                + " OWPASS 1, OIPBP 0, OVRPAT 0x00000000, NSID 0");
        assertThat(all(image, 0)).isTrue();
    }

    @Test
    void aSanitizeTheDriveReportsFailedIsAFailedOutcome() throws IOException {
        byte[] image = noise();
        byte[] before = image.clone();
        SimulatedNvme drive = SimulatedNvme.over(image).sanitizeSteps(2).sanitizeFails().build();
        FirmwareOutcome outcome = offered(drive, FirmwareMethod.NVME_SANITIZE_CRYPTO).run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isFalse();
        assertThat(outcome.driveStatus()).isEqualTo("Sanitize Status log: SSTAT 0x0003, the most recent sanitize"
                + " failed, so the drive is in sanitize failure mode");
        assertThat(image).isEqualTo(before);
    }

    @Test
    void aPowerLossMidSanitizeIsFollowedToTheEndAsTheDriveResumes() throws IOException {
        byte[] image = noise();
        SimulatedNvme drive = SimulatedNvme.over(image).sanitizeSteps(4).build();
        FirmwareOperation sanitize = offered(drive, FirmwareMethod.NVME_SANITIZE_BLOCK);
        FakeProgress progress = new FakeProgress(n -> {
            if (n == 2) {
                drive.powerCycle();
            }
        });
        FirmwareOutcome outcome = sanitize.run(drive, progress);
        assertThat(drive.powerCycles()).isOne();
        assertThat(outcome.succeeded()).isTrue();
        assertThat(drive.count(NvmeCommands.SANITIZE)).isOne();
        assertThat(progress.fractions()).containsExactly(0.25, 0.5, 0.75, 1.0);
        assertThat(all(image, 0)).isTrue();
    }

    @Test
    void aSanitizeAlreadyInProgressIsFollowedInsteadOfStartedAgain() throws IOException {
        byte[] image = noise();
        SimulatedNvme drive = SimulatedNvme.over(image).sanitizeSteps(4).build();
        FirmwareOperation sanitize = offered(drive, FirmwareMethod.NVME_SANITIZE_BLOCK);
        drive.nvmeAdmin(Sanitize.erase(Sanitize.Action.BLOCK_ERASE).command(), new byte[0]);
        drive.powerCycle();
        FakeProgress progress = new FakeProgress();
        FirmwareOutcome outcome = sanitize.run(drive, progress);
        assertThat(outcome.succeeded()).isTrue();
        assertThat(drive.count(NvmeCommands.SANITIZE)).as("no second sanitize sent").isOne();
        assertThat(progress.statuses().get(0)).isEqualTo("A sanitize was already in progress (a drive resumes an"
                + " interrupted sanitize after power loss), so Blockwipe follows it before sending its own.");
        assertThat(outcome.steps()).last().isEqualTo("Sanitize not sent: the block erase already in progress"
                + " completed it");
        assertThat(all(image, 0)).isTrue();
    }

    @Test
    void aDifferentSanitizeInProgressIsFollowedAndThenItsOwnIsSent() throws IOException {
        SimulatedNvme drive = SimulatedNvme.over(noise()).sanitizeSteps(2).build();
        FirmwareOperation crypto = offered(drive, FirmwareMethod.NVME_SANITIZE_CRYPTO);
        drive.nvmeAdmin(Sanitize.erase(Sanitize.Action.BLOCK_ERASE).command(), new byte[0]);
        FirmwareOutcome outcome = crypto.run(drive, new FakeProgress());
        assertThat(outcome.succeeded()).isTrue();
        assertThat(drive.received()).filteredOn(c -> c.opcode() == NvmeCommands.SANITIZE)
                .extracting(c -> c.cdw10() & 0b111).containsExactly(2, 4);
    }

    @Test
    void afterAFailedSanitizeTheNextOneIsSentAndSaysTheDriveIsInFailureMode() throws IOException {
        byte[] image = noise();
        SimulatedNvme failing = SimulatedNvme.over(image).sanitizeSteps(0).sanitizeFails().build();
        failing.nvmeAdmin(Sanitize.erase(Sanitize.Action.BLOCK_ERASE).command(), new byte[0]);
        FakeProgress progress = new FakeProgress();
        FirmwareOutcome outcome = offered(failing, FirmwareMethod.NVME_SANITIZE_BLOCK).run(failing, progress);
        assertThat(progress.statuses().get(0)).isEqualTo("The last sanitize failed and left the drive in sanitize"
                + " failure mode, which only a new sanitize ends.");
        assertThat(failing.count(NvmeCommands.SANITIZE)).isEqualTo(2);
        assertThat(outcome.succeeded()).isFalse();
    }

    @Test
    void aLogThatNeverChangesIsGivenUpAfterThreeTimesTheEstimate() throws IOException {
        SimulatedNvme drive = SimulatedNvme.over(noise()).sanitizeSteps(Integer.MAX_VALUE).estimates(-1, 3600, -1)
                .build();
        FakeProgress progress = new FakeProgress();
        FirmwareOperation sanitize = offered(drive, FirmwareMethod.NVME_SANITIZE_BLOCK);
        assertThatThrownBy(() -> sanitize.run(drive, progress)).isInstanceOf(IOException.class)
                .hasMessage("the drive still did not report the end of the sanitize after 180 minutes (its own"
                        + " estimate: 60 minutes), so Blockwipe stopped following it");
        assertThat(progress.elapsed()).isEqualTo(Duration.ofHours(3));
    }

    @Test
    void aShortEstimateStillGetsTenMinutes() throws IOException {
        SimulatedNvme drive = SimulatedNvme.over(noise()).sanitizeSteps(Integer.MAX_VALUE).estimates(-1, -1, 2)
                .build();
        FakeProgress progress = new FakeProgress();
        FirmwareOperation sanitize = offered(drive, FirmwareMethod.NVME_SANITIZE_CRYPTO);
        assertThatThrownBy(() -> sanitize.run(drive, progress)).isInstanceOf(IOException.class);
        assertThat(progress.elapsed()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void withoutAnEstimateTheDriveGetsADay() throws IOException {
        SimulatedNvme drive = SimulatedNvme.over(noise()).sanitizeSteps(Integer.MAX_VALUE).build();
        FakeProgress progress = new FakeProgress();
        FirmwareOperation sanitize = offered(drive, FirmwareMethod.NVME_SANITIZE_OVERWRITE);
        assertThatThrownBy(() -> sanitize.run(drive, progress)).isInstanceOf(IOException.class)
                .hasMessageContaining("(it gives no estimate)");
        assertThat(progress.elapsed()).isEqualTo(Duration.ofHours(24));
    }

    @Test
    void aLyingDriveReportsSuccessAndChangesNothingWhichOnlyReadingBackCanTell() throws IOException {
        byte[] image = noise();
        byte[] before = image.clone();
        SimulatedNvme liar = SimulatedNvme.over(image).lies().build();
        for (FirmwareMethod m : new FirmwareMethod[] {FirmwareMethod.NVME_FORMAT_USER_DATA,
                FirmwareMethod.NVME_SANITIZE_BLOCK}) {
            assertThat(offered(liar, m).run(liar, new FakeProgress()).succeeded()).as("%s", m).isTrue();
        }
        assertThat(Arrays.equals(image, before)).isTrue();
    }
}
