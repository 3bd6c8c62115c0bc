package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.firmware.CommandRefusedException;
import dev.blockwipe.engine.firmware.CommandSet;
import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Drives;
import dev.blockwipe.engine.firmware.NvmeCommand;
import dev.blockwipe.engine.firmware.NvmeCompletion;
import dev.blockwipe.engine.firmware.ScsiCommand;
import dev.blockwipe.engine.firmware.ScsiResult;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.testing.FakeSysfs;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.LoopFixture;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Drive commands on real loop devices the tests create (root only; CI runs as root). A loop device
 * takes none, and nothing is sent to it. Seen through a fake sysfs that puts the same device number
 * under an sd disk or an NVMe controller, the commands do reach the kernel through the target's
 * descriptor, which refuses them for a loop device: that is how the transport's errors, its closed
 * target and smartctl's run through /proc/PID/fd are tried here (real drives are the QEMU lab's).
 */
class DriveCommandsLoopTest extends LoopFixture {
    private static final ScsiCommand INQUIRY = new ScsiCommand(new byte[] {0x12, 0, 0, 0, 96, 0},
            DataDirection.FROM_DEVICE, 96, Duration.ofSeconds(5));
    private static final NvmeCommand IDENTIFY_CONTROLLER = new NvmeCommand(0x06, 0, 1, 0, 0, 0, 0, 0, 4096,
            DataDirection.FROM_DEVICE, Duration.ofSeconds(5));

    /** Counts what reaches the commands it wraps. */
    private static final class Counting implements DeviceCommands {
        private final DeviceCommands inner;
        private final AtomicInteger sent = new AtomicInteger();

        Counting(DeviceCommands inner) {
            this.inner = inner;
        }

        @Override
        public CommandSet commandSet() {
            return inner.commandSet();
        }

        @Override
        public NvmeCompletion nvmeAdmin(NvmeCommand command, byte[] data) throws IOException {
            sent.incrementAndGet();
            return inner.nvmeAdmin(command, data);
        }

        @Override
        public ScsiResult scsi(ScsiCommand command, byte[] data) throws IOException {
            sent.incrementAndGet();
            return inner.scsi(command, data);
        }

        @Override
        public int namespaceId() throws IOException {
            sent.incrementAndGet();
            return inner.namespaceId();
        }
    }

    private static void assertTakesNoCommands(DriveReport report) {
        assertThat(report.available()).isEmpty();
        assertThat(report.offers()).allSatisfy(o -> assertThat(o.reason()).contains("takes no drive commands"));
    }

    @Test
    void aLoopDeviceTakesNoCommandsAndTheProbeSendsNothing() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 1 << 20);
             OpenedTarget target = new LinuxTargets().open(loop.path(), Access.READ)) {
            Counting commands = new Counting(target.commands());

            DriveReport report = Drives.probe(commands);

            assertThat(commands.commandSet()).isEqualTo(CommandSet.NONE);
            assertTakesNoCommands(report);
            assertThat(commands.sent).hasValue(0);
            assertThatThrownBy(() -> target.commands().scsi(INQUIRY, new byte[96]))
                    .hasMessage(loop.path() + ": SCSI command 0x12 not sent: the device takes no drive commands");
            assertThatThrownBy(() -> target.commands().namespaceId()).hasMessage("no NVMe namespace");
        }
    }

    @Test
    void theReadOnlyProbeOfALocatedLoopDeviceFindsNoDriveAndNoSmart() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 1 << 20);
             TargetOpener.Located located = new LinuxTargets().locate(loop.path())) {
            assertTakesNoCommands(located.drive());
            assertThat(located.smart().unavailable()).hasValueSatisfying(
                    why -> assertThat(why).startsWith("the device takes no drive commands"));
        }
    }

    @Test
    void theKernelsRefusalOfSgIoIsACommandRefusedAndAClosedTargetSendsNothing() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 1 << 20)) {
            LinuxTargets targets = new LinuxTargets(sysfsWith(loop, FakeSysfs.sata(1, "sdz"), "sd"));
            OpenedTarget target = targets.open(loop.path(), Access.READ);
            DeviceCommands commands = target.commands();
            assertThat(commands.commandSet()).isEqualTo(CommandSet.SCSI);

            assertThatThrownBy(() -> commands.scsi(INQUIRY, new byte[96])).isInstanceOf(CommandRefusedException.class)
                    .hasMessageMatching("\\Q" + loop.path() + ": the kernel refused SG_IO on this device: \\E(ENOTTY|EINVAL)");

            target.close();
            assertThatThrownBy(() -> commands.scsi(INQUIRY, new byte[96])).isInstanceOf(TargetException.class)
                    .hasMessage(loop.path() + ": SCSI command 0x12 refused: the target is closed");
        }
    }

    @Test
    void theKernelsRefusalOfNvmeIoctlsIsACommandRefused() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 1 << 20);
             OpenedTarget target = new LinuxTargets(sysfsWith(loop, FakeSysfs.nvme("nvme9n1"), null))
                     .open(loop.path(), Access.READ)) {
            DeviceCommands commands = target.commands();
            assertThat(commands.commandSet()).isEqualTo(CommandSet.NVME);

            assertThatThrownBy(() -> commands.nvmeAdmin(IDENTIFY_CONTROLLER, new byte[4096]))
                    .isInstanceOf(CommandRefusedException.class)
                    .hasMessageMatching("\\Q" + loop.path() + ": the kernel refused NVME_IOCTL_ADMIN_CMD on this device: \\E(ENOTTY|EINVAL)");
            assertThatThrownBy(commands::namespaceId).isInstanceOf(CommandRefusedException.class)
                    .hasMessageMatching(".*refused NVME_IOCTL_ID on this device: (ENOTTY|EINVAL)");
        }
    }

    /**
     * smartctl is run on /proc/PID/fd/N of the probe's own descriptor: it reaches the device (no
     * "No such file"), its INQUIRY through SAT is refused by the loop driver, and that is the reason given.
     */
    @Test
    void smartctlReadsThroughTheProbesDescriptorAndSaysWhyItReadNothing() throws Exception {
        Sh.require(Sh.onPath("smartctl"), "needs smartctl (Debian package smartmontools)");
        try (LoopDevice loop = LoopDevice.create(dir, 1 << 20);
             TargetOpener.Located located = new LinuxTargets(sysfsWith(loop, FakeSysfs.sata(1, "sdz"), "sd"))
                     .locate(loop.path())) {
            Smart smart = located.smart();

            assertThat(smart.available()).isFalse();
            assertThat(smart.unavailable()).hasValueSatisfying(why -> assertThat(why)
                    .startsWith("Smartctl open device: /proc/" + ProcessHandle.current().pid() + "/fd/")
                    .contains("[SCSI/SAT] failed"));
        }
    }

    /** A fake sysfs that lists the loop device's number as a disk at {@code location}, bound to {@code driver} (or none). */
    private Path sysfsWith(LoopDevice loop, String location, String driver) throws IOException {
        String number = Files.readString(Path.of("/sys/block", loop.name(), "dev")).strip();
        FakeSysfs sysfs = new FakeSysfs(Files.createDirectory(dir.resolve("sys")));
        FakeSysfs.Disk disk = sysfs.disk(location, number);
        if (driver != null) {
            disk.driver(driver);
        }
        return sysfs.root();
    }
}
