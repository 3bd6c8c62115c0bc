package dev.blockwipe.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SharedScansTest {
    private static final int CALLERS = 60;

    private final ExecutorService callers = Executors.newCachedThreadPool();
    private final HeldSource source = new HeldSource();
    private final SharedScans shared = new SharedScans(source);

    @AfterEach
    void stop() {
        source.release.complete(null);
        callers.shutdownNow();
    }

    /**
     * Sixty jobs that check their targets at once made sixty scans of the machine; now those that
     * ask while a scan runs share the next one, which probes every device they asked for.
     */
    @Test
    void callersWhileAScanRunsShareTheNextOneWhichProbesWhatEachAskedFor() throws Exception {
        Future<DeviceInventory> first = callers.submit(() -> shared.scan(number(0)::equals));
        assertThat(source.started.await(10, TimeUnit.SECONDS)).isTrue();
        List<Future<DeviceInventory>> waiting = new ArrayList<>();
        for (int i = 1; i < CALLERS; i++) {
            DeviceNumber mine = number(i);
            waiting.add(callers.submit(() -> shared.scan(mine::equals)));
        }
        while (source.queued() < CALLERS) {
            Thread.sleep(5);
        }
        source.release.complete(null);

        assertThat(first.get(10, TimeUnit.SECONDS)).isSameAs(source.results.get(0));
        for (Future<DeviceInventory> w : waiting) {
            assertThat(w.get(10, TimeUnit.SECONDS)).as("the scan after the one under way when they asked")
                    .isSameAs(source.results.get(1));
        }
        assertThat(source.results).as("two scans for sixty callers").hasSize(2);
        Predicate<DeviceNumber> second = source.probed.get(1);
        for (int i = 1; i < CALLERS; i++) {
            assertThat(second.test(number(i))).as("probes what caller %d asked for", i).isTrue();
        }
        assertThat(second.test(number(0))).as("not what only the first scan's caller asked for").isFalse();
    }

    @Test
    void aCallerNeverGetsAScanThatBeganBeforeItAsked() throws Exception {
        source.release.complete(null);
        DeviceInventory one = shared.scan(n -> true);
        DeviceInventory two = shared.scan(n -> true);
        assertThat(two).isNotSameAs(one);
        assertThat(source.results).containsExactly(one, two);
    }

    @Test
    void aFailedScanFailsEveryCallerThatSharedIt() throws Exception {
        source.failure = new IOException("cannot read /proc/self/mountinfo");
        source.release.complete(null);
        assertThatThrownBy(() -> shared.scan(n -> true)).isSameAs(source.failure);
        source.failure = null;
        assertThat(shared.scan(n -> true)).as("the next scan runs").isSameAs(source.results.get(1));
    }

    private static DeviceNumber number(int minor) {
        return new DeviceNumber(8, minor);
    }

    /** A source whose scans wait until released, one at a time, and which keeps what each was asked and gave. */
    private final class HeldSource implements InventorySource {
        final CompletableFuture<Void> release = new CompletableFuture<>();
        final CountDownLatch started = new CountDownLatch(1);
        final List<DeviceInventory> results = new ArrayList<>();
        final List<Predicate<DeviceNumber>> probed = new ArrayList<>();
        volatile IOException failure;

        @Override
        public DeviceInventory scan() {
            throw new AssertionError("SharedScans passes on what to probe");
        }

        @Override
        public synchronized DeviceInventory scan(Predicate<DeviceNumber> what) throws IOException {
            started.countDown();
            release.join();
            probed.add(what);
            DeviceInventory inventory = new InventoryBuilder((path, number) -> Signatures.NONE, name -> Identity.NONE)
                    .build(List.of(), new UsageFacts(List.of(), List.of(), List.of(), null));
            results.add(inventory);
            if (failure != null) {
                throw failure;
            }
            return inventory;
        }

        /** The threads parked in SharedScans: the one scanning (parked here), and those waiting for the next scan. */
        int queued() {
            return (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.getState() == Thread.State.WAITING
                    && List.of(t.getStackTrace()).stream().anyMatch(f -> f.getClassName().equals(SharedScans.class.getName())))
                    .count();
        }
    }
}
