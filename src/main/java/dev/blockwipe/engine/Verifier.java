package dev.blockwipe.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * Reads a target back and compares it with the pattern that should be there, with the same
 * workers and in-flight depth as the writes. The comparison is {@link ByteBuffer#mismatch}, which
 * the JDK vectorizes; only a block that differs is looked at logical block by logical block.
 */
final class Verifier {
    static final int SAMPLE_BLOCK = 1 << 20;
    private static final int TEMPLATE = 64 << 10;

    private final BlockTarget target;
    private final IoContext io;
    private final LongSupplier clock;
    private final Keystreams keystreams;

    Verifier(BlockTarget target, IoContext io, LongSupplier clock, Keystreams keystreams) {
        this.target = target;
        this.io = io;
        this.clock = clock;
        this.keystreams = keystreams;
    }

    /**
     * Reads {@code plan} back with {@code depth} requests in flight and compares it with
     * {@code expected}.
     */
    VerifyResult verify(ChunkPlan plan, Pattern expected, String mode, int depth, Sweep.Ticker ticker, CancelToken cancel)
            throws IOException {
        target.dropCache();
        MismatchLog log = new MismatchLog();
        long start = clock.getAsLong();
        Sweep sweep = new Sweep(plan);
        List<ByteBuffer> wanted = io.expectedBuffers();
        sweep.run(io.pool(), io.ioBuffers().subList(0, depth), worker -> comparer(expected, wanted.get(worker), log),
                ticker, cancel);
        return new VerifyResult(mode, expected.describe(), plan.totalBytes(), sweep.bytesDone(), log.sectors(),
                log.firstByte(), log.ranges(), Duration.ofNanos(clock.getAsLong() - start));
    }

    /**
     * A repeating pattern is compared window by window against one small template (64 KiB, a
     * whole number of periods, so every window has the same phase): the template stays in the
     * cache and only the data read moves through memory, instead of a second 4 MiB buffer. The
     * full expected block is only built to locate the differences once there are some.
     */
    private Sweep.ChunkWork comparer(Pattern expected, ByteBuffer want, MismatchLog log) {
        int sector = target.info().logicalBlockSize();
        PatternSource source = expected.newSource(keystreams);
        if (!(expected instanceof Pattern.Repeating repeating)) {
            return (chunk, got) -> {
                read(chunk, got);
                want.clear().limit(chunk.length());
                source.fill(want, chunk.offset());
                if (got.mismatch(want) != -1) {
                    record(chunk, got, want, sector, log);
                }
            };
        }
        int period = repeating.unit().length;
        ByteBuffer template = ByteBuffer.allocateDirect((TEMPLATE + period - 1) / period * period);
        PatternSource templateSource = expected.newSource(keystreams);
        return (chunk, got) -> {
            read(chunk, got);
            templateSource.fill(template.clear(), chunk.offset());
            for (int pos = 0; pos < chunk.length(); pos += template.capacity()) {
                int n = Math.min(template.capacity(), chunk.length() - pos);
                if (got.slice(pos, n).mismatch(template.slice(0, n)) != -1) {
                    want.clear().limit(chunk.length());
                    source.fill(want, chunk.offset());
                    record(chunk, got, want, sector, log);
                    return;
                }
            }
        };
    }

    private void read(Chunk chunk, ByteBuffer got) throws IOException {
        got.clear().limit(chunk.length());
        target.read(chunk.offset(), got);
    }

    /** Whole target, in blocks of {@code blockSize}. */
    ChunkPlan fullPlan(int blockSize) {
        return ChunkPlan.sequential(target.info().size(), blockSize, blockSize);
    }

    /**
     * {@code percent}% of the target in blocks of 1 MiB (or the block size, if smaller): the first
     * and the last block, and one block at a random aligned offset in each of the equal strata
     * between them, so the sample is spread evenly and cannot be predicted.
     */
    ChunkPlan samplePlan(double percent, RandomGenerator random) {
        long size = target.info().size();
        int sector = target.info().logicalBlockSize();
        int block = Math.min(SAMPLE_BLOCK, io.blockSize());
        long count = Math.max(2, (long) Math.ceil(size * percent / 100.0 / block));
        if (count * block >= size) {
            return fullPlan(io.blockSize());
        }
        long lastStart = (size - block) / sector * sector;
        if (size - lastStart > io.blockSize()) {
            lastStart += sector; // an image file's unaligned tail must still fit one buffer
        }
        List<Chunk> chunks = new ArrayList<>();
        chunks.add(new Chunk(0, block));
        long inner = count - 2;
        long stride = inner > 0 ? (lastStart - block) / inner / sector * sector : 0;
        for (long i = 0; i < inner; i++) {
            long lo = block + i * stride;
            long slack = (stride - block) / sector;
            long offset = lo + (slack > 0 ? random.nextLong(slack + 1) : 0) * sector;
            chunks.add(new Chunk(offset, block));
        }
        chunks.add(new Chunk(lastStart, (int) (size - lastStart)));
        return ChunkPlan.listed(chunks);
    }

    private static void record(Chunk chunk, ByteBuffer got, ByteBuffer want, int sector, MismatchLog log) {
        int first = got.mismatch(want);
        log.firstByte(chunk.offset() + first);
        long runStart = -1;
        long runSectors = 0;
        for (int s = first / sector * sector; s < chunk.length(); s += sector) {
            int n = Math.min(sector, chunk.length() - s);
            boolean differs = got.slice(s, n).mismatch(want.slice(s, n)) != -1;
            if (differs) {
                if (runStart < 0) {
                    runStart = s;
                }
                runSectors++;
            } else if (runStart >= 0) {
                log.add(chunk.offset() + runStart, (int) (s - runStart), runSectors);
                runStart = -1;
                runSectors = 0;
            }
        }
        if (runStart >= 0) {
            log.add(chunk.offset() + runStart, (int) (chunk.length() - runStart), runSectors);
        }
    }
}
