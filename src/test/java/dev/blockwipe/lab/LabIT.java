package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Blockwipe on real drivers: each test boots the lab's guest (Debian's stock kernel in QEMU over
 * this machine's root, {@code src/test/vm}) with the controllers and disks its scenario needs, and
 * runs the scenario class in it as root. As root it needs QEMU and Debian's kernel package, which it
 * installs and fetches on first use; elsewhere it skips, saying why, and in CI it fails.
 */
class LabIT {
    private static final long MIB = 1 << 20;

    /** Kept when a test fails: its console.log is the guest's whole story. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void everyKindOfDiskIsListedWipedAndCertifiedWithItsOwnIdentity() throws Exception {
        Lab.Run run = Lab.in(dir).nvme("NVME0001", 64 * MIB, 64 * MIB)
                .sata("SATA0001", "TESTDISK", 64 * MIB, false, 0x5000c50012345678L)
                .sata("SSD0001", "TESTSSD", 64 * MIB, true, 0)
                .usb("USB0001", 64 * MIB)
                .run(IdentityInGuest.class, IdentityInWindowInGuest.class);
        assertThat(run.status()).as(run.tests() + "\nconsole: " + dir.resolve("console.log")).isZero();
    }

    @Test
    void theDrivesOwnEraseIsOfferedWhereItIsSupportedAndProvenWhereItRan() throws Exception {
        Lab.Run run = Lab.in(dir).nvme("FW0001", 32 * MIB)
                .sata("FW0002", "FWSSD", 32 * MIB, true, 0)
                .usb("FW0003", 32 * MIB)
                .run(FirmwareInGuest.class);
        assertThat(run.status()).as(run.tests() + "\nconsole: " + dir.resolve("console.log")).isZero();
    }

    @Test
    void stacksOnDeviceMapperAndMdAreJudgedByWhatIsAboveThem() throws Exception {
        Lab.Run run = Lab.in(dir).nvme("STK0001", 48 * MIB, 48 * MIB, 48 * MIB, 32 * MIB, 64 * MIB)
                .sata("STK0002", "MAPDISK", 48 * MIB, true, 0)
                .sata("STK0003", "PVDISK", 32 * MIB, true, 0)
                .run(StacksInGuest.class);
        assertThat(run.status()).as(run.tests() + "\nconsole: " + dir.resolve("console.log")).isZero();
    }

    @Test
    void theSystemDiskAMountedDiskAndSwapAreBlockedWhereTheRootIsOnNoDisk() throws Exception {
        Lab.Run run = Lab.in(dir).sata("BOOT0001", "BOOTDISK", 48 * MIB, true, 0)
                .sata("BOOT0002", "BOOTMIRROR", 48 * MIB, true, 0)
                .nvme("DATA0001", 32 * MIB, 32 * MIB)
                .run(SystemDiskInGuest.class);
        assertThat(run.status()).as(run.tests() + "\nconsole: " + dir.resolve("console.log")).isZero();
    }

    /**
     * One guest for every scenario of a disk that fails or is odd-sized (each loads its own
     * scsi_debug disk): a boot and a JVM cost about a minute of CI each.
     */
    @Test
    void failingAndPulledDisksAndOddSectorSizesAreCertifiedAsTheyAreToTheByte() throws Exception {
        Lab.Run run = Lab.in(dir).nvme("NVME0002", 64 * MIB).run(FailingMediaInGuest.class,
                PulledDiskInGuest.class, SectorSizesInGuest.class);
        assertThat(run.status()).as(run.tests() + "\nconsole: " + dir.resolve("console.log")).isZero();
    }

    @Test
    void theWindowFollowsDisksPluggedAndPulledKeepsTheSelectionAndTheTicksAndEndsTheWipeOfAPulledDisk() throws Exception {
        Lab.Run run = Lab.in(dir).run(HotPlugInGuest.class);
        System.out.print(run.figures());
        assertThat(run.status()).as(run.tests() + "\nconsole: " + dir.resolve("console.log")).isZero();
    }

    @Test
    void sixtyDisksAreListedAndWipedInOneCommandAndInTheWindowWithinTheBufferBudget() throws Exception {
        Lab.Run run = Lab.in(dir).run(SixtyDisksInGuest.class, SixtyDisksInWindowInGuest.class);
        System.out.print(run.figures());
        assertThat(run.status()).as(run.tests() + "\nconsole: " + dir.resolve("console.log")).isZero();
    }
}
