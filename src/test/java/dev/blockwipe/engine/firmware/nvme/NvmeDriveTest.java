package dev.blockwipe.engine.firmware.nvme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.firmware.CommandSet;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Drives;
import dev.blockwipe.engine.firmware.NvmeCommand;
import dev.blockwipe.engine.firmware.NvmeCompletion;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.firmware.ScsiCommand;
import dev.blockwipe.engine.firmware.ScsiResult;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

class NvmeDriveTest {
    private static final byte[] IMAGE = new byte[64 * 512];

    private static DriveReport probe(SimulatedNvme.Builder drive) throws IOException {
        return NvmeDrive.probe(drive.build());
    }

    @Test
    void qemuOffersFormatUserDataEraseAndNothingItDoesNotClaim() throws IOException {
        DriveReport r = probe(SimulatedNvme.over(IMAGE).model("QEMU NVMe Ctrl").oacs(0x000A).fna(0).sanicap(0)
                .formatsCryptoUnclaimed());
        assertThat(r.commandSet()).isEqualTo("NVMe");
        assertThat(r.model()).isEqualTo("QEMU NVMe Ctrl");
        assertThat(r.available()).extracting(Offer::method).containsExactly(FirmwareMethod.NVME_FORMAT_USER_DATA);
        assertThat(r.offer(FirmwareMethod.NVME_FORMAT_CRYPTO).reason())
                .isEqualTo("the controller does not support crypto erase in Format NVM (FNA bit 2 clear)");
        assertThat(r.offer(FirmwareMethod.NVME_SANITIZE_BLOCK).reason())
                .isEqualTo("the controller reports no sanitize support (SANICAP 0x00000000)");
        assertThat(r.offer(FirmwareMethod.NVME_SANITIZE_CRYPTO).available()).isFalse();
        assertThat(r.offer(FirmwareMethod.NVME_SANITIZE_OVERWRITE).available()).isFalse();
        assertThat(r.offer(FirmwareMethod.ATA_SECURE_ERASE).reason()).isEqualTo("not ATA: the drive takes NVMe commands");
        assertThat(r.facts()).contains("Format NVM: supported (user data erase; crypto erase: no); applies to:"
                + " this namespace", "Sanitize: not supported");
    }

    @ParameterizedTest
    @ValueSource(ints = {0b000, 0b001, 0b010, 0b011, 0b1000, 0b1011})
    void neverOffersFormatCryptoWhenFnaBit2IsClear(int fna) throws IOException {
        DriveReport r = probe(SimulatedNvme.over(IMAGE).fna(fna).formatsCryptoUnclaimed());
        assertThat(r.offer(FirmwareMethod.NVME_FORMAT_CRYPTO).available()).isFalse();
        assertThat(r.offer(FirmwareMethod.NVME_FORMAT_CRYPTO).operation()).isEmpty();
    }

    @Test
    void aControllerWithEverythingOffersAllFiveWithTheirCommandsAndEstimates() throws IOException {
        DriveReport r = probe(SimulatedNvme.over(IMAGE).model("Fast SSD").serial("S1").firmware("2.1").fna(0b100)
                .sanicap(0b111).dlfeat(0b001).estimates(7200, 600, 2).nsid(1));
        assertThat(r.available()).extracting(Offer::method).containsExactlyInAnyOrder(
                FirmwareMethod.NVME_FORMAT_USER_DATA, FirmwareMethod.NVME_FORMAT_CRYPTO,
                FirmwareMethod.NVME_SANITIZE_BLOCK, FirmwareMethod.NVME_SANITIZE_CRYPTO,
                FirmwareMethod.NVME_SANITIZE_OVERWRITE);
        assertThat(r.offer(FirmwareMethod.NVME_FORMAT_USER_DATA).operation().orElseThrow().command())
                .isEqualTo("Format NVM (opcode 0x80), NSID 1, SES 1 user data erase, LBAF 0, MSET 0, PI 0, PIL 0");
        assertThat(r.offer(FirmwareMethod.NVME_FORMAT_USER_DATA).reason())
                .isEqualTo("Format NVM, user data erase: erases namespace 1");
        assertThat(r.offer(FirmwareMethod.NVME_SANITIZE_BLOCK).operation().orElseThrow().command())
                .isEqualTo("Sanitize (opcode 0x84), SANACT 2 block erase, AUSE 0, NDAS 0, NSID 0");
        assertThat(r.offer(FirmwareMethod.NVME_SANITIZE_BLOCK).estimate()).contains(Duration.ofMinutes(10));
        assertThat(r.offer(FirmwareMethod.NVME_SANITIZE_CRYPTO).estimate()).contains(Duration.ofSeconds(2));
        assertThat(r.offer(FirmwareMethod.NVME_SANITIZE_OVERWRITE).estimate()).contains(Duration.ofHours(2));
        assertThat(r.offers()).filteredOn(Offer::available).allMatch(o -> o.readsAs().equals(
                Optional.of(Pattern.Repeating.of(0x00))));
        assertThat(r.facts()).containsExactly(
                "Controller: Fast SSD, serial S1, firmware 2.1, PCI vendor 0x1B36",
                "Format NVM: supported (user data erase; crypto erase: yes); applies to: this namespace",
                "Sanitize: block erase, crypto erase, overwrite",
                "Last sanitize: SSTAT 0x0000, no sanitize has been done",
                "SMART/health: critical warning 0x00, 3% used, 0 media errors, 1234 power-on hours",
                "Namespace 1: 64 blocks of 512 bytes, LBA format 0 of 1; deallocated blocks read as 0x00",
                "Active namespaces: 1");
    }

