package dev.blockwipe.engine.bench;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.DirectBuffers;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.io.ChunkPlan;
import dev.blockwipe.engine.io.IoContext;
import dev.blockwipe.engine.io.Sweep;
import dev.blockwipe.engine.io.TargetInfo;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * What a device can do, measured before a long wipe: sequential throughput at several request
 * sizes and depths, throughput at evenly spread positions across the device (with the request
 * size and depth a wipe would use), and the access time of small random reads (each one timed, so
 * the mean and the worst are known, and where on the device it fell). It reads; it writes
 * (zeroes, then syncs, inside each timed measurement) only when asked, and then only after the
 * reads, so a cancelled write benchmark has still measured the reads.
 *
 * <p>Every measurement is bounded in bytes and in time, so a slow USB stick costs about as much
 * time as a fast SSD. Measurements go to different regions of the device, so a drive's cache does
 * not serve one measurement from the previous one.
 */
public final class Benchmark {
    public static final List<Integer> BLOCK_SIZES = List.of(64 << 10, 256 << 10, 1 << 20, 4 << 20, 16 << 20);
    public static final List<Integer> DEPTHS = List.of(1, 2, 4, 8);
    /** Bytes per matrix measurement, at most. */
    public static final long MEASURE_BYTES = 256L << 20;
    public static final long MEASURE_NANOS = 1_000_000_000L;
    public static final long SAMPLE_NANOS = 500_000_000L;
    public static final long ACCESS_NANOS = 5_000_000_000L;

    /**
     * What to measure.
     *
     * @param write       also measure writes (destroys data in the measured regions)
     * @param samples     positions of the profile across the device
     * @param sampleBytes bytes read (and written) at each position, at most
     * @param accessReads random small reads timed for the access time, at most
     */
    public record Options(boolean write, int samples, long sampleBytes, int accessReads) {
        public static final int MAX_SAMPLES = 1000;
        public static final long MIN_SAMPLE_BYTES = 1L << 20;
        public static final long MAX_SAMPLE_BYTES = 1L << 30;
        public static final int MAX_ACCESS_READS = 10_000;
        /** What the window and the CLI start from. */
        public static final Options DEFAULT = new Options(false, 50, 64L << 20, 200);

        /** @throws IllegalArgumentException naming the setting that is out of range */
        public Options {
            if (samples < 2 || samples > MAX_SAMPLES) {
                throw new IllegalArgumentException("samples across the device: 2 to " + MAX_SAMPLES + ", not " + samples);
            }
            if (sampleBytes < MIN_SAMPLE_BYTES || sampleBytes > MAX_SAMPLE_BYTES) {
                throw new IllegalArgumentException("sample size: " + Units.bytes(MIN_SAMPLE_BYTES) + " to "
                        + Units.bytes(MAX_SAMPLE_BYTES) + ", not " + Units.bytes(sampleBytes));
            }
            if (accessReads < 1 || accessReads > MAX_ACCESS_READS) {
                throw new IllegalArgumentException("random reads for the access time: 1 to " + MAX_ACCESS_READS
                        + ", not " + accessReads);
            }
        }
    }

    /** One sequential measurement: {@code bytes} moved in {@code nanos} with these requests. */
    public record Measurement(Access op, int blockSize, int depth, long offset, long bytes, long nanos) {
        public double bytesPerSecond() {
            return nanos == 0 ? 0 : bytes * 1e9 / nanos;
        }
    }

    /** One point of the profile across the device; {@code position} runs from 0 (start) to 1 (end). */
    public record Sample(Access op, double position, long offset, long bytes, long nanos) {
        public double bytesPerSecond() {
            return nanos == 0 ? 0 : bytes * 1e9 / nanos;
        }
    }

    /** One random read of the access-time measurement, at {@code position} (0 to 1) on the device. */
    public record AccessRead(double position, long offset, long nanos) {
        public double seconds() {
            return nanos / 1e9;
        }
    }

