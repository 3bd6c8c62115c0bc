package dev.blockwipe.engine.verify;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.fault.BadSectors;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.fault.MediaErrors;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.ByteRange;
import dev.blockwipe.engine.io.Chunk;
import dev.blockwipe.engine.io.ChunkPlan;
import dev.blockwipe.engine.io.IoContext;
import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.io.Sweep;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.PatternSource;
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
 * Ranges known to be bad are not read; a read that fails is isolated to the sector (see
 * {@link MediaErrors}) and the unreadable sectors are counted apart from differences.
 */
public final class Verifier {
    static final int SAMPLE_BLOCK = 1 << 20;
    private static final int TEMPLATE = 64 << 10;

    private final BlockTarget target;
    private final IoContext io;
    private final LongSupplier clock;
    private final Keystreams keystreams;
    private final BadSectors bad;
    private final MediaErrors media;

    public Verifier(BlockTarget target, IoContext io, LongSupplier clock, Keystreams keystreams, BadSectors bad,
             FaultPolicy faults) {
        this.target = target;
        this.io = io;
        this.clock = clock;
        this.keystreams = keystreams;
        this.bad = bad;
        this.media = new MediaErrors(target, bad, faults);
    }

    /**
     * Reads {@code plan} back with {@code depth} requests in flight and compares it with
     * {@code expected}.
     */
    public VerifyResult verify(ChunkPlan plan, Pattern expected, String mode, int depth, int pass, Sweep.Ticker ticker,
                        CancelToken cancel) throws IOException {
        target.dropCache();
        MismatchLog log = new MismatchLog();
        long start = clock.getAsLong();
        long badBefore = bad.bytes();
        long skipped = skipped(plan);
        Sweep sweep = new Sweep(plan, clock, media);
        List<ByteBuffer> readers = io.ioBuffers(depth);
        if (!(expected instanceof Pattern.Repeating)) {
            readers = readers.subList(0, Math.min(readers.size(), io.expectedBuffers().size()));
        }
        boolean complete = sweep.run(io.pool(), readers,
                worker -> comparer(expected, worker, log, pass), ticker, cancel);
        if (complete) {
            media.giveUpIfTooMany();
        }
        long unreadable = bad.bytes() - badBefore;
        return new VerifyResult(mode, expected.describe(), plan.totalBytes(), sweep.bytesDone(), log.sectors(),
                log.firstByte(), log.ranges(), skipped, unreadable, complete, Duration.ofNanos(clock.getAsLong() - start),
                new RequestShape(plan.requestBytes(), readers.size()));
    }

    /** Bytes of the plan known to be bad before the read-back (they are not read). */
    private long skipped(ChunkPlan plan) {
        long good = 0;
        for (long i = 0; i < plan.count(); i++) {
            Chunk c = plan.chunk(i);
            good += bad.goodParts(c.offset(), c.length()).stream().mapToLong(ByteRange::length).sum();
        }
        return plan.totalBytes() - good;
    }

    /**
     * Reads the good parts of a chunk and compares what could be read. A repeating pattern is
     * compared window by window against one small template (64 KiB, a whole number of periods, so
     * every window has the same phase): the template stays in the cache and only the data read
     * moves through memory, instead of a second 4 MiB buffer. The full expected block of a pattern
     * is only built to locate the differences once there are some (in a buffer of the worker's own,
     * made then: only a failing read-back needs it).
     */
    private Sweep.ChunkWork comparer(Pattern expected, int worker, MismatchLog log, int pass) {
        int sector = target.info().logicalBlockSize();
        PatternSource source = expected.newSource(keystreams);
        ByteBuffer template = expected instanceof Pattern.Repeating r
                ? ByteBuffer.allocateDirect((TEMPLATE + r.unit().length - 1) / r.unit().length * r.unit().length) : null;
        PatternSource templateSource = expected.newSource(keystreams);
        ByteBuffer[] located = {template == null ? io.expectedBuffers().get(worker) : null};
        return (chunk, got) -> {
            ByteBuffer want = located[0];
            got.clear().limit(chunk.length());
            List<ByteRange> read = new ArrayList<>();
            for (ByteRange part : bad.goodParts(chunk.offset(), chunk.length())) {
                int at = (int) (part.offset() - chunk.offset());
                read.addAll(media.read(part.offset(), got.slice(at, (int) part.length()), pass));
            }
            if (template != null) {
                templateSource.fill(template.clear(), chunk.offset());
            } else {
                want.clear().limit(chunk.length());
                source.fill(want, chunk.offset());
            }
            boolean wantFilled = template == null;
            long verified = 0;
            for (ByteRange r : read) {
                int from = (int) (r.offset() - chunk.offset());
                int to = from + (int) r.length();
                verified += r.length();
                if (differs(got, template != null ? template : want, template != null, from, to)) {
                    if (!wantFilled) {
                        if (located[0] == null) {
                            located[0] = ByteBuffer.allocate(io.blockSize());
                        }
                        want = located[0].clear().limit(chunk.length());
                        source.fill(want, chunk.offset());
                        wantFilled = true;
                    }
                    record(chunk.offset(), got, want, from, to, sector, log);
                }
            }
            return verified;
        };
    }

    /** Whether got[from, to) differs from what is expected there (a template repeats every capacity bytes). */
    private static boolean differs(ByteBuffer got, ByteBuffer expected, boolean template, int from, int to) {
        if (!template) {
            return got.slice(from, to - from).mismatch(expected.slice(from, to - from)) != -1;
        }
        int cap = expected.capacity();
        for (int pos = from; pos < to; ) {
            int w = pos % cap;
            int n = Math.min(cap - w, to - pos);
            if (got.slice(pos, n).mismatch(expected.slice(w, n)) != -1) {
                return true;
            }
            pos += n;
        }
        return false;
    }

    /** Whole target, in blocks of {@code blockSize} on the boundaries of its disk, as the pass wrote it. */
    public ChunkPlan fullPlan(int blockSize) {
        return ChunkPlan.onDisk(target.info(), blockSize);
    }

    /**
     * {@code percent}% of the target in blocks of 1 MiB (or the block size, if smaller): the first
     * and the last block, and one block at a random aligned offset in each of the equal strata
     * between them, so the sample is spread evenly and cannot be predicted.
     */
    public ChunkPlan samplePlan(double percent, RandomGenerator random) {
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

    /** Logs the differing logical blocks of got[from, to) of a chunk at {@code base}. */
    private static void record(long base, ByteBuffer got, ByteBuffer want, int from, int to, int sector, MismatchLog log) {
        int first = from + got.slice(from, to - from).mismatch(want.slice(from, to - from));
        log.firstByte(base + first);
        long runStart = -1;
        long runSectors = 0;
        for (int s = from + (first - from) / sector * sector; s < to; s += sector) {
            int n = Math.min(sector, to - s);
            boolean differs = got.slice(s, n).mismatch(want.slice(s, n)) != -1;
            if (differs) {
                if (runStart < 0) {
                    runStart = s;
                }
                runSectors++;
            } else if (runStart >= 0) {
                log.add(base + runStart, (int) (s - runStart), runSectors);
                runStart = -1;
                runSectors = 0;
            }
        }
        if (runStart >= 0) {
            log.add(base + runStart, (int) (to - runStart), runSectors);
        }
    }
}
