package dev.blockwipe.engine.firmware.scsi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.ScsiCommand;
import org.junit.jupiter.api.Test;

class ScsiCommandsTest {

    @Test
    void inquiryAsksForNinetySixBytesOfStandardData() {
        ScsiCommand c = ScsiCommands.inquiry();
        assertThat(c.cdb()).containsExactly(bytes(0x12, 0x00, 0x00, 0x00, 0x60, 0x00));
        assertThat(c.direction()).isEqualTo(DataDirection.FROM_DEVICE);
        assertThat(c.dataLength()).isEqualTo(96);
    }

    @Test
    void unitSerialNumberSetsEvpdAndAsksForPage80() {
        ScsiCommand c = ScsiCommands.unitSerialNumber();
        assertThat(c.cdb()).containsExactly(bytes(0x12, 0x01, 0x80, 0x00, 0xFC, 0x00));
        assertThat(c.direction()).isEqualTo(DataDirection.FROM_DEVICE);
        assertThat(c.dataLength()).isEqualTo(252);
    }

    @Test
    void reportSupportAsksAboutOneCommandWithItsServiceAction() {
        ScsiCommand c = ScsiCommands.reportSupport(0x48, 0x03);
        assertThat(c.cdb()).containsExactly(bytes(0xA3, 0x0C, 0x02, 0x48, 0x00, 0x03, 0x00, 0x00, 0x00, 0x40, 0x00,
                0x00));
        assertThat(c.direction()).isEqualTo(DataDirection.FROM_DEVICE);
        assertThat(c.dataLength()).isEqualTo(64);
    }

    @Test
    void reportSupportPutsATwoByteServiceActionBigEndian() {
        assertThat(ScsiCommands.reportSupport(0x9E, 0x1F10).cdb()).startsWith(bytes(0xA3, 0x0C, 0x02, 0x9E, 0x1F,
                0x10));
    }

    @Test
    void blockEraseAndCryptoEraseSetImmedAndSendNoParameterList() {
        ScsiCommand block = ScsiCommands.sanitize(SanitizeAction.BLOCK_ERASE, 0);
        assertThat(block.cdb()).containsExactly(bytes(0x48, 0x82, 0, 0, 0, 0, 0, 0x00, 0x00, 0));
        assertThat(block.direction()).isEqualTo(DataDirection.NONE);
        assertThat(block.dataLength()).isZero();
        assertThat(ScsiCommands.sanitize(SanitizeAction.CRYPTOGRAPHIC_ERASE, 0).cdb())
                .containsExactly(bytes(0x48, 0x83, 0, 0, 0, 0, 0, 0x00, 0x00, 0));
    }

    @Test
    void overwriteCarriesItsParameterListLengthInBytesSevenAndEight() {
        ScsiCommand c = ScsiCommands.sanitize(SanitizeAction.OVERWRITE, 0x0104);
        assertThat(c.cdb()).containsExactly(bytes(0x48, 0x81, 0, 0, 0, 0, 0, 0x01, 0x04, 0));
        assertThat(c.direction()).isEqualTo(DataDirection.TO_DEVICE);
        assertThat(c.dataLength()).isEqualTo(0x0104);
    }

    @Test
    void overwriteParametersOfOnePassOfFourZeroBytes() {
        assertThat(ScsiCommands.overwriteParameters(1, false, new byte[4]))
                .containsExactly(bytes(0x01, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00));
    }

    @Test
    void overwriteParametersPutInvertInBitSevenAndTheCountInBitsFourToZero() {
        assertThat(ScsiCommands.overwriteParameters(31, true, bytes(0xDE, 0xAD)))
                .containsExactly(bytes(0x9F, 0x00, 0x00, 0x02, 0xDE, 0xAD));
    }

    @Test
    void overwriteParametersPutTheLengthOfALongPatternBigEndian() {
        byte[] list = ScsiCommands.overwriteParameters(3, false, new byte[300]);
        assertThat(list).hasSize(304).startsWith(bytes(0x03, 0x00, 0x01, 0x2C));
    }

    @Test
    void overwriteParametersRefuseACountOutsideOneToThirtyOneAndAnEmptyPattern() {
        assertThatThrownBy(() -> ScsiCommands.overwriteParameters(0, false, new byte[4]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ScsiCommands.overwriteParameters(32, false, new byte[4]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ScsiCommands.overwriteParameters(1, false, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void requestSenseAsksForFixedFormatSenseOf252Bytes() {
        ScsiCommand c = ScsiCommands.requestSense();
        assertThat(c.cdb()).containsExactly(bytes(0x03, 0x00, 0x00, 0x00, 0xFC, 0x00));
        assertThat(c.direction()).isEqualTo(DataDirection.FROM_DEVICE);
        assertThat(c.dataLength()).isEqualTo(252);
    }

    @Test
    void testUnitReadyIsSixZeroBytesAndMovesNoData() {
        ScsiCommand c = ScsiCommands.testUnitReady();
        assertThat(c.cdb()).containsExactly(new byte[6]);
        assertThat(c.direction()).isEqualTo(DataDirection.NONE);
    }

    static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }
}
