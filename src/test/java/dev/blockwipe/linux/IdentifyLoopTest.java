package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.identify.Identification;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.LoopFixture;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Identify on a loop device the test creates (root only; CI runs as root): the reads go through
 * one read-only O_DIRECT descriptor, in bursts, and nothing is written.
 */
class IdentifyLoopTest extends LoopFixture {
    @Test
    void readsInBurstsThroughOneReadOnlyDescriptorAndWritesNothing() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB)) {
            loop.fillRandom(loop.path(), 7);
            String before = LoopDevice.sha256(loop.image().toString());
            long[] ioBefore = io(loop.name());

            try (Identification shown = identifier().open(loop.path(), number(loop), diskseq(loop), Duration.ofSeconds(2))) {
                assertThat(shown.method()).isEqualTo("activity LED: reading in bursts for 2.0 s (a loop device has no"
                        + " LED: the reads go to the disk under its backing file)");
                int flags = flagsOfTheDescriptorOn(loop.path());
                assertThat(FdInfo.readOnly(flags)).as("opened O_RDONLY, flags %o", flags).isTrue();
                assertThat(flags & Fcntl.O_DIRECT).as("opened O_DIRECT, flags %o", flags).isNotZero();

                assertThat(shown.run(new CancelToken(), instead -> { })).isTrue();
            }

            long[] ioAfter = io(loop.name());
            assertThat(ioAfter[0] - ioBefore[0]).as("reads completed").isGreaterThanOrEqualTo(2);
            assertThat(ioAfter[1]).as("writes completed").isEqualTo(ioBefore[1]);
            assertThat(LoopDevice.sha256(loop.image().toString())).isEqualTo(before);
            assertThat(flagsOfTheDescriptorOn(loop.path())).as("the descriptor is closed").isEqualTo(-1);
        }
    }

    @Test
    void aStopEndsItAtOnce() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB);
             Identification shown = identifier().open(loop.path(), number(loop), diskseq(loop), Duration.ofMinutes(10))) {
            CancelToken stop = new CancelToken();
            CompletableFuture<Boolean> ran = CompletableFuture.supplyAsync(() -> {
                try {
                    return shown.run(stop, instead -> { });
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(1_500);
            stop.cancel();

            assertThat(ran.get(20, TimeUnit.SECONDS)).as("stopped, not run out").isFalse();
        }
    }

    @Test
    void aDeviceThatIsNotTheListedOneIsRefused() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB)) {
            assertThatThrownBy(() -> identifier().open(loop.path(), number(loop), diskseq(loop) + 1, Duration.ofSeconds(1)))
                    .isInstanceOfSatisfying(TargetRefusedException.class,
                            e -> assertThat(e.reason()).isEqualTo(TargetRefusedException.Reason.IDENTITY_CHANGED))
                    .hasMessageContaining("the devices changed");
            assertThat(flagsOfTheDescriptorOn(loop.path())).as("the refused descriptor is closed").isEqualTo(-1);
        }
    }

    @Test
    void anImageFileHasNoDriveToIdentify() throws Exception {
        Path image = Files.write(dir.resolve("disk.img"), new byte[1 << 20]);

        assertThatThrownBy(() -> identifier().open(image.toString(), new DeviceNumber(0, 0), 0, Duration.ofSeconds(1)))
                .hasMessageContaining("is an image file: it has no drive of its own to identify");
    }

    /** This machine's sysfs, and a PATH without ledctl. */
    private LinuxIdentifier identifier() {
        return new LinuxIdentifier(Path.of("/sys"), dir.resolve("no-programs").toString());
    }

    private static DeviceNumber number(LoopDevice loop) throws IOException {
        String[] dev = Files.readString(Path.of("/sys/block", loop.name(), "dev")).strip().split(":");
        return new DeviceNumber(Integer.parseInt(dev[0]), Integer.parseInt(dev[1]));
    }

    private static long diskseq(LoopDevice loop) throws IOException {
        return Long.parseLong(Files.readString(Path.of("/sys/block", loop.name(), "diskseq")).strip());
    }

    /** Reads and writes completed on the device, from its stat (Documentation/block/stat.rst). */
    private static long[] io(String name) throws IOException {
        String[] fields = Files.readString(Path.of("/sys/block", name, "stat")).strip().split("\\s+");
        return new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[4])};
    }

    /** The flags of this process's descriptor on {@code device}; -1 when it has none. */
    private static int flagsOfTheDescriptorOn(String device) throws IOException {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals(device)) {
                        return FdInfo.flags(Path.of("/proc/self/fdinfo").resolve(fd.getFileName()));
                    }
                } catch (IOException gone) {
                    // the directory stream's own descriptor, closed by now
                }
            }
        }
        return -1;
    }
}
