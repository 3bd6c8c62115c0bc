package dev.blockwipe.engine.firmware.scsi;

import static dev.blockwipe.engine.firmware.scsi.ScsiCommandsTest.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.firmware.ScsiResult;
import org.junit.jupiter.api.Test;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.OptionalInt;

/** The readers of what a SCSI drive returns: sense data, INQUIRY data, the serial page, the SUPPORT field. */
class ScsiDataTest {

    @Test
    void readsSanitizeProgressFromFixedSense() {
        byte[] s = new byte[18];
        s[0] = 0x70;
        s[2] = 0x02;
        s[7] = 10;
        s[12] = 0x04;
        s[13] = 0x1B;
        s[15] = (byte) 0x80;
        s[16] = 0x40;
        Sense sense = Sense.parse(s);
        assertThat(sense).isEqualTo(new Sense(Sense.NOT_READY, 0x04, 0x1B, OptionalInt.of(0x4000)));
        assertThat(sense.sanitizeInProgress()).isTrue();
        assertThat(sense.fraction()).isEqualTo(0.25);
        assertThat(sense.describe()).isEqualTo("NOT READY, ASC/ASCQ 04h/1Bh, sanitize in progress");
    }

    @Test
    void readsNoProgressWithoutSksv() {
        byte[] s = bytes(0x70, 0, 0x02, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x04, 0x1B, 0, 0x00, 0x40, 0x00);
        assertThat(Sense.parse(s).progress()).isEmpty();
        assertThat(Sense.parse(s).fraction()).isEqualTo(-1);
    }

    @Test
    void readsOnlyTheBytesTheAdditionalSenseLengthCovers() {
        byte[] s = bytes(0x70, 0, 0x02, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0x04, 0x1B, 0, 0x80, 0x40, 0x00);
        assertThat(Sense.parse(s)).isEqualTo(new Sense(Sense.NOT_READY, 0x04, 0x1B, OptionalInt.empty()));
    }

    @Test
    void readsTheSenseKeySpecificDescriptorAfterOthersInDescriptorSense() {
        byte[] s = new byte[8 + 12 + 8];
        s[0] = 0x72;
        s[1] = 0x02;
        s[2] = 0x04;
        s[3] = 0x1B;
        s[7] = 20;
        s[8] = 0x00;
        s[9] = 0x0A;
        s[20] = 0x02;
        s[21] = 0x06;
        s[24] = (byte) 0x80;
        s[25] = (byte) 0xC0;
        s[26] = 0x00;
        assertThat(Sense.parse(s)).isEqualTo(new Sense(Sense.NOT_READY, 0x04, 0x1B, OptionalInt.of(0xC000)));
    }

    @Test
    void aSenseKeySpecificFieldUnderMediumErrorIsNoProgress() {
        byte[] s = bytes(0x70, 0, 0x03, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x31, 0x03, 0, 0x80, 0x00, 0x10);
        Sense sense = Sense.parse(s);
        assertThat(sense.sanitizeFailed()).isTrue();
        assertThat(sense.progress()).isEmpty();
    }

    @Test
    void anythingButSenseDataReadsAsNone() {
        assertThat(Sense.parse(new byte[0])).isEqualTo(Sense.NONE);
        assertThat(Sense.parse(new byte[252])).isEqualTo(Sense.NONE);
        assertThat(Sense.parse(bytes(0x70, 0, 0x02, 0, 0, 0, 0, 10), 4)).isEqualTo(Sense.NONE);
    }

    @Test
    void statusNamesTheSenseOfACheckCondition() {
        byte[] s = bytes(0x70, 0, 0x05, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x20, 0x00, 0, 0, 0, 0);
        assertThat(Sense.status(ScsiResult.checkCondition(s)))
                .isEqualTo("check condition, ILLEGAL REQUEST, ASC/ASCQ 20h/00h, invalid command operation code");
        assertThat(Sense.status(ScsiResult.goodStatus())).isEqualTo("good");
        assertThat(Sense.status(new ScsiResult(0, 0x01, 0, new byte[0], 0))).startsWith("not delivered");
    }

    @Test
    void readsVendorProductAndRevisionWithoutTheirPadding() {
        byte[] d = new byte[96];
        d[2] = 0x06;
        put(d, 8, "HGST    ");
        put(d, 16, "HUH721010AL4200 ");
        put(d, 32, "A21D");
        Inquiry inquiry = Inquiry.parse(d);
        assertThat(inquiry).isEqualTo(new Inquiry(0x06, "HGST", "HUH721010AL4200", "A21D"));
        assertThat(inquiry.model()).isEqualTo("HGST HUH721010AL4200");
        assertThat(inquiry.answersVpd()).isTrue();
    }

    @Test
    void aShortInquiryReadsAsEmptyFieldsAndAnOldVersionAsNoVpd() {
        Inquiry inquiry = Inquiry.parse(bytes(0x00, 0x00, 0x02, 0x02, 0x1F, 0, 0, 0, 'A', 'B'));
        assertThat(inquiry).isEqualTo(new Inquiry(0x02, "AB", "", ""));
        assertThat(inquiry.answersVpd()).isFalse();
    }

    @Test
    void readsTheSerialNumberOfPage80WithoutLeadingSpaces() {
        byte[] page = new byte[4 + 12];
        page[1] = (byte) 0x80;
        page[3] = 12;
        put(page, 4, "    ZA1B2C3D");
        assertThat(Inquiry.serialNumber(page)).contains("ZA1B2C3D");
        page[1] = (byte) 0x83;
        assertThat(Inquiry.serialNumber(page)).isEmpty();
    }

    @Test
    void readsEverySupportValue() {
        assertThat(Arrays.stream(new int[] {0, 1, 2, 3, 4, 5, 6, 7}).mapToObj(v -> CommandSupport.parse(bytes(0, v))))
                .containsExactly(CommandSupport.NOT_AVAILABLE, CommandSupport.NOT_SUPPORTED, CommandSupport.RESERVED,
                        CommandSupport.STANDARD, CommandSupport.RESERVED, CommandSupport.VENDOR_SPECIFIC,
                        CommandSupport.RESERVED, CommandSupport.RESERVED);
        assertThat(CommandSupport.parse(bytes(0, 0xFB))).isEqualTo(CommandSupport.STANDARD);
        assertThat(CommandSupport.parse(new byte[1])).isEqualTo(CommandSupport.NOT_AVAILABLE);
    }

    private static void put(byte[] d, int at, String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, d, at, b.length);
    }
}
