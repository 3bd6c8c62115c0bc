package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.testing.FaultyDisk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A check on an opened target's descriptor that a stalled medium keeps waiting, after the caller
 * gave up on it and closed the target: the close returns at once, and the descriptor stays open
 * until the check returns, so that its number is not given to another file while the check still
 * reads and switches O_DIRECT through it.
 */
class DescriptorChecksTest {
    @TempDir
    Path dir;

    @Test
    void aTargetClosedWhileACheckWaitsKeepsItsDescriptorUntilTheCheckReturns() throws Exception {
        try (FaultyDisk disk = FaultyDisk.imageFile(dir, 4L << 20)) {
            Path image = disk.file();
            OpenedTarget target = new LinuxTargets().open(image.toString(), Access.WRITE);
            disk.control(Map.of("stallAt", 0, "stallSeconds", 120));
            CompletableFuture<Signatures> check = CompletableFuture.supplyAsync(target::signatures);
            try {
                disk.awaitStall(Duration.ofSeconds(10));

                long started = System.nanoTime();
                target.close();
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
                assertThat(descriptorsOn(image)).as("kept for the waiting check").isOne();
            } finally {
                disk.control(Map.of("stallAt", -1));
            }
            check.get(30, TimeUnit.SECONDS);
            assertThat(descriptorsOn(image)).as("closed by the check when it returned").isZero();
        }
    }

    private static long descriptorsOn(Path file) throws IOException {
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(file);
                } catch (IOException closedMeanwhile) {
                    return false;
                }
            }).count();
        }
    }
}