    @Test
    void aFormatThatReachesEveryNamespaceSaysSo() throws IOException {
        DriveReport r = probe(SimulatedNvme.over(IMAGE).fna(0b110));
        assertThat(r.offer(FirmwareMethod.NVME_FORMAT_CRYPTO).reason())
                .isEqualTo("Format NVM, crypto erase: erases every namespace of the controller (FNA 0x06)");
        assertThat(r.facts()).contains("Format NVM: supported (user data erase; crypto erase: yes); applies to:"
                + " all namespaces");
    }

    @Test
    void eachSanitizeActionIsOfferedOnlyWithItsSanicapBit() throws IOException {
        DriveReport r = probe(SimulatedNvme.over(IMAGE).sanicap(0b001));
        assertThat(r.offer(FirmwareMethod.NVME_SANITIZE_CRYPTO).available()).isTrue();
        assertThat(r.offer(FirmwareMethod.NVME_SANITIZE_BLOCK).reason())
                .isEqualTo("the controller does not support sanitize block erase (SANICAP 0x00000001)");
        assertThat(r.offer(FirmwareMethod.NVME_SANITIZE_OVERWRITE).available()).isFalse();
        assertThat(r.facts()).contains("Sanitize: crypto erase; no block erase, no overwrite");
    }

    @Test
    void withoutFormatNvmInOacsNoFormatIsOffered() throws IOException {
        DriveReport r = probe(SimulatedNvme.over(IMAGE).oacs(0));
        assertThat(r.offer(FirmwareMethod.NVME_FORMAT_USER_DATA).reason())
                .isEqualTo("the controller does not support Format NVM (OACS 0x0000, bit 1 clear)");
        assertThat(r.offer(FirmwareMethod.NVME_FORMAT_CRYPTO).available()).isFalse();
        assertThat(r.facts()).contains("Format NVM: not supported");
    }

    @Test
    void whatErasedBlocksReadAsFollowsDlfeat() throws IOException {
        DriveReport ff = probe(SimulatedNvme.over(IMAGE).dlfeat(0b010));
        assertThat(ff.offer(FirmwareMethod.NVME_FORMAT_USER_DATA).readsAs()).contains(Pattern.Repeating.of(0xFF));
        assertThat(ff.offer(FirmwareMethod.NVME_SANITIZE_BLOCK).readsAs()).contains(Pattern.Repeating.of(0xFF));
        assertThat(ff.offer(FirmwareMethod.NVME_SANITIZE_OVERWRITE).readsAs())
                .as("the overwrite keeps its zeroes allocated").contains(Pattern.Repeating.of(0x00));
        DriveReport undefined = probe(SimulatedNvme.over(IMAGE).dlfeat(0));
        assertThat(undefined.offer(FirmwareMethod.NVME_FORMAT_USER_DATA).readsAs()).isEmpty();
        assertThat(undefined.offer(FirmwareMethod.NVME_SANITIZE_CRYPTO).readsAs()).isEmpty();
    }

