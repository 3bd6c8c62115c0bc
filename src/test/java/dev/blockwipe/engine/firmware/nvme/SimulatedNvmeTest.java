package dev.blockwipe.engine.firmware.nvme;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.NvmeCommand;
import org.junit.jupiter.api.Test;
import java.time.Duration;
import java.util.Arrays;

/** The simulated controller answers as the specification says, so that the other tests mean something. */
class SimulatedNvmeTest {
    private static final Duration T = Duration.ofSeconds(1);

    private static NvmeCommand raw(int opcode, int nsid, int cdw10) {
        return new NvmeCommand(opcode, nsid, cdw10, 0, 0, 0, 0, 0, 0, DataDirection.NONE, T);
    }

    @Test
    void anOpcodeItDoesNotImplementIsInvalidCommandOpcode() {
        SimulatedNvme drive = SimulatedNvme.over(new byte[512]).build();
        assertThat(drive.nvmeAdmin(raw(0x0C, 0, 0), new byte[0]).status()).isEqualTo(0x0001);
    }

    @Test
    void aFormatWithCryptoEraseItDoesNotClaimIsInvalidField() {
        byte[] image = new byte[512];
        Arrays.fill(image, (byte) 0x5A);
        SimulatedNvme drive = SimulatedNvme.over(image).fna(0).build();
        assertThat(drive.nvmeAdmin(raw(0x80, 1, 2 << 9), new byte[0]).status()).isEqualTo(0x0002);
        assertThat(image[0]).isEqualTo((byte) 0x5A);
    }

    @Test
    void likeQemuItCanCompleteAnUnclaimedCryptoFormatByZeroing() {
        byte[] image = new byte[512];
        Arrays.fill(image, (byte) 0x5A);
        SimulatedNvme drive = SimulatedNvme.over(image).fna(0).dlfeat(0).formatsCryptoUnclaimed().build();
        assertThat(drive.nvmeAdmin(raw(0x80, 1, 2 << 9), new byte[0]).succeeded()).isTrue();
        assertThat(image).containsOnly(0);
    }

    @Test
    void aSanitizeActionItDoesNotClaimIsInvalidField() {
        SimulatedNvme drive = SimulatedNvme.over(new byte[512]).sanicap(0b001).build();
        assertThat(drive.nvmeAdmin(raw(0x84, 0, 2), new byte[0]).status()).isEqualTo(0x0002);
        assertThat(drive.nvmeAdmin(raw(0x84, 0, 4), new byte[0]).succeeded()).isTrue();
    }

    @Test
    void withoutSanitizeTheSanitizeStatusLogIsAnInvalidLogPage() {
        SimulatedNvme drive = SimulatedNvme.over(new byte[512]).sanicap(0).build();
        NvmeCommand log = new NvmeCommand(0x02, -1, 127 << 16 | 0x81, 0, 0, 0, 0, 0, 512, DataDirection.FROM_DEVICE, T);
        assertThat(drive.nvmeAdmin(log, new byte[512]).status()).isEqualTo(0x0109);
    }
}
