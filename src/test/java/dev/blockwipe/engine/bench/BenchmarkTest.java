package dev.blockwipe.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.testing.FaultyTarget;
import dev.blockwipe.testing.MemoryTarget;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class BenchmarkTest {
    private static final int MIB = 1 << 20;

    private final AtomicLong now = new AtomicLong();

    /** A clock that moves {@code step} nanoseconds every time it is read. */
    private Benchmark benchmark(boolean write, int samples, long step) {
        Benchmark.Options defaults = Benchmark.Options.DEFAULT;
        return new Benchmark(new Benchmark.Options(write, samples, defaults.sampleBytes(), defaults.accessReads()),
                () -> now.addAndGet(step), new Random(1));
    }

    @Test
    void aReadBenchmarkMeasuresEveryRequestSizeAndDepthAndWritesNothing() throws Exception {
        MemoryTarget target = new MemoryTarget(64 * MIB);
        new Random(2).nextBytes(target.data());
        byte[] before = target.data().clone();
        List<Benchmark.Measurement> seen = new ArrayList<>();

        Benchmark.Result r = benchmark(false, 5, 1000).run(target, new Benchmark.Listener() {
            @Override
            public void measured(Benchmark.Measurement m) {
                seen.add(m);
            }

            @Override
            public void sampled(Benchmark.Sample s) {
            }
        }, new CancelToken());

        assertThat(r.complete()).isTrue();
        assertThat(r.matrix()).hasSize(Benchmark.BLOCK_SIZES.size() * Benchmark.DEPTHS.size()).isEqualTo(seen)
                .allSatisfy(m -> {
                    assertThat(m.op()).isEqualTo(Access.READ);
                    assertThat(m.bytes()).as("the whole region: the device is smaller than the bound").isEqualTo(64L * MIB);
                });
        assertThat(r.accessReads()).isEqualTo(Benchmark.Options.DEFAULT.accessReads());
        assertThat(target.writes()).isEmpty();
        assertThat(Arrays.equals(target.data(), before)).isTrue();
        assertThat(r.best(Access.READ)).isPresent();
        assertThat(r.best(Access.WRITE)).isEmpty();
    }

    @Test
    void theProfileRunsFromTheFirstToTheLastBytesInEvenSteps() throws Exception {
        MemoryTarget target = new MemoryTarget(160 * MIB);
        Benchmark.Result r = benchmark(false, 4, 1000).run(target, Benchmark.Listener.NONE, new CancelToken());

        assertThat(r.profile()).extracting(Benchmark.Sample::position).containsExactly(0.0, 1 / 3.0, 2 / 3.0, 1.0);
        assertThat(r.profile()).extracting(Benchmark.Sample::offset)
                .containsExactly(0L, 32L * MIB, 64L * MIB, 96L * MIB);
        assertThat(r.profile()).allSatisfy(s -> assertThat(s.bytes()).isEqualTo(Benchmark.Options.DEFAULT.sampleBytes()));
    }

    @Test
    void eachProfileSampleIsAsLargeAsAsked() throws Exception {
        MemoryTarget target = new MemoryTarget(64 * MIB);
        Benchmark.Result r = new Benchmark(new Benchmark.Options(false, 3, 5L * MIB, 10), () -> now.addAndGet(1000),
                new Random(1)).run(target, Benchmark.Listener.NONE, new CancelToken());

        assertThat(r.profile()).extracting(Benchmark.Sample::offset).containsExactly(0L, 29L * MIB + 512 * 1024, 59L * MIB);
        assertThat(r.profile()).allSatisfy(s -> assertThat(s.bytes()).isEqualTo(5L * MIB));
        assertThat(r.options().sampleBytes()).isEqualTo(5L * MIB);
    }

    @Test
    void theAccessTimeTimesEachRandomReadAtAnAlignedPlaceAcrossTheDevice() throws Exception {
        MemoryTarget target = new MemoryTarget(64 * MIB);
        List<Benchmark.AccessRead> seen = new ArrayList<>();
        Benchmark.Result r = new Benchmark(new Benchmark.Options(false, 2, MIB, 300), System::nanoTime, new Random(3))
                .run(target, new Benchmark.Listener() {
                    @Override
                    public void measured(Benchmark.Measurement m) {
                    }

                    @Override
                    public void sampled(Benchmark.Sample s) {
                    }

                    @Override
                    public void accessed(Benchmark.AccessRead a) {
                        seen.add(a);
                    }
                }, new CancelToken());

        assertThat(r.access()).hasSize(300).isEqualTo(seen).allSatisfy(a -> {
            assertThat(a.offset() % 4096).as("one page-aligned block").isZero();
            assertThat(a.offset()).isLessThan(64L * MIB);
            assertThat(a.position()).isEqualTo((double) a.offset() / (64 * MIB));
            assertThat(a.nanos()).isNotNegative();
        });
        assertThat(r.access()).extracting(Benchmark.AccessRead::position).as("spread over the device")
                .anyMatch(p -> p < 0.25).anyMatch(p -> p > 0.75);
        assertThat(r.accessSeconds()).isNotNegative().isLessThanOrEqualTo(r.accessMaxSeconds());
        assertThat(target.writes()).isEmpty();
    }

    @Test
    void theAccessTimeStopsAtItsTimeBound() throws Exception {
        // each clock reading is a second later: the bound has passed before the sixth read could start
        Benchmark.Result r = new Benchmark(new Benchmark.Options(false, 2, MIB, 1000),
                () -> now.addAndGet(1_000_000_000L), new Random(1))
                .run(new MemoryTarget(8 * MIB), Benchmark.Listener.NONE, new CancelToken());

        assertThat(r.accessReads()).isPositive().isLessThanOrEqualTo((int) (Benchmark.ACCESS_NANOS / 1_000_000_000L));
        assertThat(r.accessSeconds()).isEqualTo(1.0);
        assertThat(r.accessMaxSeconds()).isEqualTo(1.0);
    }

    @Test
    void writesComeAfterTheReadsAndLeaveZeroesInTheMeasuredRegions() throws Exception {
        MemoryTarget target = new MemoryTarget(8 * MIB);
        Arrays.fill(target.data(), (byte) 0x5A);

        Benchmark.Result r = benchmark(true, 2, 1000).run(target, Benchmark.Listener.NONE, new CancelToken());

        assertThat(r.matrix()).hasSize(2 * Benchmark.BLOCK_SIZES.size() * Benchmark.DEPTHS.size());
        assertThat(r.matrix().subList(0, 20)).allSatisfy(m -> assertThat(m.op()).isEqualTo(Access.READ));
        assertThat(r.matrix().subList(20, 40)).allSatisfy(m -> assertThat(m.op()).isEqualTo(Access.WRITE));
        assertThat(r.profile()).extracting(Benchmark.Sample::op)
                .containsExactly(Access.READ, Access.READ, Access.WRITE, Access.WRITE);
        assertThat(target.data()).containsOnly((byte) 0);
        assertThat(target.syncs()).as("every timed write ends with a sync").isGreaterThanOrEqualTo(22);
    }

    @Test
    void eachMeasurementStopsAtItsTimeBound() throws Exception {
        // Every clock reading is 1.1 s later, so the watching thread's first look (right after the
        // requests are handed out) finds the bound passed. The workers' requests are held until
        // the watching thread (this one) has read the clock since they began, however loaded the
        // machine: then each worker must stop after the request it has in flight.
        Thread watcher = Thread.currentThread();
        AtomicLong watcherReads = new AtomicLong();
        FaultyTarget target = new FaultyTarget(new MemoryTarget(512 * MIB)).holdingEachRequest(() -> {
            if (Thread.currentThread() != watcher) {
                long seen = watcherReads.get();
                long giveUp = System.nanoTime() + 30_000_000_000L;
                while (watcherReads.get() == seen && System.nanoTime() < giveUp) {
                    Thread.onSpinWait();
                    LockSupport.parkNanos(100_000);
                }
            }
        });
        Benchmark benchmark = new Benchmark(new Benchmark.Options(false, 2, Benchmark.Options.DEFAULT.sampleBytes(),
                Benchmark.Options.DEFAULT.accessReads()), () -> {
            if (Thread.currentThread() == watcher) {
                watcherReads.incrementAndGet();
            }
            return now.addAndGet(1_100_000_000L);
        }, new Random(1));

        Benchmark.Result r = benchmark.run(target, Benchmark.Listener.NONE, new CancelToken());

        assertThat(r.matrix()).isNotEmpty().allSatisfy(m -> {
            assertThat(m.bytes()).as("one request per worker").isLessThanOrEqualTo((long) m.depth() * m.blockSize());
            assertThat(m.bytes()).isLessThan(Benchmark.MEASURE_BYTES);
        });
        assertThat(r.profile()).allSatisfy(s -> assertThat(s.bytes())
                .isLessThanOrEqualTo(Benchmark.Options.DEFAULT.sampleBytes()));
        assertThat(r.accessReads()).isLessThan(Benchmark.Options.DEFAULT.accessReads());
    }

    @Test
    void cancellingKeepsWhatWasMeasuredAndStopsTheRest() throws Exception {
        MemoryTarget target = new MemoryTarget(16 * MIB);
        CancelToken cancel = new CancelToken();
        Benchmark.Result r = benchmark(true, 3, 1000).run(target, new Benchmark.Listener() {
            @Override
            public void measured(Benchmark.Measurement m) {
                if (m.blockSize() == 1 << 20 && m.depth() == 2) {
                    cancel.cancel();
                }
            }

            @Override
            public void sampled(Benchmark.Sample s) {
            }
        }, cancel);

        assertThat(r.complete()).isFalse();
        assertThat(r.matrix()).hasSize(10).last().extracting(Benchmark.Measurement::depth).isEqualTo(2);
        assertThat(r.profile()).isEmpty();
        assertThat(target.writes()).as("no write after a cancel during the reads").isEmpty();
    }

    @Test
    void regionsFollowEachOtherAndWrapOnASmallDevice() {
        assertThat(Benchmark.regionStart(10L << 30, 256L * MIB, 3, 512)).isEqualTo(768L * MIB);
        assertThat(Benchmark.regionStart(64L * MIB, 64L * MIB, 7, 512)).isZero();
        for (int n = 0; n < 40; n++) {
            long start = Benchmark.regionStart(100L * MIB + 512, 60L * MIB, n, 4096);
            assertThat(start % 4096).isZero();
            assertThat(start + 60L * MIB).isLessThanOrEqualTo(100L * MIB + 512);
        }
    }

    @Test
    void optionsOutOfRangeAreRefusedNamingTheSetting() {
        assertThatThrownBy(() -> benchmark(false, 1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("samples across the device: 2 to 1000, not 1");
        assertThatThrownBy(() -> new Benchmark.Options(false, 50, 512 * 1024, 200))
                .hasMessage("sample size: 1 MiB to 1 GiB, not 512 KiB");
        assertThatThrownBy(() -> new Benchmark.Options(false, 50, MIB, 0))
                .hasMessage("random reads for the access time: 1 to 10000, not 0");
    }
}
