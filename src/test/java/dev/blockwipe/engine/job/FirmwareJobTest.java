package dev.blockwipe.engine.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.firmware.ata.SimulatedAta;
import dev.blockwipe.engine.firmware.nvme.NvmeCommands;
import dev.blockwipe.engine.firmware.nvme.SimulatedNvme;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.NistClass;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.engine.verify.VerifyResult;
import dev.blockwipe.testing.MemoryTarget;
import org.junit.jupiter.api.Test;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A firmware method as a job, on a simulated NVMe drive over the target's own bytes: the drive's
 * word is taken only with the canaries, and with the read-back where the drive defines what its
 * blocks read as; Purge only when all agree.
 */
class FirmwareJobTest {
    private static final int SIZE = 8 << 20;

    private static MemoryTarget drive(java.util.function.UnaryOperator<SimulatedNvme.Builder> settings) {
        MemoryTarget target = new MemoryTarget(SIZE);
        new Random(7).nextBytes(target.data());
        return target.withCommands(settings.apply(SimulatedNvme.over(target.data()).sanitizeSteps(0)).build());
    }

    private static WipeResult run(MemoryTarget target, String method) throws Exception {
        return new WipeJob(WipeRequest.of(WipeMethods.byName(method).orElseThrow()), Keystreams.JCE)
                .run(target, e -> { }, new CancelToken());
    }

    @Test
    void aFormatWhoseBlocksReadAsZeroesIsReadBackAndCertifiedPurge() throws Exception {
        MemoryTarget target = drive(b -> b.dlfeat(1));

        WipeResult r = run(target, "nvme-format-user-data");

        assertThat(r.state()).as(r.errors().toString()).isEqualTo(FinalState.ERASED);
        assertThat(r.nist()).isEqualTo(NistClass.PURGE);
        assertThat(r.firmware().command()).contains("Format NVM (opcode 0x80)", "SES 1");
        assertThat(r.firmware().canaries().planted()).hasSize(Canaries.COUNT);
        assertThat(r.firmware().canaries().allChanged()).isTrue();
        assertThat(r.firmware().canaries().planted().get(0).offset()).isZero();
        assertThat(r.firmware().canaries().planted().get(Canaries.COUNT - 1).offset()).isEqualTo(SIZE - 4096);
        assertThat(r.verification().bytesVerified()).isEqualTo(SIZE);
        assertThat(target.data()).containsOnly(0);
    }

    @Test
    void everyReadBackAskedForChecksWhatTheDriveDefines() throws Exception {
        for (Verification mode : List.of(new Verification.All(), new Verification.Sample(10))) {
            MemoryTarget target = drive(b -> b.dlfeat(1));

            WipeResult r = new WipeJob(WipeRequest.of(WipeMethods.byName("nvme-format-user-data").orElseThrow())
                    .withVerification(mode), Keystreams.JCE).run(target, e -> { }, new CancelToken());

            assertThat(r.state()).as(mode.text()).isEqualTo(FinalState.ERASED);
            assertThat(r.verifications()).as(mode.text()).hasSize(1).allMatch(VerifyResult::passed);
        }
    }

    @Test
    void aCryptoEraseWhoseBlocksReadAsNothingDefinedIsPurgedByTheDriveAndNotCalledErased() throws Exception {
        MemoryTarget target = drive(b -> b.dlfeat(0));

        WipeResult r = run(target, "nvme-sanitize-crypto");

        assertThat(r.state()).isEqualTo(FinalState.PURGED);
        assertThat(r.nist()).isEqualTo(NistClass.PURGE);
        assertThat(r.verification()).as("nothing defined to read back").isNull();
        assertThat(r.firmware().readsAs()).contains("not defined");
        assertThat(r.firmware().outcome().succeeded()).isTrue();
    }

    @Test
    void aDriveThatSaysSuccessAndErasesNothingIsCaughtByItsCanaries() throws Exception {
        MemoryTarget target = drive(b -> b.lies());

        WipeResult r = run(target, "nvme-sanitize-block");

        assertThat(r.state()).isEqualTo(FinalState.VERIFY_FAILED);
        assertThat(r.nist()).isEqualTo(NistClass.NONE);
        assertThat(r.firmware().outcome().succeeded()).as("the drive's word").isTrue();
        assertThat(r.firmware().canaries().changed()).isZero();
        assertThat(r.warnings()).anyMatch(w -> w.contains("64 of 64 canaries read back unchanged"));
    }

