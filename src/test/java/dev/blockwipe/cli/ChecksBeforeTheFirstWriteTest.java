package dev.blockwipe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.service.Admission;
import dev.blockwipe.testing.FaultyDisk;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checks between the typed confirmation and the first write read the devices again; a medium
 * that stalls or is being changed can keep them waiting in the kernel for as long as it does not
 * answer. They are refused after a bound, with a line that says so and exit code 4, and nothing is
 * written; the bound is shortened here so that the tests take seconds.
 */
class ChecksBeforeTheFirstWriteTest {
    private static final Duration BOUND = Duration.ofSeconds(2);

    @TempDir
    Path dir;

    @Test
    void checksThatDoNotEndInTimeAreRefusedAndTheTargetIsReleased() throws Exception {
        Path img = Files.write(dir.resolve("slow.img"), new byte[1 << 20]);
        Files.write(img, new byte[] {7, 7, 7});
        byte[] before = Files.readAllBytes(img);
        CountDownLatch answer = new CountDownLatch(1);
        InventorySource hangsAfterTheConfirmation = new InventorySource() {
            private final LinuxInventory real = new LinuxInventory();
            private final AtomicInteger scans = new AtomicInteger();

            @Override
            public DeviceInventory scan() throws IOException {
                return scan(n -> true);
            }

            @Override
            public DeviceInventory scan(Predicate<DeviceNumber> probed) throws IOException {
                if (scans.incrementAndGet() == 2) {
                    awaitQuietly(answer);
                }
                return real.scan(probed);
            }
        };
        try {
            long started = System.nanoTime();
            TargetRefusedException refused = refused(gate(hangsAfterTheConfirmation), img.toString(), "slow.img");

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(BOUND.multipliedBy(5));
            assertThat(refused.reason()).isEqualTo(TargetRefusedException.Reason.NOT_ANSWERING);
            assertThat(ExitCode.of(refused)).isEqualTo(4);
            assertThat(refused.getMessage()).startsWith(img + ": refused: the checks right before the first write did"
                    + " not end within 2 s").endsWith("nothing was written").doesNotContain("\n");
            assertThat(Files.readAllBytes(img)).isEqualTo(before);
            try (OpenedTarget again = new LinuxTargets().open(img.toString(), Access.WRITE)) {
                assertThat(again.info().name()).as("the lock was released").isEqualTo("slow.img");
            }
        } finally {
            answer.countDown();
        }
    }

    /** What was seen once under load: the medium stops answering while the prompt waits. */
    @Test
    void aMediumThatStopsAnsweringWhileThePromptWaitsIsRefusedNotWaitedFor() throws Exception {
        try (FaultyDisk disk = FaultyDisk.create(dir, 16L << 20)) {
            try (RandomAccessFile backing = new RandomAccessFile(disk.backing().toFile(), "rw")) {
                backing.write(new byte[] {1, 2, 3, 4});
            }
            byte[] before = Files.readAllBytes(disk.backing());
            awaitNoOtherOpener(disk.path());
            Admission gate = new Admission(new LinuxTargets(), new Preflight(new LinuxInventory(), BOUND, Preflight.PROBES_WAIT), false, step -> {
                if (step == Admission.Step.CONFIRMED) {
                    // stalled first: whoever reads the first block after the cache is dropped waits for it
                    disk.control(Map.of("stallAt", 0, "stallSeconds", 120));
                    Sh.run("blockdev", "--flushbufs", disk.path());
                }
            });
            try {
                TargetRefusedException refused = refused(gate, disk.path(), disk.name());

                assertThat(refused.reason()).as(refused.getMessage()).isEqualTo(TargetRefusedException.Reason.NOT_ANSWERING);
                assertThat(refused.getMessage()).contains("does not answer", "nothing was written");
                assertThat(disk.state().path("stalled").asInt()).as("the check still waits for the device").isPositive();
            } finally {
                disk.control(Map.of("stallAt", -1));
            }
            assertThat(Files.readAllBytes(disk.backing())).isEqualTo(before);
            awaitReleased(disk.path());
        }
    }

    /** The refusal of {@code path}, confirmed by {@code name}; targets admitted instead are closed, and the test fails. */
    private static TargetRefusedException refused(Admission gate, String path, String name) throws IOException {
        List<Admission.Admitted> admitted;
        try {
            admitted = gate.admit(List.of(path), Confirmation.atTerminal(List.of(name), new PrintWriter(new StringWriter())));
        } catch (TargetRefusedException e) {
            return e;
        }
        Admission.closeAll(admitted.stream().map(Admission.Admitted::target).toList(), e -> { });
        throw new AssertionError(path + " was admitted");
    }

    private static Admission gate(InventorySource inventory) {
        return new Admission(new LinuxTargets(), new Preflight(inventory, BOUND, Preflight.PROBES_WAIT), false, Admission.Pause.NONE);
    }

    /** The check left waiting closes the device once it returns; until then it is held. */
    private static void awaitReleased(String device) throws Exception {
        for (int i = 0; i < 250; i++) {
            try (OpenedTarget t = new LinuxTargets().open(device, Access.WRITE)) {
                return;
            } catch (TargetRefusedException busy) {
                Thread.sleep(20);
            }
        }
        throw new AssertionError(device + " was not released after the check returned");
    }

    /**
     * A Blockwipe window or test elsewhere on the machine may be reading a device that was just
     * attached (its scan probes new devices); the refusal then names that process instead.
     */
    private static void awaitNoOtherOpener(String device) throws Exception {
        Path node = Path.of(device);
        for (int i = 0; i < 250; i++) {
            boolean open;
            try (var processes = Files.list(Path.of("/proc"))) {
                open = processes.filter(p -> p.getFileName().toString().matches("\\d+")
                        && !p.getFileName().toString().equals(String.valueOf(ProcessHandle.current().pid())))
                        .anyMatch(p -> opens(p, node));
            }
            if (!open) {
                return;
            }
            Thread.sleep(20);
        }
    }

    private static boolean opens(Path process, Path node) {
        try (var fds = Files.list(process.resolve("fd"))) {
            return fds.anyMatch(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(node);
                } catch (IOException gone) {
                    return false;
                }
            });
        } catch (IOException | RuntimeException gone) {
            return false;
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
