package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.LoopDevice;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command takes a device by the name {@code list} prints, as {@code show} always did. */
class DeviceNamesTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    @BeforeEach
    void loopDevices() {
        LoopDevice.assumeAvailable();
    }

    @Test
    void wipeVerifyBenchAndShowTakeTheNameListPrints() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 8 * MIB)) {
            loop.fillRandom(loop.path(), 7);

            Cli show = Cli.run("show", loop.name());
            assertThat(show.exitCode()).as(show.err()).isZero();
            assertThat(show.out()).contains("/dev/" + loop.name());

            Cli wipe = Cli.run("wipe", loop.name(), "-m", "zero", "--yes=" + loop.name());
            assertThat(wipe.exitCode()).as(wipe.err()).isZero();
            assertThat(LoopDevice.allZero(loop.path())).as("the device the name stands for was wiped").isTrue();

            Cli verify = Cli.run("verify", loop.name());
            assertThat(verify.exitCode()).as(verify.err()).isZero();
            Cli bench = Cli.run("bench", loop.name(), "--samples", "2");
            assertThat(bench.exitCode()).as(bench.err()).isZero();
        }
    }

    @Test
    void aNameOfNoDeviceAndNoFileSaysWhereToLook() {
        Cli cli = Cli.run("wipe", "loop-of-nothing", "-m", "zero", "--yes=loop-of-nothing");
        assertThat(cli.exitCode()).isEqualTo(ExitCode.NO_TARGET);
        assertThat(cli.err().lines()).singleElement().asString()
                .contains("no disk or partition of that name (see: blockwipe list --all)");
    }
}
