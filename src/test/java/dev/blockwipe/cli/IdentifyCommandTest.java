package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.LoopDevice;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code blockwipe identify}: the method it says, that it only reads, and its exit codes for wrong input. */
class IdentifyCommandTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void aLoopDeviceBlinksByReadsForTheSecondsAskedAndKeepsItsBytes() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB)) {
            loop.fillRandom(loop.path(), 3);
            String before = LoopDevice.sha256(loop.image().toString());

            Cli cli = Cli.run("identify", loop.name(), "--seconds", "2");

            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(cli.out()).isEqualTo(loop.name() + ": activity LED: reading in bursts for 2.0 s (a loop device has"
                    + " no LED: the reads go to the disk under its backing file) (Ctrl-C stops)\n" + loop.name() + ": done\n");
            assertThat(LoopDevice.sha256(loop.image().toString())).isEqualTo(before);
        }
    }

    @Test
    void aPathIsFoundAsShowFindsIt() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16 * MIB)) {
            Cli cli = Cli.run("identify", loop.path(), "--seconds", "1");

            assertThat(cli.exitCode()).as(cli.err()).isZero();
            assertThat(cli.out()).startsWith(loop.name() + ": activity LED");
        }
    }

    @Test
    void secondsOutsideOneToAnHourAreAUsageError() {
        for (String seconds : new String[] {"0", "3601", "-5"}) {
            Cli cli = Cli.run("identify", "sda", "--seconds", seconds);

            assertThat(cli.exitCode()).isEqualTo(ExitCode.USAGE);
            assertThat(cli.err()).isEqualTo("blockwipe: --seconds must be 1 to 3600, not " + seconds + "\n");
            assertThat(cli.out()).isEmpty();
        }
    }

    @Test
    void anUnknownNameIsNoTarget() {
        Cli cli = Cli.run("identify", "nosuchdisk9");

        assertThat(cli.exitCode()).isEqualTo(ExitCode.NO_TARGET);
        assertThat(cli.err()).contains("nosuchdisk9: no such file here, and no disk or partition of that name").doesNotContain("\n\n");
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void anImageFileHasNoDriveToIdentify() throws Exception {
        Path image = Files.write(dir.resolve("disk.img"), new byte[1 << 20]);

        Cli cli = Cli.run("identify", image.toString());

        assertThat(cli.exitCode()).isEqualTo(ExitCode.NO_TARGET);
        assertThat(cli.err()).contains("is an image file");
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void theHelpListsIdentify() {
        assertThat(Cli.run("--help").out()).contains("identify");
    }
}
