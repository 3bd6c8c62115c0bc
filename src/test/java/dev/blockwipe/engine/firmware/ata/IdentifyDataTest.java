package dev.blockwipe.engine.firmware.ata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import java.io.IOException;
import java.time.Duration;

/** IDENTIFY DEVICE words as ACS-3 lays them out, from a full-featured drive and QEMU's disk. */
class IdentifyDataTest {

    private static byte[] words(int... wordValuePairs) {
        byte[] b = new byte[512];
        for (int i = 0; i < wordValuePairs.length; i += 2) {
            b[2 * wordValuePairs[i]] = (byte) wordValuePairs[i + 1];
            b[2 * wordValuePairs[i] + 1] = (byte) (wordValuePairs[i + 1] >> 8);
        }
        return b;
    }

    @Test
    void stringsHoldTheirFirstCharacterInEachWordsHighByte() throws IOException {
        // "AB" "CD" in words 27-28, "S1" in word 10, "F" in word 23, the rest zeroes
        IdentifyData id = IdentifyData.parse(words(27, 0x4142, 28, 0x4344, 10, 0x5331, 23, 0x4620));
        assertThat(id.model()).isEqualTo("ABCD");
        assertThat(id.serial()).isEqualTo("S1");
        assertThat(id.firmware()).isEqualTo("F");
    }

    @Test
    void aFullFeaturedDrivesWordsAreRead() throws IOException {
        byte[] data = SimulatedAta.ssd(new byte[2048 * 512]).identity("Samsung SSD 870 EVO 1TB", "S6PTNX0T123456", "SVT02B6Q")
                .eraseTimeWords(0x8000 | 3, 0x8000 | 300).deviceConfigurationOverlay(8).identifyData();
        IdentifyData id = IdentifyData.parse(data);
        assertThat(id.model()).isEqualTo("Samsung SSD 870 EVO 1TB");
        assertThat(id.serial()).isEqualTo("S6PTNX0T123456");
        assertThat(id.firmware()).isEqualTo("SVT02B6Q");
        assertThat(id.lba48()).isTrue();
        assertThat(id.userSectors()).isEqualTo(2040);
        assertThat(id.logicalSectorSize()).isEqualTo(512);
        assertThat(id.rotationRate()).isEqualTo(1);
        assertThat(id.hpaSupported()).isTrue();
        assertThat(id.dcoSupported()).isTrue();
        assertThat(id.security()).isEqualTo(new IdentifyData.Security(true, false, false, false, false, true,
                new IdentifyData.EraseTime(6, false), new IdentifyData.EraseTime(600, false)));
        assertThat(id.sanitize()).isEqualTo(new IdentifyData.Sanitize(true, true, true, true, true));
    }

    @Test
    void qemusDiskHasNoSecurityNoSanitizeAndNoHpaBit() throws IOException {
        IdentifyData id = IdentifyData.parse(SimulatedAta.qemu(new byte[4096 * 512]).identifyData());
        assertThat(id.model()).isEqualTo("QEMU HARDDISK");
        assertThat(id.serial()).isEqualTo("QM00001");
        assertThat(id.lba48()).isTrue();
        assertThat(id.userSectors()).isEqualTo(4096);
        assertThat(id.security().supported()).isFalse();
        assertThat(id.sanitize().supported()).isFalse();
        assertThat(id.hpaSupported()).as("QEMU's word 82 is 0x4021: bit 10 clear").isFalse();
        assertThat(id.dcoSupported()).isFalse();
    }

    @Test
    void securityWord128BitsAreReadOneByOne() throws IOException {
        IdentifyData.Security s = IdentifyData.parse(words(82, 0x0002, 128, 0b11_1111)).security();
        assertThat(s).isEqualTo(new IdentifyData.Security(true, true, true, true, true, true,
                new IdentifyData.EraseTime(0, false), new IdentifyData.EraseTime(0, false)));
        assertThat(IdentifyData.parse(words(128, 0x0001)).security().supported()).as("word 82 bit 1 decides").isFalse();
    }

    @Test
    void eraseTimesAreTwoMinuteUnitsWithTheLargestValueMeaningLonger() {
        assertThat(IdentifyData.EraseTime.of(0)).isEqualTo(new IdentifyData.EraseTime(0, false));
        assertThat(IdentifyData.EraseTime.of(0).estimate()).isEmpty();
        assertThat(IdentifyData.EraseTime.of(60).estimate()).contains(Duration.ofMinutes(120));
        assertThat(IdentifyData.EraseTime.of(0x7F3C).estimate()).as("bits 14:8 ignored in the short format")
                .contains(Duration.ofMinutes(120));
        assertThat(IdentifyData.EraseTime.of(255)).isEqualTo(new IdentifyData.EraseTime(508, true));
        assertThat(IdentifyData.EraseTime.of(0x8000 | 1000)).isEqualTo(new IdentifyData.EraseTime(2000, false));
        assertThat(IdentifyData.EraseTime.of(0xFFFF)).isEqualTo(new IdentifyData.EraseTime(65532, true));
        assertThat(IdentifyData.EraseTime.of(255).describe()).isEqualTo("more than 508 minutes");
    }

    @Test
    void sanitizeWord59BitsAreReadOneByOne() throws IOException {
        assertThat(IdentifyData.parse(words(59, 0x1000 | 0x8000)).sanitize())
                .isEqualTo(new IdentifyData.Sanitize(true, false, false, true, false));
        assertThat(IdentifyData.parse(words(59, 0x0110)).sanitize().supported()).isFalse();
    }

    @Test
    void without48BitAddressingTheSizeComesFromWords60And61() throws IOException {
        IdentifyData id = IdentifyData.parse(words(60, 0x5678, 61, 0x0012, 100, 0xFFFF));
        assertThat(id.lba48()).isFalse();
        assertThat(id.userSectors()).isEqualTo(0x125678);
    }

    @Test
    void aLargeLogicalSectorSizeComesFromWords117And118() throws IOException {
        assertThat(IdentifyData.parse(words(106, 0x5000, 117, 2048)).logicalSectorSize()).isEqualTo(4096);
        assertThat(IdentifyData.parse(words(106, 0x1000, 117, 2048)).logicalSectorSize())
                .as("word 106 not valid").isEqualTo(512);
    }

    @Test
    void aSignedBlockThatDoesNotSumToZeroIsRejected() throws IOException {
        byte[] data = SimulatedAta.ssd(new byte[64 * 512]).identifyData();
        IdentifyData.parse(data);
        data[100] ^= 0x01;
        assertThatThrownBy(() -> IdentifyData.parse(data)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("the IDENTIFY DEVICE data failed its checksum");
    }
}
