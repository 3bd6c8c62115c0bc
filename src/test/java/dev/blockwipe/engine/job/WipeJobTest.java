package dev.blockwipe.engine.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.DirectBuffers;
import dev.blockwipe.engine.InvalidRequestException;
import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.io.ByteRange;
import dev.blockwipe.engine.io.IoContext;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.NistClass;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.RangeOperation;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.Expected;
import dev.blockwipe.testing.FaultyTarget;
import dev.blockwipe.testing.MemoryTarget;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class WipeJobTest {
    /** Not a multiple of the block size, so every sweep ends in a short block. */
    private static final int SIZE = 3 * 1024 * 1024 + 3 * 4096 + 512;
    private static final int BLOCK = 64 * 1024;

    static List<WipeMethod> overwriteMethods() {
        List<WipeMethod> list = new ArrayList<>(WipeMethods.all().stream()
                .filter(m -> m.technique().isOverwrite()).toList());
        list.add(WipeMethods.custom("0x00,0xff,random,0x924924"));
        return list;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("overwriteMethods")
    void everyPassLeavesExactlyItsPattern(WipeMethod method) throws Exception {
        MemoryTarget target = randomFilled(new MemoryTarget(SIZE));
        List<byte[]> afterEachPass = new ArrayList<>();
        WipeResult result = job(WipeRequest.of(method).withVerification(new Verification.Last()).withQueueDepth(3))
                .run(target, e -> {
                    if (e instanceof WipeEvent.PassDone) {
                        afterEachPass.add(target.data().clone());
                    }
                }, new CancelToken());

        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(result.passes()).hasSize(method.passCount());
        assertThat(afterEachPass).hasSize(method.passCount());
        for (int i = 0; i < method.passCount(); i++) {
            Pattern pattern = result.plan().passes().get(i).pattern();
            assertThat(Arrays.equals(afterEachPass.get(i), Expected.bytes(pattern, SIZE)))
                    .as("pass %d (%s) content", i + 1, pattern.describe()).isTrue();
            assertThat(result.passes().get(i).bytesWritten()).isEqualTo(SIZE);
        }
        assertThat(result.verification().passed()).isTrue();
        assertThat(result.verification().bytesVerified()).isEqualTo(SIZE);
    }

    /** The target makes them (the Linux targets: in huge pages), for the writes and for the data the read-back expects. */
    @Test
    void aJobMakesItsBuffersThroughItsTarget() throws Exception {
        MemoryTarget target = randomFilled(new MemoryTarget(SIZE));
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("random").orElseThrow()).withBlockSize(BLOCK)
                .withQueueDepth(3).withVerification(new Verification.Last())).run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(result.passes().get(0).requests()).isEqualTo(new RequestShape(BLOCK, 3));
        assertThat(target.allocations()).as("3 to write from, 3 for the expected data").containsExactly(BLOCK, BLOCK, BLOCK, BLOCK, BLOCK, BLOCK);
    }

    /** Another job holds the whole budget: this one runs with its minimum, one request in flight, and says so. */
    @Test
    void aShortBufferPoolMeansFewerRequestsInFlightAndTheResultSaysSo() throws Exception {
        BufferPool pool = new BufferPool(8L * BLOCK);
        try (BufferPool.Lease other = pool.lease(BLOCK, 8, 8, DirectBuffers::aligned)) {
            MemoryTarget target = randomFilled(new MemoryTarget(SIZE));
            WipeResult result = new WipeJob(WipeRequest.of(WipeMethods.byName("dod-short").orElseThrow())
                    .withBlockSize(BLOCK).withQueueDepth(4), new SecureRandom(), System::nanoTime, Keystreams.JCE, pool, 1)
                    .run(target, WipeListener.NONE, new CancelToken());

            assertThat(result.state()).isEqualTo(FinalState.ERASED);
            assertThat(result.plan().queueDepth()).as("planned").isEqualTo(4);
            assertThat(result.passes()).extracting(PassResult::requests).containsOnly(new RequestShape(BLOCK, 1));
            assertThat(result.verification().requests()).isEqualTo(new RequestShape(BLOCK, 1));
            assertThat(Arrays.equals(target.data(), Expected.bytes(result.plan().lastPass().pattern(), SIZE))).isTrue();
        }
        assertThat(pool.leased()).as("the job gave its buffers back").isZero();
    }

    /**
     * A device that takes the writes into a cache and flushes them in the sync at the end of the
     * pass: the pass's time and average rate run to the end of that sync, not to the last write's
     * return: otherwise the certificate credits the disk with its cache's speed (src/docs/speed.md,
     * "A pass ends with its sync").
     */
    @Test
    void aPassesTimeAndRateIncludeTheSyncThatMakesItsDataDurable() throws Exception {
        long flush = 3_000_000_000L;
        AtomicLong clock = new AtomicLong();
        MemoryTarget target = new MemoryTarget(SIZE).onSync(() -> clock.addAndGet(flush));
        WipeResult result = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withBlockSize(BLOCK)
                .withQueueDepth(2).withVerification(new Verification.Off()), new SecureRandom(),
                () -> clock.addAndGet(1_000), Keystreams.JCE).run(target, WipeListener.NONE, new CancelToken());

        PassResult pass = result.passes().get(0);
        assertThat(pass.duration().toNanos()).isGreaterThanOrEqualTo(flush);
        assertThat(pass.averageRate()).isLessThanOrEqualTo(SIZE * 1e9 / flush);
    }

    @Test
    void everyPassReportsTheRequestsItMade() throws Exception {
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("dod-short").orElseThrow()).withBlockSize(BLOCK)
                .withQueueDepth(3)).run(new MemoryTarget(SIZE), WipeListener.NONE, new CancelToken());
        assertThat(result.passes()).extracting(PassResult::requests).containsOnly(new RequestShape(BLOCK, 3));
        assertThat(result.plan().describeRequests()).isEqualTo("64 KiB requests x 3 in flight");
    }

    /** Repeating patterns go out from a small template; the phase of a three-byte pattern carries across requests. */
    @Test
    void repeatingPatternsAreWrittenFromATemplateWithTheirPhaseKept() throws Exception {
        MemoryTarget target = randomFilled(new MemoryTarget(SIZE));
        Pattern.Repeating three = Pattern.Repeating.of(0x92, 0x49, 0x24);
        WipeResult result = job(WipeRequest.of(WipeMethods.custom("0x924924")).withBlockSize(256 << 10).withQueueDepth(2))
                .run(target, WipeListener.NONE, new CancelToken());

        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(target.repeatingWrites()).as("requests written from the template").isPositive();
        assertThat(Arrays.equals(target.data(), Expected.bytes(three, SIZE))).isTrue();
        assertThat(JobRun.templateBytes(three, 256 << 10)).isEqualTo(72 << 10);
        assertThat(JobRun.templateBytes(Pattern.Repeating.of(0), 64 << 10)).as("no smaller than the request").isZero();
    }

    /** A template write that fails goes the usual way: retried, split, only the bad sector lost. */
    @Test
    void aFailingTemplateWriteIsIsolatedToItsSector() throws Exception {
        MemoryTarget target = randomFilled(new MemoryTarget(SIZE)).failingWriteAt(1 << 20);
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withBlockSize(256 << 10)
                .withQueueDepth(1).withVerification(new Verification.Off())).run(target, WipeListener.NONE, new CancelToken());

        assertThat(result.state()).isEqualTo(FinalState.ERASED_EXCEPT_BAD_SECTORS);
        assertThat(result.badRanges()).singleElement().satisfies(b -> {
            assertThat(b.offset()).isEqualTo(1 << 20);
            assertThat(b.length()).isEqualTo(512);
        });
        byte[] data = target.data();
        for (int i = 0; i < SIZE; i++) {
            if (i < (1 << 20) || i >= (1 << 20) + 512) {
                assertThat(data[i]).as("byte %d", i).isZero();
            }
        }
    }

    @Test
    void aZeroPassNamesNoKeystream() throws Exception {
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()))
                .run(new MemoryTarget(SIZE), WipeListener.NONE, new CancelToken());
        assertThat(result.plan().keystream()).isEqualTo(WipeJob.NO_KEYSTREAM);
    }

    @Test
    void randomPassesUseAFreshKeyEachAndDoDComplementsItsRandomByte() throws Exception {
        MemoryTarget target = new MemoryTarget(SIZE);
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("dod").orElseThrow())).run(target, WipeListener.NONE, new CancelToken());
        List<Pattern> p = result.plan().passes().stream().map(Pass::pattern).toList();
        assertThat(((Pattern.Repeating) p.get(1)).unit()).isEqualTo(((Pattern.Repeating) p.get(0)).complement().unit());
        assertThat(((Pattern.Repeating) p.get(5)).unit()).isEqualTo(((Pattern.Repeating) p.get(4)).complement().unit());
        assertThat(p.get(2)).isInstanceOf(Pattern.Random.class).isNotEqualTo(p.get(6));
    }

    @Test
    void blankingAddsAFinalVerifiedZeroPass() throws Exception {
        MemoryTarget target = randomFilled(new MemoryTarget(SIZE));
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("random").orElseThrow()).withBlank(true))
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.passes()).extracting(PassResult::blanking).containsExactly(false, true);
        assertThat(result.verification().expected()).isEqualTo("0x00");
        assertThat(target.data()).containsOnly((byte) 0);
    }

    @Test
    void writesOfAMisalignedPartitionAreAlignedOnTheDiskAfterTheFirst() throws Exception {
        MemoryTarget target = new MemoryTarget(8 * 1024 * 1024, 512, 4096, 512, false);
        job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withBlockSize(1 << 20).withQueueDepth(1))
                .run(target, WipeListener.NONE, new CancelToken());
        List<long[]> writes = target.writes();
        assertThat(writes.get(0)).containsExactly(0, (1 << 20) - 512);
        assertThat(writes.subList(1, writes.size())).allSatisfy(w -> assertThat((w[0] + 512) % (1 << 20)).isZero());
        assertThat(writes.stream().mapToLong(w -> w[1]).sum()).isEqualTo(8 * 1024 * 1024);
    }

    /** Found in the lab on a 512e disk: the read-back read a partition at sector 1 in requests that each straddled two physical blocks. */
    @Test
    void theReadBackOfAMisalignedPartitionIsAlignedOnTheDiskAfterTheFirstRead() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(8 * 1024 * 1024, 512, 4096, 512, false));
        job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withBlockSize(1 << 20).withQueueDepth(1))
                .run(target, WipeListener.NONE, new CancelToken());
        List<FaultyTarget.Request> reads = target.log().stream().filter(r -> !r.write()).toList();
        assertThat(reads.get(0).offset()).isZero();
        assertThat(reads.get(0).length()).isEqualTo((1 << 20) - 512);
        assertThat(reads.subList(1, reads.size())).allSatisfy(r -> assertThat((r.offset() + 512) % (1 << 20)).isZero());
        assertThat(reads.stream().mapToLong(FaultyTarget.Request::length).sum()).isEqualTo(8 * 1024 * 1024);
    }

    @Test
    void eventsComeInOrder() throws Exception {
        List<String> names = new ArrayList<>();
        job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()))
                .run(new MemoryTarget(SIZE), e -> names.add(e.getClass().getSimpleName()), new CancelToken());
        List<String> compact = new ArrayList<>();
        for (String n : names) {
            if (compact.isEmpty() || !compact.get(compact.size() - 1).equals(n)) {
                compact.add(n);
            }
        }
        assertThat(compact).containsExactly("Started", "PassStarted", "Progress", "Checkpoint", "PassDone",
                "Checkpoint", "VerifyStarted", "Progress", "Verified", "Finished");
    }

    @Test
    void theTargetRereadsItsPartitionTableOnceAfterTheLastSyncAndBeforeTheJobEnds() throws Exception {
        MemoryTarget target = new MemoryTarget(SIZE);
        List<Integer> rereadsAtFinish = new ArrayList<>();
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow())).run(target, e -> {
            if (e instanceof WipeEvent.Finished) {
                rereadsAtFinish.add(target.rereads());
            }
        }, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(rereadsAtFinish).containsExactly(1);
        assertThat(target.syncsAtReread()).isPositive().isEqualTo(target.syncs());
        assertThat(result.warnings()).isEmpty();
    }

    @Test
    void aRefusedRereadOfThePartitionTableIsAWarningNotAFailure() throws Exception {
        MemoryTarget target = randomFilled(new MemoryTarget(SIZE)).refusingReread();
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()))
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(result.errors()).isEmpty();
        assertThat(result.warnings()).containsExactly("the kernel may still list the partitions the wipe erased:"
                + " BLKRRPART failed: EBUSY (Device or resource busy); blockdev --rereadpt or partx -d removes them once"
                + " nothing has them open, and so does attaching the disk again");
        assertThat(target.data()).containsOnly((byte) 0);
    }

    @Test
    void aJobCancelledBeforeItsFirstPassLeavesThePartitionTableAlone() throws Exception {
        CancelToken cancel = new CancelToken();
        cancel.cancel();
        MemoryTarget target = new MemoryTarget(SIZE);
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow())).run(target, WipeListener.NONE, cancel);
        assertThat(result.bytesWritten()).isZero();
        assertThat(target.rereads()).isZero();
    }

    @Test
    void cancellationStopsBetweenBlocksAndCountsOnlyWhatWasWritten() throws Exception {
        CancelToken cancel = new CancelToken();
        MemoryTarget target = randomFilled(new MemoryTarget(SIZE)).cancellingAfterWrites(5, cancel);
        List<WipeEvent> events = new ArrayList<>();
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withQueueDepth(3))
                .run(target, events::add, cancel);

        assertThat(result.state()).isEqualTo(FinalState.CANCELLED);
        assertThat(events.get(events.size() - 1)).isInstanceOf(WipeEvent.Cancelled.class);
        long zeroBlocks = 0;
        for (int off = 0; off < SIZE; off += BLOCK) {
            byte[] block = Arrays.copyOfRange(target.data(), off, Math.min(SIZE, off + BLOCK));
            if (Arrays.equals(block, new byte[block.length])) {
                zeroBlocks += block.length;
            }
        }
        assertThat(result.bytesWritten()).isLessThan(SIZE).isEqualTo(zeroBlocks)
                .isEqualTo(target.writes().stream().mapToLong(w -> w[1]).sum());
        assertThat(target.syncs()).as("what was written is synced").isPositive();
        assertThat(result.verification()).as("no read-back after a cancel").isNull();
    }

    @Test
    void anErrorThatIsNotTheMediasFailsTheJobWithTheDeviceAndOffset() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).failingWrites(1 << 20, 512, "ENOSPC");
        List<WipeEvent> events = new ArrayList<>();
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withQueueDepth(1))
                .run(target, events::add, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.FAILED);
        assertThat(result.cause()).isEqualTo(FailureCause.IO_ERROR);
        assertThat(result.errors()).containsExactly("/dev/mem0: pwrite at 1048576 failed: ENOSPC (No space left on device)");
        assertThat(result.passes()).singleElement().satisfies(p -> assertThat(p.bytesWritten()).isEqualTo(1 << 20));
        assertThat(events.get(events.size() - 1)).isInstanceOf(WipeEvent.Failed.class);
    }

    @Test
    void aMismatchInTheReadBackIsVerifyFailed() throws Exception {
        MemoryTarget target = new MemoryTarget(SIZE);
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()))
                .run(target, e -> {
                    if (e instanceof WipeEvent.PassDone) {
                        target.data()[12345] = 1;
                    }
                }, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.VERIFY_FAILED);
        assertThat(result.verification().firstMismatch()).isEqualTo(12345);
        assertThat(result.verification().mismatchRanges()).containsExactly(new ByteRange(12288, 512));
    }

    @Test
    void rangeMethodsRefuseDevicesWithoutSupportBeforeWriting() {
        MemoryTarget target = randomFilled(new MemoryTarget(SIZE));
        byte[] before = target.data().clone();
        assertThatThrownBy(() -> job(WipeRequest.of(WipeMethods.byName("zeroout").orElseThrow()))
                .run(target, WipeListener.NONE, new CancelToken()))
                .isInstanceOf(OperationNotSupportedException.class)
                .hasMessage("/dev/mem0: BLKZEROOUT: not supported by this device");
        assertThat(target.data()).isEqualTo(before);
    }

    @Test
    void zeroOutRunsOnTheDeviceAndIsReadBack() throws Exception {
        MemoryTarget target = randomFilled(new MemoryTarget(SIZE)).supporting(RangeOperation.ZERO_OUT);
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("zeroout").orElseThrow()))
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(result.passes().get(0).stage()).isEqualTo(Stage.RANGE);
        assertThat(result.verification().bytesVerified()).isEqualTo(SIZE);
        assertThat(target.writes()).isEmpty();
        assertThat(target.data()).containsOnly((byte) 0);
    }

    @Test
    void discardWithoutReadBackSaysItIsNoSanitization() throws Exception {
        MemoryTarget target = new MemoryTarget(SIZE).supporting(RangeOperation.DISCARD);
        WipeResult result = job(WipeRequest.of(WipeMethods.byName("discard").orElseThrow())
                .withVerification(new Verification.Off())).run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.UNPROVEN);
        assertThat(result.nist()).isEqualTo(NistClass.NONE);
        assertThat(result.unproven()).contains("nothing was read back");
    }

    /** A file on btrfs reads back as written, but its old blocks stay on the disk: no proof of erasure. */
    @Test
    void whereTheOldDataMayStayOnTheMediumTheResultIsNoProofOfErasure() throws Exception {
        MemoryTarget target = randomFilled(new MemoryTarget(SIZE)).supporting(RangeOperation.ZERO_OUT)
                .keepingOldData(new OldData("it is a file on btrfs", "fallocate changes the block map only"));

        WipeResult overwrite = job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()))
                .run(target, WipeListener.NONE, new CancelToken());
        WipeResult zeroOut = job(WipeRequest.of(WipeMethods.byName("zeroout").orElseThrow()))
                .run(target, WipeListener.NONE, new CancelToken());

        assertThat(overwrite.state()).isEqualTo(FinalState.UNPROVEN);
        assertThat(overwrite.unproven()).isEqualTo("no proof of erasure: it is a file on btrfs");
        assertThat(overwrite.verification().passed()).as("it does read back as written").isTrue();
        assertThat(zeroOut.unproven()).isEqualTo("no proof of erasure: fallocate changes the block map only");
        assertThat(zeroOut.nist()).isEqualTo(NistClass.NONE);
    }

    @Test
    void blockSizeMustBeAMultipleOfTheLogicalBlockSize() {
        MemoryTarget target = new MemoryTarget(SIZE, 4096, 4096, 0, false);
        assertThatThrownBy(() -> job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withBlockSize(6144))
                .run(target, WipeListener.NONE, new CancelToken()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("/dev/mem0: block size 6144 is not a multiple of the logical block size (4096 bytes)");
        assertThat(target.writes()).isEmpty();
    }

    @Test
    void contradictoryOptionsAreRefusedUpFront() {
        assertThatThrownBy(() -> WipeRequest.of(WipeMethods.byName("nist-clear").orElseThrow())
                .withVerification(new Verification.Off()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("includes a verification");
        assertThatThrownBy(() -> WipeRequest.of(WipeMethods.byName("zeroout").orElseThrow()).withBlank(true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not overwrite");
    }

    @Test
    void buffersStayBoundedWhateverTheBlockSizeAndDepth() {
        WipePlan plan = job(WipeRequest.of(WipeMethods.byName("zero").orElseThrow())
                .withBlockSize(64 << 20).withQueueDepth(8)).plan(new MemoryTarget(4096).info());
        assertThat((long) plan.blockSize() * plan.queueDepth()).isLessThanOrEqualTo(128L << 20);
    }

    /** However many jobs share one pool, each plans buffers within its part of the budget, a read-back's expected data included. */
    @ParameterizedTest
    @ValueSource(strings = {"zero", "random", "dod-short"})
    void jobsSharingOnePoolPlanTheirBuffersWithinTheirShare(String method) {
        BufferPool pool = new BufferPool(752L << 20);
        for (int jobs : List.of(1, 12, 48, 200)) {
            WipePlan plan = new WipeJob(WipeRequest.of(WipeMethods.byName(method).orElseThrow()), new SecureRandom(),
                    System::nanoTime, Keystreams.JCE, pool, jobs).plan(new MemoryTarget(4096).info());
            long buffer = Math.max(plan.blockSize(), plan.randomBlockSize());
            long leased = buffer * plan.maxDepth() * (plan.method().writesRandomData() ? 2 : 1);
            assertThat(leased).as("%d jobs: %s", jobs, plan.describeRequests()).isLessThanOrEqualTo(pool.share(jobs));
            assertThat(plan.maxDepth()).as("%d jobs", jobs).isGreaterThanOrEqualTo(plan.method().writesRandomData() ? 1 : 2);
        }
    }

    /** A job alone keeps its usual requests; one of 200 in the same pool halves them, down to 1 MiB, and keeps two in flight. */
    @Test
    void aShortShareMeansSmallerRequestsNotMoreMemory() {
        BufferPool pool = new BufferPool(752L << 20);
        WipeRequest zero = WipeRequest.of(WipeMethods.byName("zero").orElseThrow());
        TargetInfo info = new MemoryTarget(4096).info();

        WipePlan alone = new WipeJob(zero, new SecureRandom(), System::nanoTime, Keystreams.JCE, pool, 1).plan(info);
        WipePlan crowded = new WipeJob(zero, new SecureRandom(), System::nanoTime, Keystreams.JCE, pool, 200).plan(info);

        assertThat(alone.blockSize()).isEqualTo(WipeRequest.DEFAULT_BLOCK_SIZE);
        assertThat(crowded.blockSize()).isEqualTo(IoContext.MIN_SHARED_BLOCK_SIZE);
        assertThat(crowded.queueDepth()).isGreaterThanOrEqualTo(2);
    }

    /** A block size the user chose is kept; the share bounds only how many are in flight. */
    @Test
    void aChosenBlockSizeIsKeptWhateverTheShare() {
        BufferPool pool = new BufferPool(64L << 20);
        WipePlan plan = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withBlockSize(8 << 20),
                new SecureRandom(), System::nanoTime, Keystreams.JCE, pool, 16).plan(new MemoryTarget(4096).info());
        assertThat(plan.blockSize()).isEqualTo(8 << 20);
        assertThat(plan.queueDepth()).isEqualTo(1);
    }

    @Test
    void rotationalDevicesGetTwoRequestsOfOneStreamAndNoExtraGenerators() {
        WipeJob job = job(WipeRequest.of(WipeMethods.byName("random").orElseThrow()));
        WipePlan spinning = job.plan(new MemoryTarget(4096, 512, 4096, 0, true).info());
        assertThat(spinning.queueDepth()).isEqualTo(2);
        assertThat(spinning.randomDepth()).isEqualTo(2);
        assertThat(job.plan(new MemoryTarget(4096, 512, 4096, 0, false).info()).queueDepth()).isGreaterThan(1);
    }

    private static WipeJob job(WipeRequest request) {
        WipeRequest sized = request.blockSize() == 0 ? request.withBlockSize(BLOCK) : request;
        return new WipeJob(sized, new SecureRandom(), System::nanoTime, Keystreams.JCE);
    }

    private static MemoryTarget randomFilled(MemoryTarget target) {
        new Random(42).nextBytes(target.data());
        return target;
    }
}