    /**
     * @param wipeBlockSize  the request size a wipe with a repeating pattern would use on this device
     * @param wipeDepth      the requests a wipe would keep in flight
     * @param access         the timed random reads (none when cancelled before)
     * @param complete       false when cancelled: the lists hold what was measured before
     */
    public record Result(TargetInfo target, Options options, int wipeBlockSize, int wipeDepth,
                         List<Measurement> matrix, List<Sample> profile, List<AccessRead> access, boolean complete) {
        public Result {
            matrix = List.copyOf(matrix);
            profile = List.copyOf(profile);
            access = List.copyOf(access);
        }

        /** The fastest measurement of {@code op}, if any. */
        public Optional<Measurement> best(Access op) {
            return matrix.stream().filter(m -> m.op() == op)
                    .max(Comparator.comparingDouble(Measurement::bytesPerSecond));
        }

        /** Minimum, mean and maximum throughput of the profile of {@code op}. */
        public DoubleSummaryStatistics profileRates(Access op) {
            return profile.stream().filter(s -> s.op() == op).mapToDouble(Sample::bytesPerSecond).summaryStatistics();
        }

        public int accessReads() {
            return access.size();
        }

        /** Mean time of one random read, in seconds; NaN when none was timed. */
        public double accessSeconds() {
            return access.stream().mapToDouble(AccessRead::seconds).average().orElse(Double.NaN);
        }

        /** The slowest random read, in seconds; NaN when none was timed. */
        public double accessMaxSeconds() {
            return access.stream().mapToDouble(AccessRead::seconds).max().orElse(Double.NaN);
        }
    }

    /** Gets every measurement as it is taken, on the benchmark's thread. */
    public interface Listener {
        void measured(Measurement m);

        void sampled(Sample s);

        default void accessed(AccessRead a) {
        }

        Listener NONE = new Listener() {
            @Override
            public void measured(Measurement m) {
            }

            @Override
            public void sampled(Sample s) {
            }
        };
    }

    private final Options options;
    private final LongSupplier clock;
    private final RandomGenerator random;

    public Benchmark(Options options, LongSupplier clock, RandomGenerator random) {
        this.options = options;
        this.clock = clock;
        this.random = random;
    }

    public Result run(BlockTarget target, Listener listener, CancelToken cancel) throws IOException {
        TargetInfo info = target.info();
        int wipeBlock = IoContext.blockSizeFor(info, IoContext.MAX_BUFFER_BYTES);
        int wipeDepth = IoContext.depthFor(info, 0, wipeBlock, IoContext.MAX_BUFFER_BYTES);
        List<Access> ops = options.write() ? List.of(Access.READ, Access.WRITE) : List.of(Access.READ);
        List<Measurement> matrix = new ArrayList<>();
        List<Sample> profile = new ArrayList<>();
        List<AccessRead> access = new ArrayList<>();
        int maxBlock = BLOCK_SIZES.get(BLOCK_SIZES.size() - 1);
        int maxDepth = DEPTHS.get(DEPTHS.size() - 1);
        // its own buffers: the largest requests at the deepest queue, measured one at a time
        try (IoContext io = new IoContext(info.name() + "-bench", new BufferPool((long) maxDepth * maxBlock),
                target::allocate, maxDepth, maxBlock)) {
            for (Access op : ops) {
                if (op == Access.WRITE) {
                    io.ioBuffers().forEach(Benchmark::zero); // they hold what the reads found
                }
                int region = 0;
                for (int blockSize : BLOCK_SIZES) {
                    for (int depth : DEPTHS) {
                        if (cancel.isCancelled() || blockSize % info.logicalBlockSize() != 0) {
                            continue;
                        }
                        Measurement m = measure(target, io, op, blockSize, depth, region++, cancel);
                        if (m.bytes() > 0) {
                            matrix.add(m);
                            listener.measured(m);
                        }
                    }
                }
                for (int i = 0; i < options.samples() && !cancel.isCancelled(); i++) {
                    Sample s = sample(target, io, op, i, wipeBlock, wipeDepth, cancel);
                    profile.add(s);
                    listener.sampled(s);
                }
                if (op == Access.READ) {
                    accessTime(target, io.ioBuffers().get(0), access, listener, cancel);
                }
            }
        }
        return new Result(info, options, wipeBlock, wipeDepth, matrix, profile, access, !cancel.isCancelled());
    }

