package dev.blockwipe.engine.firmware.nvme;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.firmware.NvmeCompletion;
import dev.blockwipe.engine.method.Pattern;
import org.junit.jupiter.api.Test;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The parsers against pages built here by hand, byte by byte, from the specification's layouts. */
class NvmeParsingTest {

    private static ByteBuffer page(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static void ascii(ByteBuffer b, int offset, String padded) {
        byte[] text = padded.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < text.length; i++) {
            b.put(offset + i, text[i]);
        }
    }

    /** Identify Controller as QEMU's emulated controller answers it: Format NVM, no FNA bits, no sanitize. */
    static byte[] qemuIdentifyController() {
        ByteBuffer b = page(4096);
        b.putShort(0, (short) 0x1B36);
        ascii(b, 4, "deadbeef            ");
        ascii(b, 24, "QEMU NVMe Ctrl                          ");
        ascii(b, 64, "8.2.2   ");
        b.putShort(256, (short) 0x000A);
        b.putInt(328, 0);
        b.put(524, (byte) 0);
        return b.array();
    }

    @Test
    void identifyControllerReadsNamesAndCapabilitiesAtTheirOffsets() {
        ByteBuffer b = page(4096);
        b.putShort(0, (short) 0x144D);
        ascii(b, 4, "S4EWNX0R123456      ");
        ascii(b, 24, "Samsung SSD 980 PRO 1TB                 ");
        ascii(b, 64, "5B2QGXA7");
        b.putShort(256, (short) 0x0017);
        b.putInt(328, 0x6000_0003);
        b.put(524, (byte) 0x04);
        IdentifyController c = IdentifyController.parse(b.array());
        assertThat(c).isEqualTo(new IdentifyController(0x144D, "S4EWNX0R123456", "Samsung SSD 980 PRO 1TB", "5B2QGXA7",
                0x0017, 0x6000_0003, 0x04));
        assertThat(c.formatNvm()).isTrue();
        assertThat(c.formatCryptoErase()).isTrue();
        assertThat(c.formatErasesAllNamespaces()).isFalse();
        assertThat(c.sanitize(Sanitize.Action.CRYPTO_ERASE)).isTrue();
        assertThat(c.sanitize(Sanitize.Action.BLOCK_ERASE)).isTrue();
        assertThat(c.sanitize(Sanitize.Action.OVERWRITE)).isFalse();
        assertThat(c.noDeallocateInhibited()).isTrue();
    }

    @Test
    void qemuClaimsFormatNvmButNeitherCryptoEraseNorSanitize() {
        IdentifyController c = IdentifyController.parse(qemuIdentifyController());
        assertThat(c.model()).isEqualTo("QEMU NVMe Ctrl");
        assertThat(c.serial()).isEqualTo("deadbeef");
        assertThat(c.firmware()).isEqualTo("8.2.2");
        assertThat(c.formatNvm()).isTrue();
        assertThat(c.formatCryptoErase()).isFalse();
        assertThat(c.anySanitize()).isFalse();
    }

    @Test
    void fnaBit0Or1MeansTheFormatErasesEveryNamespace() {
        for (int fna : new int[] {0b001, 0b010, 0b011}) {
            ByteBuffer b = page(4096);
            b.put(524, (byte) fna);
            assertThat(IdentifyController.parse(b.array()).formatErasesAllNamespaces()).as("FNA %d", fna).isTrue();
        }
    }

    @Test
    void identifyNamespaceReadsSizeFormatProtectionAndDeallocatedReads() {
        ByteBuffer b = page(4096);
        b.putLong(0, 1_953_525_168L);
        b.put(25, (byte) 1);
        b.put(26, (byte) 0x01);
        b.put(29, (byte) 0x00);
        b.put(33, (byte) 0b0000_1001);
        b.putInt(128, 9 << 16 | 2 << 24);
        b.putInt(132, 12 << 16);
        IdentifyNamespace ns = IdentifyNamespace.parse(b.array());
        assertThat(ns.blocks()).isEqualTo(1_953_525_168L);
        assertThat(ns.blockSizes()).containsExactly(512, 4096);
        assertThat(ns.formatIndex()).isEqualTo(1);
        assertThat(ns.blockSize()).isEqualTo(4096);
        assertThat(ns.extendedMetadata()).isFalse();
        assertThat(ns.protectionType()).isZero();
        assertThat(ns.deallocatedReadsAs()).contains(Pattern.Repeating.of(0x00));
    }

