package dev.blockwipe.engine.firmware.ata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.firmware.ScsiResult;
import org.junit.jupiter.api.Test;
import java.util.HexFormat;

/** The ATA registers read back from descriptor-format and fixed-format sense data. */
class AtaRegistersTest {

    private static ScsiResult checkCondition(String sense) {
        return ScsiResult.checkCondition(HexFormat.ofDelimiter(" ").parseHex(sense));
    }

    @Test
    void statusReturnDescriptorGivesEveryRegisterIn48Bits() {
        // RECOVERED ERROR, 0x00/0x1D; descriptor 0x09: error 0, count 0x8000, LBA 0x0000_7470_6DAF, device 0x40, status 0x50
        ScsiResult r = checkCondition("72 01 00 1d 00 00 00 0e 09 0c 01 00 80 00 74 af 00 6d 00 70 40 50");
        AtaRegisters regs = AtaRegisters.from(r).orElseThrow();
        assertThat(regs).isEqualTo(new AtaRegisters(0, 0x8000, 1_953_525_167L, 0x40, 0x50, false));
        assertThat(regs.failed()).isFalse();
        AtaReply reply = new AtaReply(AtaCommand.readNativeMaxAddress(), r, AtaRegisters.from(r));
        assertThat(reply.succeeded()).isTrue();
        assertThat(reply.refusedOnTheWay()).isFalse();
    }

    @Test
    void descriptorsBeforeTheStatusReturnAreSkipped() {
        // an information descriptor (0x00, 10 bytes) first
        ScsiResult r = checkCondition("72 0b 00 00 00 00 00 1a 00 0a 80 00 00 00 00 00 00 00 00 00"
                + " 09 0c 00 04 00 00 00 01 00 00 00 00 40 51");
        AtaRegisters regs = AtaRegisters.from(r).orElseThrow();
        assertThat(regs.error()).isEqualTo(0x04);
        assertThat(regs.lba()).isEqualTo(1);
        AtaReply reply = new AtaReply(AtaCommand.sanitizeStatus(), r, AtaRegisters.from(r));
        assertThat(reply.aborted()).isTrue();
        assertThat(reply.describe()).isEqualTo("aborted by the drive (status 0x51, error 0x04)");
    }

    @Test
    void fixedFormatGivesTheLowRegistersAndFlagsTheCutUpperOnes() {
        // error 0, status 0x50, device 0x40, count(7:0) 0; EXTEND and COUNT UPPER NONZERO; LBA(23:0) 0x00FFFF; 0x00/0x1D
        ScsiResult r = checkCondition("f0 00 01 00 50 40 00 0a c0 ff ff 00 00 1d 00 00 00 00");
        AtaRegisters regs = AtaRegisters.from(r).orElseThrow();
        assertThat(regs).isEqualTo(new AtaRegisters(0, 0, 0xFFFF, 0x40, 0x50, true));
        ScsiResult whole = checkCondition("f0 00 01 00 50 40 00 0a 80 07 00 00 00 1d 00 00 00 00");
        assertThat(AtaRegisters.from(whole).orElseThrow().upperMissing()).isFalse();
    }

    @Test
    void aTranslatorsOwnRefusalHoldsNoRegisters() {
        ScsiResult fixed = checkCondition("70 00 05 00 00 00 00 0a 00 00 00 00 20 00 00 00 00 00");
        ScsiResult descriptor = checkCondition("72 05 20 00 00 00 00 00");
        for (ScsiResult r : new ScsiResult[] {fixed, descriptor}) {
            assertThat(AtaRegisters.from(r)).isEmpty();
            AtaReply reply = new AtaReply(AtaCommand.identifyDevice(), r, AtaRegisters.from(r));
            assertThat(reply.refusedOnTheWay()).isTrue();
            assertThat(reply.succeeded()).isFalse();
        }
    }

    @Test
    void aResultThatDidNotReachTheDriveIsRefusedOnTheWay() {
        ScsiResult lost = new ScsiResult(0, 0x07, 0, new byte[0], 512);
        AtaReply reply = new AtaReply(AtaCommand.identifyDevice(), lost, AtaRegisters.from(lost));
        assertThat(reply.refusedOnTheWay()).isTrue();
        assertThat(reply.describe()).startsWith("failed (not delivered");
    }
}
