package dev.blockwipe.engine.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.DirectBuffers;
import dev.blockwipe.engine.fault.BadSectors;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.io.ByteRange;
import dev.blockwipe.engine.io.Chunk;
import dev.blockwipe.engine.io.ChunkPlan;
import dev.blockwipe.engine.io.IoContext;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.RangeOperation;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.verify.Verifier;
import dev.blockwipe.engine.verify.VerifyResult;
import dev.blockwipe.testing.MemoryTarget;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VerifyJobTest {
    private static final int SIZE = 5 * 1024 * 1024;

    @ParameterizedTest(name = "flipped byte at {0}")
    @ValueSource(ints = {0, SIZE / 2 + 77, SIZE - 1})
    void findsASingleFlippedByte(int offset) throws Exception {
        MemoryTarget target = new MemoryTarget(SIZE);
        target.data()[offset] = (byte) 0x10;
        VerifyResult r = new VerifyJob(Pattern.Repeating.of(0), new Verification.All(), 1 << 20, 2)
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(r.passed()).isFalse();
        assertThat(r.mismatchedSectors()).isEqualTo(1);
        assertThat(r.firstMismatch()).isEqualTo(offset);
        assertThat(r.mismatchRanges()).containsExactly(new ByteRange(offset / 512 * 512, 512));
        assertThat(r.bytesVerified()).isEqualTo(SIZE);
    }

    @Test
    void aReadBackReadsIntoBuffersItsTargetMade() throws Exception {
        MemoryTarget target = new MemoryTarget(SIZE);
        VerifyResult r = new VerifyJob(Pattern.Repeating.of(0), new Verification.All(), 1 << 20, 2)
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(r.passed()).isTrue();
        assertThat(target.allocations()).containsExactly(1 << 20, 1 << 20);
    }

    @ParameterizedTest(name = "flipped byte at {0}")
    @ValueSource(ints = {0, 65535, 65536, (3 << 20) + 1, SIZE - 1})
    void aMultiBytePatternIsComparedInPhaseWindowByWindow(int offset) throws Exception {
        Pattern gutmann = Pattern.Repeating.of(0x92, 0x49, 0x24);
        MemoryTarget target = new MemoryTarget(SIZE);
        byte[] expected = dev.blockwipe.testing.Expected.bytes(gutmann, SIZE);
        System.arraycopy(expected, 0, target.data(), 0, SIZE);
        VerifyJob check = new VerifyJob(gutmann, new Verification.All(), 1 << 20, 2);
        assertThat(check.run(target, WipeListener.NONE, new CancelToken()).passed()).isTrue();
        target.data()[offset] ^= 0x40;
        VerifyResult r = check.run(target, WipeListener.NONE, new CancelToken());
        assertThat(r.firstMismatch()).isEqualTo(offset);
        assertThat(r.mismatchedSectors()).isEqualTo(1);
    }

    @ParameterizedTest(name = "flipped byte at {0}")
    @ValueSource(ints = {0, SIZE - 1})
    void aSampleAlwaysReadsTheFirstAndLastMiB(int offset) throws Exception {
        MemoryTarget target = new MemoryTarget(SIZE);
        target.data()[offset] = 1;
        VerifyResult r = new VerifyJob(Pattern.Repeating.of(0), new Verification.Sample(1), 4 << 20, 1)
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(r.firstMismatch()).isEqualTo(offset);
        assertThat(r.bytesPlanned()).isEqualTo(2 << 20);
    }

    @ParameterizedTest(name = "{0}%")
    @ValueSource(doubles = {1, 5, 25})
    void samplesAreSpreadNotOverlappingAndAboutTheAskedShare(double percent) {
        long size = 1L << 30;
        ChunkPlan plan;
        try (IoContext io = new IoContext("t", new BufferPool(BufferPool.SINGLE_JOB_BUDGET), DirectBuffers::aligned, 1, 4 << 20)) {
            plan = new Verifier(new SizedTarget(new MemoryTarget(4096), size), io, System::nanoTime, Keystreams.JCE,
                    new BadSectors(), FaultPolicy.DEFAULT)
                    .samplePlan(percent, new java.util.Random(1));
        }
        List<Chunk> chunks = java.util.stream.LongStream.range(0, plan.count()).mapToObj(plan::chunk).toList();
        assertThat(chunks.get(0).offset()).isZero();
        assertThat(chunks.get(chunks.size() - 1).end()).isEqualTo(size);
        for (int i = 1; i < chunks.size(); i++) {
            assertThat(chunks.get(i).offset()).isGreaterThanOrEqualTo(chunks.get(i - 1).end());
            assertThat(chunks.get(i).offset() % 512).isZero();
        }
        assertThat((double) plan.totalBytes() / size * 100).isBetween(percent, percent + 0.2);
    }

    /** A target that only reports a size, for planning tests. */
    private record SizedTarget(MemoryTarget base, long size) implements BlockTarget {
        @Override
        public TargetInfo info() {
            TargetInfo i = base.info();
            return new TargetInfo(i.path(), i.name(), i.realPath(), i.identity(), size, i.logicalBlockSize(), i.physicalBlockSize(),
                    0, false, i.ioMode(), i.deviceQueueDepth(), OldData.NONE);
        }

        @Override
        public void write(long offset, java.nio.ByteBuffer src) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void read(long offset, java.nio.ByteBuffer dst) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void sync() {
        }

        @Override
        public void dropCache() {
        }

        @Override
        public void requireSupport(RangeOperation op) {
        }

        @Override
        public void rangeOperation(RangeOperation op, long offset, long length) {
        }

        @Override
        public void close() {
        }
    }
}