    @Test
    void dlfeatSaysWhatDeallocatedBlocksReadAs() {
        assertThat(dlfeat(0b010)).contains(Pattern.Repeating.of(0xFF));
        assertThat(dlfeat(0b000)).isEmpty();
        assertThat(dlfeat(0b011)).as("reserved").isEmpty();
    }

    private static Optional<Pattern> dlfeat(int value) {
        byte[] page = new byte[4096];
        page[33] = (byte) value;
        return IdentifyNamespace.parse(page).deallocatedReadsAs();
    }

    @Test
    void sanitizeStatusReadsProgressStateAndEstimates() {
        ByteBuffer b = page(512);
        b.putShort(0, (short) 0x8000);
        b.putShort(2, (short) 0x0002);
        b.putInt(4, 0x0000_0002);
        b.putInt(8, 0xFFFF_FFFF);
        b.putInt(12, 120);
        b.putInt(16, 5);
        SanitizeStatus s = SanitizeStatus.parse(b.array());
        assertThat(s.state()).isEqualTo(SanitizeStatus.State.IN_PROGRESS);
        assertThat(s.fraction()).isEqualTo(0.5);
        assertThat(s.lastAction()).contains(Sanitize.Action.BLOCK_ERASE);
        assertThat(s.estimate(Sanitize.Action.OVERWRITE)).isEmpty();
        assertThat(s.estimate(Sanitize.Action.BLOCK_ERASE)).contains(Duration.ofSeconds(120));
        assertThat(s.estimate(Sanitize.Action.CRYPTO_ERASE)).contains(Duration.ofSeconds(5));
        assertThat(s.describe()).isEqualTo("SSTAT 0x0002, a sanitize is in progress (50% done)");
    }

    @Test
    void sanitizeStatusReadsPassesAndGlobalDataErased() {
        ByteBuffer b = page(512);
        b.putShort(2, (short) (1 << 8 | 3 << 3 | 1));
        SanitizeStatus s = SanitizeStatus.parse(b.array());
        assertThat(s.state()).isEqualTo(SanitizeStatus.State.COMPLETED);
        assertThat(s.overwritePassesCompleted()).isEqualTo(3);
        assertThat(s.globalDataErased()).isTrue();
        assertThat(s.describe()).isEqualTo("SSTAT 0x0119, the most recent sanitize completed successfully;"
                + " global data erased");
    }

    @Test
    void sanitizeStatesFollowSstatBits2To0() {
        assertThat(List.of(0, 1, 2, 3, 4, 5)).extracting(v -> sstat(v).state()).containsExactly(
                SanitizeStatus.State.NEVER, SanitizeStatus.State.COMPLETED, SanitizeStatus.State.IN_PROGRESS,
                SanitizeStatus.State.FAILED, SanitizeStatus.State.COMPLETED_DEALLOCATED, SanitizeStatus.State.RESERVED);
        assertThat(sstat(4).state().completed()).isTrue();
        assertThat(sstat(3).state().completed()).isFalse();
    }

    private static SanitizeStatus sstat(int value) {
        ByteBuffer b = page(512);
        b.putShort(2, (short) value);
        return SanitizeStatus.parse(b.array());
    }

    @Test
    void smartHealthReadsWarningWearErrorsAndHours() {
        ByteBuffer b = page(512);
        b.put(0, (byte) 0x04);
        b.put(5, (byte) 17);
        b.putLong(128, 8_760);
        b.putLong(160, 2);
        SmartHealth h = SmartHealth.parse(b.array());
        assertThat(h).isEqualTo(new SmartHealth(0x04, 17, 8_760, 2));
        assertThat(h.describe()).isEqualTo("SMART/health: critical warning 0x04, 17% used, 2 media errors,"
                + " 8760 power-on hours");
    }

    @Test
    void statusesAreNamedWhereKnown() {
        assertThat(NvmeStatus.describe(NvmeCompletion.SUCCESS)).isEqualTo("success");
        assertThat(NvmeStatus.describe(new NvmeCompletion(0x4002, 0)))
                .isEqualTo("SCT 0 SC 0x02 (Invalid Field in Command)");
        assertThat(NvmeStatus.describe(new NvmeCompletion(0x010A, 0))).isEqualTo("SCT 1 SC 0x0A (Invalid Format)");
        assertThat(NvmeStatus.describe(new NvmeCompletion(0x0281, 0))).isEqualTo("SCT 2 SC 0x81");
    }
}
