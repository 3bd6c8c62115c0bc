package dev.blockwipe.engine.firmware.ata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.ScsiCommand;
import org.junit.jupiter.api.Test;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;

/** Every CDB byte for byte against SAT-4's ATA PASS-THROUGH (16) layout, and the password blocks. */
class AtaCommandTest {

    private static byte[] hex(String bytes) {
        return HexFormat.ofDelimiter(" ").parseHex(bytes);
    }

    @Test
    void identifyDeviceIsOneBlockOfPioDataIn() {
        ScsiCommand c = AtaCommand.identifyDevice().toScsi();
        // protocol 4 << 1; T_DIR, BYT_BLOK, T_LENGTH 2 (COUNT); COUNT 1; command 0xEC
        assertThat(c.cdb()).isEqualTo(hex("85 08 0e 00 00 00 01 00 00 00 00 00 00 00 ec 00"));
        assertThat(c.direction()).isEqualTo(DataDirection.FROM_DEVICE);
        assertThat(c.dataLength()).isEqualTo(512);
    }

    @Test
    void securityCommandsWithDataArePioDataOutOfOneBlock() {
        assertThat(AtaCommand.securitySetPassword().cdb()).isEqualTo(hex("85 0a 06 00 00 00 01 00 00 00 00 00 00 00 f1 00"));
        assertThat(AtaCommand.securityUnlock().cdb()).isEqualTo(hex("85 0a 06 00 00 00 01 00 00 00 00 00 00 00 f2 00"));
        assertThat(AtaCommand.securityDisablePassword().cdb())
                .isEqualTo(hex("85 0a 06 00 00 00 01 00 00 00 00 00 00 00 f6 00"));
        ScsiCommand erase = AtaCommand.securityEraseUnit(Duration.ofMinutes(70)).toScsi();
        assertThat(erase.cdb()).isEqualTo(hex("85 0a 06 00 00 00 01 00 00 00 00 00 00 00 f4 00"));
        assertThat(erase.direction()).isEqualTo(DataDirection.TO_DEVICE);
        assertThat(erase.timeout()).isEqualTo(Duration.ofMinutes(70));
    }

    @Test
    void erasePrepareIsNonData() {
        ScsiCommand c = AtaCommand.securityErasePrepare().toScsi();
        assertThat(c.cdb()).isEqualTo(hex("85 06 00 00 00 00 00 00 00 00 00 00 00 00 f3 00"));
        assertThat(c.direction()).isEqualTo(DataDirection.NONE);
        assertThat(c.dataLength()).isZero();
    }

    @Test
    void sanitizeStatusAsksForTheRegistersWithCheckCondition() {
        // protocol 3, EXTEND; CK_COND; FEATURES 0x0000; DEVICE 0x40; SANITIZE DEVICE 0xB4
        assertThat(AtaCommand.sanitizeStatus().cdb()).isEqualTo(hex("85 07 20 00 00 00 00 00 00 00 00 00 00 40 b4 00"));
    }

    @Test
    void sanitizeSubcommandsCarryTheirSignaturesInTheLba() {
        // "Cryp" 0x43727970: LBA(31:24) in byte 7, (7:0) in 8, (15:8) in 10, (23:16) in 12
        assertThat(AtaCommand.cryptoScramble().cdb()).isEqualTo(hex("85 07 00 00 11 00 00 43 70 00 79 00 72 40 b4 00"));
        assertThat(AtaCommand.blockErase().cdb()).isEqualTo(hex("85 07 00 00 12 00 00 42 72 00 45 00 6b 40 b4 00"));
        // "OW" in LBA(47:32): 0x57 in byte 9 (39:32), 0x4F in byte 11 (47:40); one pass in COUNT
        assertThat(AtaCommand.overwrite(0, 1, false).cdb())
                .isEqualTo(hex("85 07 00 00 14 00 01 00 00 57 00 4f 00 40 b4 00"));
        assertThat(AtaCommand.overwrite(0x11223344, 3, true).cdb())
                .isEqualTo(hex("85 07 00 00 14 00 83 11 44 57 33 4f 22 40 b4 00"));
    }

    @Test
    void overwriteTakesOneToFifteenPasses() {
        assertThatThrownBy(() -> AtaCommand.overwrite(0, 0, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AtaCommand.overwrite(0, 16, false)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void readNativeMaxIs48BitWithTheLbaBitInDevice() {
        assertThat(AtaCommand.readNativeMaxAddress().cdb())
                .isEqualTo(hex("85 07 20 00 00 00 00 00 00 00 00 00 00 40 27 00"));
    }

    @Test
    void deviceConfigurationIdentifyIsFeatureC2OfB1() {
        assertThat(AtaCommand.deviceConfigurationIdentify().cdb())
                .isEqualTo(hex("85 08 0e 00 c2 00 01 00 00 00 00 00 00 00 b1 00"));
    }

    @Test
    void fieldsThatDoNotFitTheirRegistersAreRefused() {
        assertThatThrownBy(() -> new AtaCommand("X", 0x27, 0, 0, 1L << 48, 0, AtaCommand.Protocol.NON_DATA, true, true,
                Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AtaCommand("X", 0xEC, 0x100, 0, 0, 0, AtaCommand.Protocol.NON_DATA, false, false,
                Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void passwordBlocksHoldTheControlWordAndThePasswordBytesInOrder() {
        byte[] set = PasswordBlock.setPassword("blockwipe");
        assertThat(set).hasSize(512);
        assertThat(set[0]).isZero();
        assertThat(set[1]).as("MASTER PASSWORD CAPABILITY clear: security level High").isZero();
        assertThat(new String(set, 2, 9, StandardCharsets.US_ASCII)).isEqualTo("blockwipe");
        assertThat(set[11]).isZero();
        assertThat(PasswordBlock.eraseUnit("blockwipe", true)[0]).isEqualTo((byte) 0x02);
        assertThat(PasswordBlock.eraseUnit("blockwipe", false)[0]).isZero();
        assertThat(PasswordBlock.user("x")[2]).isEqualTo((byte) 'x');
        assertThatThrownBy(() -> PasswordBlock.user("x".repeat(33))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void describeNamesTheCommandAndItsFields() {
        assertThat(AtaCommand.blockErase().describe())
                .isEqualTo("BLOCK ERASE EXT (ATA 0xB4, FEATURES 0x0012, LBA 0x0000426B4572) through ATA PASS-THROUGH (16)");
    }
}
