package dev.blockwipe.engine.firmware.nvme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.NvmeCommand;
import org.junit.jupiter.api.Test;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;

class NvmeEncodingTest {

    /** A command dword as the submission queue entry carries it: little-endian. */
    private static byte[] le(int dword) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(dword).array();
    }

    private static byte[] bytes(int... b) {
        byte[] out = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = (byte) b[i];
        }
        return out;
    }

    @Test
    void identifyControllerIsOpcode06WithCns1AndNoNamespace() {
        NvmeCommand c = NvmeCommands.identifyController();
        assertThat(c.opcode()).isEqualTo(0x06);
        assertThat(c.nsid()).isZero();
        assertThat(le(c.cdw10())).isEqualTo(bytes(0x01, 0, 0, 0));
        assertThat(new int[] {c.cdw11(), c.cdw12(), c.cdw13(), c.cdw14(), c.cdw15()}).containsOnly(0);
        assertThat(c.dataLength()).isEqualTo(4096);
        assertThat(c.direction()).isEqualTo(DataDirection.FROM_DEVICE);
        assertThat(c.timeout()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void identifyNamespaceIsCns0ForTheNamespaceGiven() {
        NvmeCommand c = NvmeCommands.identifyNamespace(3);
        assertThat(c.opcode()).isEqualTo(0x06);
        assertThat(c.nsid()).isEqualTo(3);
        assertThat(le(c.cdw10())).isEqualTo(bytes(0, 0, 0, 0));
        assertThat(c.dataLength()).isEqualTo(4096);
    }

    @Test
    void sanitizeStatusLogAsksLid81For128DwordsOfTheController() {
        NvmeCommand c = NvmeCommands.sanitizeStatusLog();
        assertThat(c.opcode()).isEqualTo(0x02);
        assertThat(c.nsid()).isEqualTo(0xFFFFFFFF);
        // LID in bits 7:0, LSP and RAE clear, NUMDL = 127 in bits 31:16
        assertThat(le(c.cdw10())).isEqualTo(bytes(0x81, 0x00, 0x7F, 0x00));
        assertThat(le(c.cdw11())).isEqualTo(bytes(0, 0, 0, 0));
        assertThat(c.dataLength()).isEqualTo(512);
        assertThat(c.direction()).isEqualTo(DataDirection.FROM_DEVICE);
        assertThat(c.timeout()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void smartHealthLogAsksLid02() {
        NvmeCommand c = NvmeCommands.smartHealthLog();
        assertThat(le(c.cdw10())).isEqualTo(bytes(0x02, 0x00, 0x7F, 0x00));
        assertThat(c.dataLength()).isEqualTo(512);
    }

    @Test
    void aLogOfMoreThan65536DwordsCarriesTheUpperBitsInNumdu() {
        NvmeCommand c = NvmeCommands.getLogPage(0x07, 0x40000 * 4);
        // 0x40000 dwords - 1 = 0x3FFFF: NUMDL 0xFFFF, NUMDU 0x0003
        assertThat(le(c.cdw10())).isEqualTo(bytes(0x07, 0x00, 0xFF, 0xFF));
        assertThat(le(c.cdw11())).isEqualTo(bytes(0x03, 0x00, 0x00, 0x00));
    }

    @Test
    void aLogPageOfNoWholeDwordIsRefused() {
        assertThatThrownBy(() -> NvmeCommands.getLogPage(0x81, 510)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void formatNvmUserDataEraseOfFormat0IsSes1InBits11To9() {
        FormatNvm f = new FormatNvm(1, 0, false, 0, false, FormatNvm.SecureErase.USER_DATA);
        NvmeCommand c = f.command();
        assertThat(c.opcode()).isEqualTo(0x80);
        assertThat(c.nsid()).isEqualTo(1);
        assertThat(le(c.cdw10())).isEqualTo(bytes(0x00, 0x02, 0x00, 0x00));
        assertThat(c.dataLength()).isZero();
        assertThat(c.direction()).isEqualTo(DataDirection.NONE);
        assertThat(c.timeout()).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void formatNvmPlacesEveryFieldAtItsBits() {
        // LBAF 21 = 0b01_0101: LBAFL 0x5 in bits 3:0, LBAFU 0b01 in bits 13:12; MSET bit 4; PI 1 in bits 7:5;
        // PIL bit 8; SES 2 in bits 11:9
        FormatNvm f = new FormatNvm(7, 21, true, 1, true, FormatNvm.SecureErase.CRYPTO);
        assertThat(le(f.cdw10())).isEqualTo(bytes(0x35, 0x15, 0x00, 0x00));
        assertThat(Integer.toBinaryString(f.cdw10())).isEqualTo("1010100110101");
    }

    @Test
    void formatNvmKeepsTheNamespacesFormatAndProtection() {
        byte[] page = new byte[4096];
        page[25] = 20;
        page[26] = (byte) (0b0101_0110);
        page[29] = 0b1010;
        IdentifyNamespace ns = IdentifyNamespace.parse(page);
        FormatNvm f = FormatNvm.keeping(4, ns, FormatNvm.SecureErase.USER_DATA);
        assertThat(f).isEqualTo(new FormatNvm(4, 0x26, true, 2, true, FormatNvm.SecureErase.USER_DATA));
    }

    @Test
    void formatNvmNamesItsFields() {
        assertThat(new FormatNvm(1, 0, false, 0, false, FormatNvm.SecureErase.USER_DATA).describe())
                .isEqualTo("Format NVM (opcode 0x80), NSID 1, SES 1 user data erase, LBAF 0, MSET 0, PI 0, PIL 0");
    }

    @Test
    void formatNvmRefusesFieldsThatDoNotFit() {
        assertThatThrownBy(() -> new FormatNvm(1, 64, false, 0, false, FormatNvm.SecureErase.USER_DATA))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FormatNvm(1, 0, false, 4, false, FormatNvm.SecureErase.USER_DATA))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sanitizeBlockEraseIsSanact2WithNothingElseAndNsid0() {
        NvmeCommand c = Sanitize.erase(Sanitize.Action.BLOCK_ERASE).command();
        assertThat(c.opcode()).isEqualTo(0x84);
        assertThat(c.nsid()).isZero();
        assertThat(le(c.cdw10())).isEqualTo(bytes(0x02, 0, 0, 0));
        assertThat(c.cdw11()).isZero();
        assertThat(c.direction()).isEqualTo(DataDirection.NONE);
        assertThat(c.timeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void sanitizeCryptoEraseIsSanact4() {
        assertThat(le(Sanitize.erase(Sanitize.Action.CRYPTO_ERASE).cdw10())).isEqualTo(bytes(0x04, 0, 0, 0));
    }

    @Test
    void sanitizeOverwriteCarriesPassesNoDeallocateAndThePatternInCdw11() {
        NvmeCommand c = Sanitize.overwrite(0xA5A5_0000, true).command();
        // SANACT 3, OWPASS 1 in bits 7:4, NDAS bit 9
        assertThat(le(c.cdw10())).isEqualTo(bytes(0x13, 0x02, 0, 0));
        assertThat(le(c.cdw11())).isEqualTo(bytes(0x00, 0x00, 0xA5, 0xA5));
    }

    @Test
    void sanitizePlacesEveryFieldAtItsBits() {
        // SANACT 3 bits 2:0, AUSE bit 3, OWPASS 16 encoded as 0 in bits 7:4, OIPBP bit 8, NDAS bit 9
        assertThat(le(new Sanitize(Sanitize.Action.OVERWRITE, true, 16, true, true, 0).cdw10()))
                .isEqualTo(bytes(0x0B, 0x03, 0, 0));
        assertThat(le(new Sanitize(Sanitize.Action.EXIT_FAILURE_MODE, false, 1, false, false, 0).cdw10()))
                .isEqualTo(bytes(0x01, 0, 0, 0));
        assertThat(new Sanitize(Sanitize.Action.BLOCK_ERASE, false, 3, true, false, 0xFF).command().cdw11())
                .as("a block erase sends no overwrite fields").isZero();
        assertThat(le(new Sanitize(Sanitize.Action.BLOCK_ERASE, false, 3, true, false, 0xFF).cdw10()))
                .isEqualTo(bytes(0x02, 0, 0, 0));
    }

    @Test
    void sanitizeRefusesPassCountsItCannotEncode() {
        assertThatThrownBy(() -> new Sanitize(Sanitize.Action.OVERWRITE, false, 0, false, false, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Sanitize(Sanitize.Action.OVERWRITE, false, 17, false, false, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sanitizeNamesItsFields() {
        assertThat(Sanitize.erase(Sanitize.Action.BLOCK_ERASE).describe())
                .isEqualTo("Sanitize (opcode 0x84), SANACT 2 block erase, AUSE 0, NDAS 0, NSID 0");
        assertThat(Sanitize.overwrite(0, true).describe()).isEqualTo("Sanitize (opcode 0x84), SANACT 3 overwrite,"
                + " AUSE 0, NDAS 1, OWPASS 1, OIPBP 0, OVRPAT 0x00000000, NSID 0");
    }
}