    @Test
    void aSanitizeTheDriveReportsFailedFailsTheJobWithTheDrivesStatus() throws Exception {
        MemoryTarget target = drive(b -> b.sanitizeFails());

        WipeResult r = run(target, "nvme-sanitize-block");

        assertThat(r.state()).isEqualTo(FinalState.FAILED);
        assertThat(r.nist()).isEqualTo(NistClass.NONE);
        assertThat(r.errors().get(0)).contains("the drive reported that the erase failed");
        assertThat(r.firmware().outcome().succeeded()).isFalse();
    }

    @Test
    void aMethodTheDriveDoesNotOfferIsRefusedWithItsReasonBeforeAnythingIsWritten() {
        MemoryTarget target = drive(b -> b.sanicap(0).fna(0));
        byte[] before = target.data().clone();
        SimulatedNvme nvme = (SimulatedNvme) target.commands();

        assertThatThrownBy(() -> run(target, "nvme-sanitize-block")).isInstanceOf(OperationNotSupportedException.class)
                .hasMessageContaining("nvme-sanitize-block: not supported by this device: ")
                .hasMessageContaining("SANICAP");
        assertThatThrownBy(() -> run(target, "nvme-format-crypto")).isInstanceOf(OperationNotSupportedException.class)
                .hasMessageContaining("FNA");
        assertThat(target.data()).isEqualTo(before);
        assertThat(nvme.count(NvmeCommands.SANITIZE) + nvme.count(NvmeCommands.FORMAT_NVM)).isZero();
    }

    /** A sanitize, and a format that applies to all namespaces, would erase namespaces nobody confirmed. */
    @Test
    void aControllerWithAnotherNamespaceOffersNoErasureThatReachesIt() {
        MemoryTarget target = drive(b -> b.namespaces(1, 2).fna(0x01));

        assertThatThrownBy(() -> run(target, "nvme-sanitize-block")).isInstanceOf(OperationNotSupportedException.class)
                .hasMessageContaining("sanitize erases every namespace of the NVM subsystem, and the controller has 2"
                        + " active namespaces (1, 2)");
        assertThatThrownBy(() -> run(target, "nvme-format-user-data")).isInstanceOf(OperationNotSupportedException.class)
                .hasMessageContaining("erases every namespace (FNA 0x01)");
    }

    @Test
    void anAtaSecurityEraseWritesZeroesThatAreReadBackAndLeavesNoPassword() throws Exception {
        MemoryTarget target = new MemoryTarget(SIZE);
        new Random(3).nextBytes(target.data());
        SimulatedAta ata = SimulatedAta.ssd(target.data());
        target.withCommands(ata);

        WipeResult r = run(target, "ata-secure-erase");

        assertThat(r.state()).as(r.errors().toString()).isEqualTo(FinalState.ERASED);
        assertThat(r.nist()).isEqualTo(NistClass.PURGE);
        assertThat(r.firmware().outcome().steps()).anyMatch(s -> s.contains("SECURITY SET PASSWORD"))
                .anyMatch(s -> s.contains("SECURITY ERASE UNIT"));
        assertThat(ata.passwordSet()).as("the temporary password is gone").isFalse();
        assertThat(target.data()).containsOnly(0);
    }

    @Test
    void aFrozenDrivesSecurityEraseIsRefusedWithTheWayOut() {
        MemoryTarget target = new MemoryTarget(SIZE);
        target.withCommands(SimulatedAta.ssd(target.data()).securityFrozen());

        assertThatThrownBy(() -> run(target, "ata-secure-erase")).isInstanceOf(OperationNotSupportedException.class)
                .hasMessageContaining("frozen").hasMessageContaining("suspend");
    }

    @Test
    void anOverwriteOfADriveWithAHostProtectedAreaSaysItDidNotReachIt() throws Exception {
        MemoryTarget target = new MemoryTarget(SIZE);
        target.withCommands(SimulatedAta.ssd(target.data()).hostProtectedArea(2048));

        WipeResult r = run(target, "zero");

        assertThat(r.state()).isEqualTo(FinalState.ERASED);
        assertThat(r.warnings()).anyMatch(w -> w.startsWith("the drive hides 2048 sectors beyond sector "
                + (SIZE / 512 - 2048)));
    }

    @Test
    void aPartitionOrADeviceWithoutDriveCommandsIsRefused() {
        MemoryTarget partition = new MemoryTarget(SIZE, 512, 4096, 1 << 20, false);
        MemoryTarget loop = new MemoryTarget(SIZE);

        assertThatThrownBy(() -> run(partition, "nvme-format-user-data")).isInstanceOf(OperationNotSupportedException.class)
                .hasMessageContaining("a firmware erase erases the whole drive");
        assertThatThrownBy(() -> run(loop, "ata-secure-erase")).isInstanceOf(OperationNotSupportedException.class)
                .hasMessageContaining("takes no drive commands");
        assertThat(Arrays.equals(loop.data(), new byte[SIZE])).isTrue();
    }
}
