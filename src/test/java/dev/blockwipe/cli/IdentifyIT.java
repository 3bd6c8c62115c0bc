package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Jar;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code blockwipe identify} as a process: Ctrl-C (SIGINT) stops it in order, with the signal's exit status. */
class IdentifyIT {
    @TempDir
    Path dir;

    @Test
    void ctrlCStopsItAndExits130() throws Exception {
        try (LoopDevice loop = LoopDevice.create(dir, 16L << 20)) {
            Process p = Jar.command(dir, "identify", loop.name(), "--seconds", "600")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).startsWith(loop.name() + ": activity LED: reading in bursts for 10 m 0 s");

            Sh.run("kill", "-INT", String.valueOf(p.pid()));

            assertThat(out.readLine()).isEqualTo(loop.name() + ": stopped");
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isEqualTo(ExitCode.CANCELLED);
        }
    }
}
