package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClearLimitationTest {
    @Test
    void anNvmeDriveIsClearOnlyAndNamesNvmeSanitize() {
        assertThat(ClearLimitation.of(Transport.NVME, false)).hasValueSatisfying(text -> assertThat(text)
                .contains("NIST SP 800-88 Clear", "spare, remapped or over-provisioned blocks", "NVMe sanitize",
                        "blockwipe show lists the firmware methods this drive offers"));
    }

    @Test
    void aSataSsdIsClearOnlyAndNamesAtaSanitizeOrSecurityErase() {
        assertThat(ClearLimitation.of(Transport.SATA, false)).hasValueSatisfying(text -> assertThat(text)
                .contains("spare, remapped", "ATA sanitize or security erase"));
    }

    @Test
    void aUsbFlashDriveIsClearOnly() {
        assertThat(ClearLimitation.of(Transport.USB, false)).hasValueSatisfying(text -> assertThat(text)
                .contains("where the USB bridge passes it through"));
    }

    @Test
    void aSpinningDiskHasNoLimitation() {
        assertThat(ClearLimitation.of(Transport.SATA, true)).isEmpty();
        assertThat(ClearLimitation.of(Transport.USB, true)).isEmpty();
    }

    /** The kernel reports loop and virtio devices as non-rotational; what is beneath them is not known here. */
    @Test
    void loopVirtualAndMappedDevicesHaveNoLimitation() {
        for (Transport t : new Transport[] {Transport.LOOP, Transport.VIRTIO, Transport.DM, Transport.MD, Transport.ZRAM}) {
            assertThat(ClearLimitation.of(t, false)).as(t.label()).isEmpty();
        }
    }
}
