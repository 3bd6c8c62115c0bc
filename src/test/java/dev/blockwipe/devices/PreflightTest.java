package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.linux.SysfsScanner;
import dev.blockwipe.testing.FakeSysfs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A probe is not an owner: the scans a command that writes makes wait for probes, and for nothing else. */
class PreflightTest {
    private static final DeviceNumber SDB = new DeviceNumber(8, 16);
    private static final TargetIdentity TARGET = TargetIdentity.device(8, 16, 1L << 30, 0, "", "", null);
    private static final Opener WINDOW = new Opener(812, "the Blockwipe window", true);
    private static final Opener UDEV = new Opener(77, "udev", true);
    private static final Opener QEMU = new Opener(4242, "qemu-system-x86", false);

    @TempDir
    Path tmp;
    private FakeSysfs sys;

    @BeforeEach
    void oneDisk() {
        sys = new FakeSysfs(tmp.resolve("sys"));
        sys.disk(FakeSysfs.sata(2, "sdb"), "8:16");
    }

    @Test
    void aTargetThatAProbeReadsIsLookedAtAgainUntilTheProbeHasGone() throws Exception {
        Scans scans = new Scans(List.of(WINDOW), List.of(UDEV), List.of());

        DeviceInventory inv = new Preflight(scans, Preflight.ANSWER_WITHIN, Duration.ofSeconds(10)).scan("/dev/sdb", List.of(TARGET));

        assertThat(scans.count.get()).isEqualTo(3);
        assertThat(new Preflight(scans).beforeOpen(inv, TARGET, false).blocked()).isFalse();
    }

    @Test
    void aProbeThatStaysIsNamedOnceTheWaitIsOver() throws Exception {
        Scans scans = new Scans(List.of(WINDOW));
        long start = System.nanoTime();

        DeviceInventory inv = new Preflight(scans, Preflight.ANSWER_WITHIN, Duration.ofMillis(400)).scan("/dev/sdb", List.of(TARGET));

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(Duration.ofMillis(400), Duration.ofSeconds(5));
        assertThat(scans.count.get()).isBetween(2, 6);
        assertThat(new Preflight(scans).beforeOpen(inv, TARGET, true)).isInstanceOfSatisfying(SafetyVerdict.Blocked.class,
                b -> {
                    assertThat(b.reason()).isEqualTo(BlockReason.HELD);
                    assertThat(b.describe()).isEqualTo("the Blockwipe window, process 812, is reading it");
                });
    }

    @Test
    void anyOtherHolderIsJudgedAtOnceEvenBesideAProbe() throws Exception {
        Scans scans = new Scans(List.of(WINDOW, QEMU), List.of());

        DeviceInventory inv = new Preflight(scans, Preflight.ANSWER_WITHIN, Duration.ofSeconds(10)).scan("/dev/sdb", List.of(TARGET));

        assertThat(scans.count.get()).isEqualTo(1);
        assertThat(new Preflight(scans).beforeOpen(inv, TARGET, false).describe())
                .contains("open in process 4242 (qemu-system-x86)");
    }

    @Test
    void aTargetNoOneHasOpenIsScannedOnce() throws Exception {
        Scans scans = new Scans(List.of());

        new Preflight(scans, Preflight.ANSWER_WITHIN, Duration.ofSeconds(10)).scan("/dev/sdb", List.of(TARGET));

        assertThat(scans.count.get()).isEqualTo(1);
    }

    /** Each scan sees the next of these sets of processes with sdb open; the last one stays. */
    private final class Scans implements InventorySource {
        private final Deque<List<Opener>> openers;
        private final AtomicInteger count = new AtomicInteger();

        @SafeVarargs
        Scans(List<Opener>... each) {
            this.openers = new ArrayDeque<>(List.of(each));
        }

        @Override
        public DeviceInventory scan() throws IOException {
            count.incrementAndGet();
            List<Opener> now = openers.size() > 1 ? openers.poll() : openers.peek();
            UsageFacts usage = new UsageFacts(List.of(), List.of(), List.of(), null)
                    .withOpen(new OpenFiles(Map.of(SDB, now), Map.of()));
            return new InventoryBuilder((path, number) -> Signatures.NONE, d -> Identity.NONE)
                    .build(new SysfsScanner(sys.root(), sys.root().resolve("no-device-nodes")).scan(), usage);
        }
    }
}
