package dev.blockwipe.engine;

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
 * size and depth a wipe would use), and the access time of small random reads. It reads; it writes
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
    static final long SAMPLE_BYTES = 64L << 20;
    static final long SAMPLE_NANOS = 500_000_000L;
    static final int ACCESS_READS = 200;
    static final long ACCESS_NANOS = 2_000_000_000L;

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

    /**
     * @param wipeBlockSize  the request size a wipe with a repeating pattern would use on this device
     * @param wipeDepth      the requests a wipe would keep in flight
     * @param accessReads    random small reads timed for the access time (0 when cancelled before)
     * @param accessNanos    their total time
     * @param complete       false when cancelled: the lists hold what was measured before
     */
    public record Result(TargetInfo target, int wipeBlockSize, int wipeDepth, List<Measurement> matrix,
                         List<Sample> profile, int accessReads, long accessNanos, boolean complete) {
        public Result {
            matrix = List.copyOf(matrix);
            profile = List.copyOf(profile);
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

        /** Mean time of one random read, in seconds; NaN when none was timed. */
        public double accessSeconds() {
            return accessReads == 0 ? Double.NaN : accessNanos / 1e9 / accessReads;
        }
    }

    /** Gets every measurement as it is taken, on the benchmark's thread. */
    public interface Listener {
        void measured(Measurement m);

        void sampled(Sample s);

        Listener NONE = new Listener() {
            @Override
            public void measured(Measurement m) {
            }

            @Override
            public void sampled(Sample s) {
            }
        };
    }

    private final boolean write;
    private final int samples;
    private final LongSupplier clock;
    private final RandomGenerator random;

    /**
     * @param write   also measure writes (destroys data in the measured regions)
     * @param samples positions of the profile across the device (at least 2)
     */
    public Benchmark(boolean write, int samples, LongSupplier clock, RandomGenerator random) {
        if (samples < 2) {
            throw new IllegalArgumentException("a profile needs at least 2 samples, not " + samples);
        }
        this.write = write;
        this.samples = samples;
        this.clock = clock;
        this.random = random;
    }

    public Result run(BlockTarget target, Listener listener, CancelToken cancel) throws IOException {
        TargetInfo info = target.info();
        int wipeBlock = IoContext.blockSizeFor(info);
        int wipeDepth = IoContext.depthFor(info, 0, wipeBlock);
        List<Access> ops = write ? List.of(Access.READ, Access.WRITE) : List.of(Access.READ);
        List<Measurement> matrix = new ArrayList<>();
        List<Sample> profile = new ArrayList<>();
        int accessReads = 0;
        long accessNanos = 0;
        int maxBlock = BLOCK_SIZES.get(BLOCK_SIZES.size() - 1);
        int maxDepth = DEPTHS.get(DEPTHS.size() - 1);
        try (IoContext io = new IoContext(info.name() + "-bench", maxDepth, maxBlock)) {
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
                for (int i = 0; i < samples && !cancel.isCancelled(); i++) {
                    Sample s = sample(target, io, op, i, wipeBlock, wipeDepth, cancel);
                    profile.add(s);
                    listener.sampled(s);
                }
                if (op == Access.READ && !cancel.isCancelled()) {
                    long start = clock.getAsLong();
                    accessReads = accessTime(target, io.ioBuffers().get(0), cancel);
                    accessNanos = clock.getAsLong() - start;
                }
            }
        }
        return new Result(info, wipeBlock, wipeDepth, matrix, profile, accessReads, accessNanos, !cancel.isCancelled());
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
        long length = alignDown(Math.min(SAMPLE_BYTES, size), logical);
        long offset = alignDown((size - length) * index / (samples - 1), logical);
        Timed t = timed(target, io, op, ChunkPlan.span(offset, length, blockSize), blockSize, depth, SAMPLE_NANOS,
                cancel);
        return new Sample(op, (double) index / (samples - 1), offset, t.bytes(), t.nanos());
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

    /** Small reads at random aligned offsets, one at a time; returns how many were timed. */
    private int accessTime(BlockTarget target, ByteBuffer buffer, CancelToken cancel) throws IOException {
        int length = Math.max(target.info().logicalBlockSize(), IoContext.PAGE);
        long blocks = target.info().size() / length;
        if (blocks == 0) {
            return 0;
        }
        ByteBuffer small = buffer.slice(0, length);
        long start = clock.getAsLong();
        int reads = 0;
        while (reads < ACCESS_READS && !cancel.isCancelled() && clock.getAsLong() - start < ACCESS_NANOS) {
            target.read(random.nextLong(blocks) * length, small.clear());
            reads++;
        }
        return reads;
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
        byte[] zeroes = new byte[IoContext.PAGE];
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
