package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.DeviceWatcher.Change;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DeviceWatcherTest {
    private static final UsageFacts NOTHING_IN_USE = new UsageFacts(List.of(), List.of(), List.of(), null);
    private static final SysfsDisk SDA = disk("sda", "8:0", part("sda1", "8:1", 1));
    private static final SysfsDisk SDB = disk("sdb", "8:16");
    private static final SysfsDisk SDC = disk("sdc", "8:32");
    private static final Duration PERIOD = Duration.ofMillis(50);
    /** How long to wait for something that should happen within a few periods. */
    private static final long TIMEOUT_SECONDS = 5;

    private final FakeSource source = new FakeSource(inventory(NOTHING_IN_USE, SDA, SDB));
    private final AtomicReference<String> fingerprint = new AtomicReference<>("v1");
    private final BlockingQueue<List<Change>> changes = new LinkedBlockingQueue<>();
    private final BlockingQueue<IOException> errors = new LinkedBlockingQueue<>();
    private DeviceWatcher watcher;

    @AfterEach
    void stop() {
        if (watcher != null) {
            watcher.close();
        }
    }

    @Test
    void diffReportsAddedRemovedAndChangedDevices() {
        DeviceInventory before = inventory(NOTHING_IN_USE, SDA, SDB);
        DeviceInventory after = inventory(
                new UsageFacts(List.of(new Mount(new DeviceNumber(8, 1), "/dev/sda1", "/mnt", "ext4")), List.of(),
                        List.of(), null), SDA, SDC);

        List<Change> diff = DeviceWatcher.diff(before, after);

        assertThat(describe(diff)).containsExactly("Changed sda", "Changed sda1", "Added sdc", "Removed sdb");
        Change.Changed sda1 = (Change.Changed) diff.get(1);
        assertThat(sda1.before().usage().mountPoints()).isEmpty();
        assertThat(sda1.device().usage().mountPoints()).containsExactly("/mnt");
    }

    @Test
    void diffOfTwoScansOfTheSameMachineIsEmpty() {
        assertThat(DeviceWatcher.diff(inventory(NOTHING_IN_USE, SDA, SDB), inventory(NOTHING_IN_USE, SDA, SDB))).isEmpty();
    }

    @Test
    void anotherDeviceUnderAnOldNameIsRemovedAndAdded() {
        DeviceInventory after = inventory(NOTHING_IN_USE, SDA, disk("sdb", "8:48"));

        assertThat(describe(DeviceWatcher.diff(inventory(NOTHING_IN_USE, SDA, SDB), after)))
                .containsExactly("Added sdb", "Removed sdb");
    }

    @Test
    void firstScanReportsEveryDeviceAdded() throws InterruptedException {
        start();

        assertThat(describe(nextChanges())).containsExactly("Added sda", "Added sda1", "Added sdb");
    }

    @Test
    void changedFingerprintRescansAndReportsTheDifference() throws InterruptedException {
        start();
        nextChanges();

        source.next.set(inventory(NOTHING_IN_USE, SDA, SDC));
        fingerprint.set("v2");

        assertThat(describe(nextChanges())).containsExactly("Added sdc", "Removed sdb");
        assertThat(source.scans).hasValue(2);
    }

    @Test
    void unchangedFingerprintDoesNotRescan() throws InterruptedException {
        CountDownLatch polls = new CountDownLatch(6);
        watcher = new DeviceWatcher(source, () -> {
            polls.countDown();
            return fingerprint.get();
        }, (inventory, c) -> changes.add(c), errors::add);
        watcher.start(PERIOD);

        assertThat(polls.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).as("fingerprint read by the first scan and 5 polls").isTrue();
        assertThat(source.scans).hasValue(1);
        assertThat(changes).hasSize(1);
    }

    @Test
    void refreshRescansAlthoughTheFingerprintIsUnchanged() throws InterruptedException {
        start();
        nextChanges();

        source.next.set(inventory(NOTHING_IN_USE, SDA));
        watcher.refresh();

        assertThat(describe(nextChanges())).containsExactly("Removed sdb");
        assertThat(source.scans).hasValue(2);
    }

    /** A kernel event wakes the watcher: with a period of an hour, only the poke can find the change. */
    @Test
    void aPokeChecksAtOnceInsteadOfAtTheNextPeriod() throws InterruptedException {
        watcher = new DeviceWatcher(source, fingerprint::get, (inventory, c) -> changes.add(c), errors::add);
        watcher.start(Duration.ofHours(1));
        nextChanges();

        source.next.set(inventory(NOTHING_IN_USE, SDA, SDC));
        fingerprint.set("v2");
        watcher.poke();

        assertThat(describe(nextChanges())).containsExactly("Added sdc", "Removed sdb");
    }

    @Test
    void failedScanReachesTheErrorListenerAndIsRetried() throws InterruptedException {
        IOException failure = new IOException("cannot open /sys/block");
        source.failure.set(failure);
        start();

        assertThat(errors.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isSameAs(failure);
        source.failure.set(null);
        assertThat(describe(nextChanges())).containsExactly("Added sda", "Added sda1", "Added sdb");
    }

    private void start() {
        watcher = new DeviceWatcher(source, fingerprint::get, (inventory, c) -> changes.add(c), errors::add);
        watcher.start(PERIOD);
    }

    private List<Change> nextChanges() throws InterruptedException {
        List<Change> next = changes.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertThat(next).as("changes reported within %d s", TIMEOUT_SECONDS).isNotNull();
        return next;
    }

    /** "Added sdc", "Changed sda1". */
    private static List<String> describe(List<Change> changes) {
        return changes.stream().map(c -> c.getClass().getSimpleName() + " " + c.device().name()).toList();
    }

    private static final class FakeSource implements InventorySource {
        final AtomicReference<DeviceInventory> next;
        final AtomicReference<IOException> failure = new AtomicReference<>();
        final AtomicInteger scans = new AtomicInteger();

        FakeSource(DeviceInventory first) {
            next = new AtomicReference<>(first);
        }

        @Override
        public DeviceInventory scan() throws IOException {
            scans.incrementAndGet();
            IOException e = failure.get();
            if (e != null) {
                throw e;
            }
            return next.get();
        }
    }

    private static DeviceInventory inventory(UsageFacts usage, SysfsDisk... disks) {
        return new InventoryBuilder((path, number) -> Signatures.NONE, name -> Identity.NONE).build(List.of(disks), usage);
    }

    private static SysfsDisk disk(String name, String number, SysfsPartition... partitions) {
        return new SysfsDisk(name, DeviceNumber.parse(number), "/sys/devices/virtual/block/" + name, 2_097_152, 512,
                512, false, false, false, 0, 0, 0, 0, Identity.NONE, 0, LoopFacts.NONE, "", "", List.of(), List.of(),
                List.of(partitions), List.of());
    }

    private static SysfsPartition part(String name, String number, int n) {
        return new SysfsPartition(name, DeviceNumber.parse(number), n, 2048, 1_000_000, false, "", List.of());
    }
}