    private Measurement measure(BlockTarget target, IoContext io, Access op, int blockSize, int depth, int region,
                                CancelToken cancel) throws IOException {
        long size = target.info().size();
        long length = alignDown(Math.min(MEASURE_BYTES, size), target.info().logicalBlockSize());
        long offset = regionStart(size, length, region, target.info().logicalBlockSize());
        Timed t = timed(target, io, op, ChunkPlan.span(offset, length, blockSize), blockSize, depth, MEASURE_NANOS,
                cancel);
        return new Measurement(op, blockSize, depth, offset, t.bytes(), t.nanos());
    }

    private Sample sample(BlockTarget target, IoContext io, Access op, int index, int blockSize, int depth,
                          CancelToken cancel) throws IOException {
        long size = target.info().size();
        int logical = target.info().logicalBlockSize();
        int last = options.samples() - 1;
        long length = alignDown(Math.min(options.sampleBytes(), size), logical);
        long offset = alignDown((size - length) * index / last, logical);
        Timed t = timed(target, io, op, ChunkPlan.span(offset, length, blockSize), blockSize, depth, SAMPLE_NANOS,
                cancel);
        return new Sample(op, (double) index / last, offset, t.bytes(), t.nanos());
    }

    private record Timed(long bytes, long nanos) {
    }

    /** Runs {@code plan} until done, {@code limit} nanoseconds have passed, or cancelled; writes end with a sync. */
    private Timed timed(BlockTarget target, IoContext io, Access op, ChunkPlan plan, int blockSize, int depth,
                        long limit, CancelToken cancel) throws IOException {
        List<ByteBuffer> buffers = io.ioBuffers().subList(0, depth).stream().map(b -> b.slice(0, blockSize)).toList();
        CancelToken stop = new CancelToken();
        Sweep sweep = new Sweep(plan, clock);
        long start = clock.getAsLong();
        sweep.run(io.pool(), buffers, w -> (chunk, buffer) -> {
            buffer.clear().limit(chunk.length());
            if (op == Access.WRITE) {
                target.write(chunk.offset(), buffer);
            } else {
                target.read(chunk.offset(), buffer);
            }
            return chunk.length();
        }, (done, oldest) -> {
            if (cancel.isCancelled() || clock.getAsLong() - start >= limit) {
                stop.cancel();
            }
        }, stop);
        if (op == Access.WRITE) {
            target.sync();
        }
        return new Timed(sweep.bytesDone(), clock.getAsLong() - start);
    }

    /**
     * Small reads (a logical block, at least a page) at random aligned offsets, one at a time, each
     * timed on its own: up to {@link Options#accessReads()} of them or {@link #ACCESS_NANOS}.
     */
    private void accessTime(BlockTarget target, ByteBuffer buffer, List<AccessRead> access, Listener listener,
                            CancelToken cancel) throws IOException {
        long size = target.info().size();
        int length = Math.max(target.info().logicalBlockSize(), DirectBuffers.PAGE);
        long blocks = size / length;
        if (blocks == 0) {
            return;
        }
        ByteBuffer small = buffer.slice(0, length);
        long start = clock.getAsLong();
        while (access.size() < options.accessReads() && !cancel.isCancelled()) {
            long offset = random.nextLong(blocks) * length;
            long before = clock.getAsLong();
            if (before - start >= ACCESS_NANOS) {
                return;
            }
            target.read(offset, small.clear());
            AccessRead a = new AccessRead((double) offset / size, offset, clock.getAsLong() - before);
            access.add(a);
            listener.accessed(a);
        }
    }

    /**
     * The {@code n}th region of {@code length} bytes: consecutive regions while they fit, then
     * wrapping around (on a device too small for separate regions they overlap).
     */
    static long regionStart(long size, long length, int n, int alignment) {
        long room = size - length;
        if (room <= 0) {
            return 0;
        }
        return alignDown(n * length % (room + 1), alignment);
    }

    private static void zero(ByteBuffer buffer) {
        byte[] zeroes = new byte[DirectBuffers.PAGE];
        buffer.clear();
        while (buffer.hasRemaining()) {
            buffer.put(zeroes, 0, Math.min(zeroes.length, buffer.remaining()));
        }
        buffer.clear();
    }

    private static long alignDown(long value, int alignment) {
        return value - value % alignment;
    }
}