    @Test
    void anOverwriteOnADriveThatMayDeallocateAnywayReadsAsZeroesOnlyWhenDlfeatSaysSo() throws IOException {
        int ndi = 1 << 29 | 0b111;
        DriveReport zero = probe(SimulatedNvme.over(IMAGE).sanicap(ndi).dlfeat(0b001));
        assertThat(zero.offer(FirmwareMethod.NVME_SANITIZE_OVERWRITE).operation().orElseThrow().command())
                .contains("NDAS 0");
        assertThat(zero.offer(FirmwareMethod.NVME_SANITIZE_OVERWRITE).readsAs()).contains(Pattern.Repeating.of(0));
        DriveReport ff = probe(SimulatedNvme.over(IMAGE).sanicap(ndi).dlfeat(0b010));
        assertThat(ff.offer(FirmwareMethod.NVME_SANITIZE_OVERWRITE).readsAs()).isEmpty();
    }

    @Test
    void identifyNamespaceAndFormatNameTheNamespaceTheTargetIsOpenOn() throws IOException {
        SimulatedNvme drive = SimulatedNvme.over(IMAGE).nsid(3).build();
        DriveReport r = NvmeDrive.probe(drive);
        assertThat(drive.received()).filteredOn(c -> c.opcode() == 0x06 && c.cdw10() == 0)
                .extracting(NvmeCommand::nsid).containsExactly(3);
        assertThat(r.offer(FirmwareMethod.NVME_FORMAT_USER_DATA).operation().orElseThrow().command())
                .startsWith("Format NVM (opcode 0x80), NSID 3,");
        assertThat(r.facts()).anyMatch(f -> f.startsWith("Namespace 3: 64 blocks"));
    }

    @Test
    void noSmartLogMeansNoSmartLine() throws IOException {
        assertThat(probe(SimulatedNvme.over(IMAGE).noSmartLog()).facts()).noneMatch(f -> f.startsWith("SMART"));
    }

    @Test
    void theLastSanitizeIsAFact() throws IOException {
        SimulatedNvme drive = SimulatedNvme.over(IMAGE).sanitizeSteps(0).sanitizeFails().build();
        drive.nvmeAdmin(Sanitize.erase(Sanitize.Action.BLOCK_ERASE).command(), new byte[0]);
        assertThat(NvmeDrive.probe(drive).facts()).contains("Last sanitize: SSTAT 0x0003, the most recent sanitize"
                + " failed, so the drive is in sanitize failure mode");
    }

    @Test
    void aDescriptorWithoutANamespaceIsNoNvmeDrive() {
        DeviceCommands noNamespace = new DeviceCommands() {
            @Override
            public CommandSet commandSet() {
                return CommandSet.NVME;
            }

            @Override
            public NvmeCompletion nvmeAdmin(NvmeCommand command, byte[] data) {
                return NvmeCompletion.SUCCESS;
            }

            @Override
            public ScsiResult scsi(ScsiCommand command, byte[] data) throws IOException {
                throw new IOException("no SCSI");
            }
        };
        assertThatThrownBy(() -> NvmeDrive.probe(noNamespace)).isInstanceOf(IOException.class)
                .hasMessage("no NVMe namespace");
        assertThat(Drives.probe(noNamespace).available()).isEmpty();
    }

    @Test
    void anIdentifyTheDriveRefusesEndsTheProbeWithItsStatus() {
        SimulatedNvme drive = SimulatedNvme.over(IMAGE).build();
        DeviceCommands refusing = new DeviceCommands() {
            @Override
            public CommandSet commandSet() {
                return CommandSet.NVME;
            }

            @Override
            public int namespaceId() {
                return 9;
            }

            @Override
            public NvmeCompletion nvmeAdmin(NvmeCommand command, byte[] data) {
                return drive.nvmeAdmin(command, data);
            }

            @Override
            public ScsiResult scsi(ScsiCommand command, byte[] data) throws IOException {
                throw new IOException("no SCSI");
            }
        };
        assertThatThrownBy(() -> NvmeDrive.probe(refusing)).isInstanceOf(IOException.class)
                .hasMessage("Identify Namespace 9 failed: status SCT 0 SC 0x0B (Invalid Namespace or Format)");
    }
}
