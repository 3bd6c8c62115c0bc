package dev.blockwipe.engine.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.BadRange;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.fault.Stall;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.engine.verify.VerifyResult;
import dev.blockwipe.testing.Expected;
import dev.blockwipe.testing.FaultyTarget;
import dev.blockwipe.testing.MemoryTarget;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** Bad sectors, stalls and devices that go away, against a target that fails as told. */
class FailingMediaTest {
    private static final int SIZE = 8 << 20;
    private static final int BLOCK = 1 << 20;
    private static final int SECTOR = 512;
    /** With {@link #SLOW}: 16 requests of 100 ms in a pass, so the pass sees several progress ticks. */
    private static final int SMALL_BLOCK = 512 << 10;
    private static final Duration SLOW = Duration.ofMillis(100);
    private static final FaultPolicy STALL_AFTER_A_SECOND = new FaultPolicy(false, 1000, Duration.ofSeconds(1), 0);

    @Test
    void aBadSectorIsIsolatedAndEveryOtherByteIsWrittenAndReadBack() throws Exception {
        long bad = (3L << 20) + 4096;
        MemoryTarget memory = randomFilled(new MemoryTarget(SIZE));
        byte[] before = memory.data().clone();
        WipeResult result = job(zero(), FaultPolicy.DEFAULT)
                .run(new FaultyTarget(memory).failingWrites(bad, 2 * SECTOR, "EIO"), WipeListener.NONE, new CancelToken());

        assertThat(result.state()).isEqualTo(FinalState.ERASED_EXCEPT_BAD_SECTORS);
        assertThat(result.badRanges()).containsExactly(new BadRange(bad, 2 * SECTOR, "EIO", 1, Stage.WRITE));
        assertThat(result.badSectors()).isEqualTo(2);
        assertThat(result.bytesWritten()).as("bytes that could not be written are not counted").isEqualTo(SIZE - 2 * SECTOR);
        byte[] data = memory.data();
        for (int i = 0; i < SIZE; i++) {
            boolean inside = i >= bad && i < bad + 2 * SECTOR;
            if (data[i] != (inside ? before[i] : 0)) {
                throw new AssertionError("byte " + i + (inside ? " (bad) changed" : " not zero"));
            }
        }
        VerifyResult check = result.verification();
        assertThat(check.passed()).isTrue();
        assertThat(check.skippedBytes()).isEqualTo(2 * SECTOR);
        assertThat(check.bytesVerified()).isEqualTo(SIZE - 2 * SECTOR);
        assertThat(check.unreadableBytes()).isZero();
    }

    @Test
    void touchingBadRangesAreMergedAndSeparateOnesListed() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE))
                .failingWrites(1 << 20, SECTOR, "EIO").failingWrites((1 << 20) + SECTOR, SECTOR, "EIO")
                .failingWrites(5L << 20, SECTOR, "EIO");
        WipeResult result = job(zero(), FaultPolicy.DEFAULT).run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.badRanges()).containsExactly(new BadRange(1 << 20, 2 * SECTOR, "EIO", 1, Stage.WRITE),
                new BadRange(5L << 20, SECTOR, "EIO", 1, Stage.WRITE));
    }

    @Test
    void aFailureThatTheRetryGetsPastIsNoBadSector() throws Exception {
        MemoryTarget memory = randomFilled(new MemoryTarget(SIZE));
        WipeResult result = job(zero(), FaultPolicy.DEFAULT).run(
                new FaultyTarget(memory).failingWritesOnly(1, 2L << 20, SECTOR, "EIO"), WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(result.badRanges()).isEmpty();
        assertThat(isZero(memory.data())).isTrue();
    }

    @Test
    void anUnreadableSectorIsIsolatedAndCountedApartFromDifferences() throws Exception {
        long unreadable = 5L << 20;
        WipeResult result = job(zero(), FaultPolicy.DEFAULT).run(
                new FaultyTarget(new MemoryTarget(SIZE)).failingReads(unreadable, SECTOR, "EIO"), WipeListener.NONE,
                new CancelToken());

        assertThat(result.state()).isEqualTo(FinalState.ERASED_EXCEPT_BAD_SECTORS);
        assertThat(result.badRanges()).containsExactly(new BadRange(unreadable, SECTOR, "EIO", 0, Stage.VERIFY));
        assertThat(result.bytesWritten()).isEqualTo(SIZE);
        VerifyResult check = result.verification();
        assertThat(check.unreadableBytes()).isEqualTo(SECTOR);
        assertThat(check.bytesVerified()).isEqualTo(SIZE - SECTOR);
        assertThat(check.mismatchedSectors()).isZero();
        assertThat(check.passed()).isTrue();
    }

    @Test
    void onErrorStopEndsTheJobAtTheFirstBadSectorWithItsPlace() throws Exception {
        WipeResult result = job(zero().withQueueDepth(1), FaultPolicy.DEFAULT.withStopAtFirst(true)).run(
                new FaultyTarget(new MemoryTarget(SIZE)).failingWrites(2L << 20, SECTOR, "EIO"), WipeListener.NONE,
                new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.FAILED);
        assertThat(result.cause()).isEqualTo(FailureCause.BAD_SECTORS);
        assertThat(result.errors().get(0)).isEqualTo("/dev/mem0: stopped at the first bad sector (--on-error stop):"
                + " 512 bytes at offset 2097152 could not be written (EIO)");
        assertThat(result.badRanges()).containsExactly(new BadRange(2L << 20, SECTOR, "EIO", 1, Stage.WRITE));
        assertThat(result.bytesWritten()).isEqualTo((3L << 20) - SECTOR);
    }

    @Test
    void aDiskWithMoreBadRangesThanTheLimitIsGivenUpAndTheMessageCountsNothingTheCertificateCountsOtherwise() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE));
        for (int i = 0; i < 5; i++) {
            target.failingWrites((long) i << 20, SECTOR, "EIO");
        }
        WipeResult result = job(zero().withQueueDepth(1), new FaultPolicy(false, 3, Duration.ofMinutes(2), 0))
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.FAILED);
        assertThat(result.cause()).isEqualTo(FailureCause.BAD_SECTORS);
        assertThat(result.errors().get(0)).isEqualTo("/dev/mem0: given up: more than 3 bad ranges (the limit --max-bad"
                + " sets): the disk is failing");
        assertThat(result.badRanges()).hasSize(4);
        assertThat(result.resumable()).as("a higher --max-bad can go on").isTrue();
    }

    @Test
    void enodevEndsTheJobAtOnceWithoutIsolating() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).failingWrites(2L << 20, SECTOR, "ENODEV");
        WipeResult result = job(zero().withQueueDepth(1), FaultPolicy.DEFAULT).run(target, WipeListener.NONE,
                new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.FAILED);
        assertThat(result.cause()).isEqualTo(FailureCause.DEVICE_GONE);
        assertThat(result.errors().get(0)).isEqualTo("/dev/mem0: the device disappeared at offset 2097152 (ENODEV)");
        assertThat(target.requests()).as("two good requests and the failing one").isEqualTo(3);
    }

    @Test
    void eioFromADeviceThatLeftSysfsIsTheDeviceGoneNotBadSectors() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).vanishingAfter(3L << 20);
        WipeResult result = job(zero().withQueueDepth(1), FaultPolicy.DEFAULT).run(target, WipeListener.NONE,
                new CancelToken());
        assertThat(result.cause()).isEqualTo(FailureCause.DEVICE_GONE);
        assertThat(result.errors().get(0)).isEqualTo("/dev/mem0: the device disappeared at offset 3145728 (EIO)");
        assertThat(result.badRanges()).isEmpty();
        assertThat(result.bytesWritten()).isEqualTo(3L << 20);
    }

    /**
     * A disk pulled as the kernel removes one has no capacity left: its next write fails with
     * ENOSPC (seen in the lab on a scsi_debug disk deleted mid-pass: "pwrite at 104857600 failed:
     * ENOSPC"), which is the device gone, not an error of its own.
     */
    @Test
    void aPulledDiskWhoseWritesFindNoSpaceIsTheDeviceGone() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).removedAfter(3L << 20);
        WipeResult result = job(zero().withQueueDepth(1), FaultPolicy.DEFAULT).run(target, WipeListener.NONE,
                new CancelToken());
        assertThat(result.cause()).isEqualTo(FailureCause.DEVICE_GONE);
        assertThat(result.errors()).containsExactly("/dev/mem0: the device disappeared at offset 3145728 (ENOSPC)");
        assertThat(result.bytesWritten()).isEqualTo(3L << 20);
    }

    /**
     * Requests complete out of order: while the one at 2 MiB waits, those after it are written,
     * and the disk is pulled before it is. The run reached its last checkpoint, not the count of
     * bytes acknowledged (seen in the lab: a certificate's run "to 36 MiB" on a disk that held its
     * old data from 3.3 MiB), and a resume goes on from there.
     */
    @Test
    void aPulledDisksRunEndsAtItsLastCheckpointNotAtTheCountOfWhatWasAcknowledged() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).stallingAt(2L << 20, release).removedAfter(5L << 20);
        Thread releaser = new Thread(() -> {
            while (target.log().stream().noneMatch(FaultyTarget.Request::failed)) {
                Thread.onSpinWait();
            }
            release.countDown();
        });
        releaser.start();

        WipeResult result = job(zero().withQueueDepth(4), FaultPolicy.DEFAULT).run(target, WipeListener.NONE,
                new CancelToken());
        releaser.join();

        assertThat(result.cause()).isEqualTo(FailureCause.DEVICE_GONE);
        assertThat(result.bytesWritten()).as("acknowledged, out of order, past the one waiting").isGreaterThanOrEqualTo(5L << 20);
        RunRecord run = result.runs("failed").get(0);
        assertThat(run.toPass()).isEqualTo(1);
        assertThat(run.toOffset()).as("no further than the request that never made it").isLessThanOrEqualTo(2L << 20);
    }

    /** Pulled during the read-back, a disk reads nothing back (seen in the lab: "pread at 0 transferred nothing"). */
    @Test
    void aPulledDiskThatReadsNothingBackIsTheDeviceGone() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE));
        WipeListener pullAtTheReadBack = e -> {
            if (e instanceof WipeEvent.VerifyStarted) {
                target.removedAfter(0);
            }
        };
        WipeResult result = job(zero().withQueueDepth(1), FaultPolicy.DEFAULT).run(target, pullAtTheReadBack,
                new CancelToken());
        assertThat(result.cause()).isEqualTo(FailureCause.DEVICE_GONE);
        assertThat(result.errors()).containsExactly("/dev/mem0: the device disappeared at offset 0 (pread at 0"
                + " transferred nothing: the target ended early)");
        assertThat(result.bytesWritten()).isEqualTo(SIZE);
    }

    /** Pulled between its last write and the sync that ends the pass, a disk fails the sync: the device gone. */
    @Test
    void aPulledDiskWhoseLastSyncFailsIsTheDeviceGone() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).removedAfter(SIZE);
        WipeResult result = job(zero().withQueueDepth(1), FaultPolicy.DEFAULT).run(target, WipeListener.NONE,
                new CancelToken());
        assertThat(result.cause()).isEqualTo(FailureCause.DEVICE_GONE);
        assertThat(result.errors()).containsExactly("/dev/mem0: the device disappeared at offset 8388608 (fdatasync: EIO)");
    }

    @Test
    void aDeviceThatAnswersNothingAnyMoreIsDeadNotBadSectors() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).dyingAfter(3L << 20);
        WipeResult result = job(zero().withQueueDepth(1), FaultPolicy.DEFAULT).run(target, WipeListener.NONE,
                new CancelToken());
        assertThat(result.cause()).isEqualTo(FailureCause.DEVICE_GONE);
        assertThat(result.errors().get(0)).isEqualTo("/dev/mem0: the device stopped answering at offset 3145728 (EIO;"
                + " it no longer reads at offset 2097152, where it worked before)");
        assertThat(result.badRanges()).isEmpty();
        assertThat(target.requests()).as("no sector-by-sector grind through a dead disk").isLessThan(10);
    }

    /**
     * A pulled SCSI disk fails its requests with EIO a moment before it leaves sysfs (seen in the
     * lab's "pulled while WRITE" once in several runs): it disappeared, it did not stop answering.
     */
    @Test
    void aDiskThatFailsEverythingAndThenLeavesSysfsDisappeared() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).dyingAfter(3L << 20)
                .leavingAfterDying(Duration.ofMillis(300));
        WipeResult result = job(zero().withQueueDepth(1), FaultPolicy.DEFAULT).run(target, WipeListener.NONE,
                new CancelToken());
        assertThat(result.cause()).isEqualTo(FailureCause.DEVICE_GONE);
        assertThat(result.errors()).containsExactly("/dev/mem0: the device disappeared at offset 3145728 (EIO)");
        assertThat(result.badRanges()).isEmpty();
    }

    /**
     * A disk that answers but takes nothing (an SSD gone read-only, a disk dead from its first
     * request) is given up by evidence: the first request, the sectors tried across it and a few
     * across the disk, not every sector of it.
     */
    @Test
    void aDiskThatTakesNotOneSectorIsGivenUpAfterAFewProbesNotListedAsOneHugeBadRange() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).failingWrites(0, SIZE, "EIO");
        WipeResult result = job(zero().withQueueDepth(1).withBlockSize(64 << 10), FaultPolicy.DEFAULT)
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.FAILED);
        assertThat(result.cause()).isEqualTo(FailureCause.DISK_FAILING);
        assertThat(result.errors().get(0)).isEqualTo("/dev/mem0: given up: the disk no longer takes writes at offset 0"
                + " (EIO): not one of the 8 sectors tried across the 64 KiB there could be written, nor one of 15"
                + " elsewhere on the disk");
        assertThat(result.bytesWritten()).isZero();
        assertThat(target.requests()).as("two tries, 8 probes, 15 sectors elsewhere").isEqualTo(2 + 8 + 15);
        assertThat(result.resumable()).as("going on would only fail again").isFalse();
    }

    /** Even where the whole target is one request, a disk that took nothing is FAILED, never "erased except". */
    @Test
    void aSmallDiskThatTakesNothingIsFailedNotErasedExceptBadSectors() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).failingWrites(0, SIZE, "EIO");
        WipeResult result = job(zero().withBlockSize(SIZE), FaultPolicy.DEFAULT)
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.FAILED);
        assertThat(result.cause()).isEqualTo(FailureCause.DISK_FAILING);
        assertThat(target.requests()).isLessThan(30);
    }

    /** A disk that stops taking writes part-way (but still reads) is told by the sector that took the last one. */
    @Test
    void aDiskThatStopsTakingWritesIsGivenUpWithTheFirstFailureAsTheCause() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).failingWritesAfter(3L << 20);
        WipeResult result = job(zero().withQueueDepth(1), FaultPolicy.DEFAULT)
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.cause()).isEqualTo(FailureCause.DISK_FAILING);
        assertThat(result.errors().get(0)).isEqualTo("/dev/mem0: given up: the disk no longer takes writes at offset"
                + " 3145728 (EIO): not one of the 8 sectors tried across the 1 MiB there could be written, nor one of 15"
                + " elsewhere on the disk, the last one that worked (offset 2097152) included");
        assertThat(result.bytesWritten()).isEqualTo(3L << 20);
        assertThat(target.requests()).isLessThan(40);
    }

    /** A bad stretch none of whose probes go through is counted bad as a whole, without a try per sector. */
    @Test
    void aBadStretchIsCountedBadAsAWholeWithoutTryingEachOfItsSectors() throws Exception {
        MemoryTarget memory = randomFilled(new MemoryTarget(SIZE));
        byte[] before = memory.data().clone();
        FaultyTarget target = new FaultyTarget(memory).failingWrites(2L << 20, 1 << 20, "EIO");
        WipeResult result = job(zero().withQueueDepth(1), FaultPolicy.DEFAULT)
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.ERASED_EXCEPT_BAD_SECTORS);
        assertThat(result.badRanges()).containsExactly(new BadRange(2L << 20, 1 << 20, "EIO", 1, Stage.WRITE));
        assertThat(result.warnings()).anyMatch(w -> w.startsWith("1 range (1 MiB) counted bad as a whole"));
        assertThat(target.requests()).as("requests, a retry, 8 probes, a sector elsewhere, the read-back: not 2048 sectors")
                .isLessThan(40);
        byte[] data = memory.data();
        assertThat(Arrays.equals(data, 2 << 20, 3 << 20, before, 2 << 20, 3 << 20)).as("the bad stretch untouched").isTrue();
        assertThat(isZero(Arrays.copyOfRange(data, 0, 2 << 20)) && isZero(Arrays.copyOfRange(data, 3 << 20, SIZE)))
                .as("everything else written").isTrue();
    }

    /** Bad stretches with good sectors between them are bad sectors, however many requests they touch. */
    @Test
    void requestsThatTakeSomeSectorsKeepTheJobGoing() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE));
        for (long at = 0; at < SIZE; at += 64 << 10) {
            target.failingWrites(at + SECTOR, 16 << 10, "EIO");
        }
        WipeResult result = job(zero().withQueueDepth(1).withBlockSize(64 << 10), FaultPolicy.DEFAULT)
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.ERASED_EXCEPT_BAD_SECTORS);
        assertThat(result.bytesWritten()).isEqualTo((long) SIZE / (64 << 10) * ((64 << 10) - (16 << 10)));
    }

    /** A disk most of which cannot be written is failing, however the bad parts lie. */
    @Test
    void aDiskMoreThanHalfOfWhichCannotBeWrittenIsGivenUp() throws Exception {
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE));
        for (long at = 0; at < SIZE; at += 64 << 10) {
            target.failingWrites(at + SECTOR, (64 << 10) - SECTOR, "EIO");
        }
        WipeResult result = job(zero().withQueueDepth(1).withBlockSize(64 << 10), FaultPolicy.DEFAULT)
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.FAILED);
        assertThat(result.cause()).isEqualTo(FailureCause.DISK_FAILING);
        assertThat(result.errors().get(0)).isEqualTo("/dev/mem0: given up: more than half of its 8 MiB could not be"
                + " written or read: the disk is failing");
    }

    /**
     * With --on-error stop, no worker starts a request once one has failed: only the requests in
     * flight then complete, however long the failing one takes to be resolved.
     */
    @Test
    void onErrorStopStartsNoNewRequestOnceOneFailed() throws Exception {
        int depth = 4;
        int block = 256 << 10;
        long bad = 2L << 20;
        FaultyTarget target = new FaultyTarget(randomFilled(new MemoryTarget(SIZE))).failingWrites(bad, SECTOR, "EIO")
                .holdingEachRequest(() -> sleepQuietly(5));
        WipeResult result = job(zero().withQueueDepth(depth).withBlockSize(block), FaultPolicy.DEFAULT.withStopAtFirst(true))
                .run(target, WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.FAILED);

        List<FaultyTarget.Request> log = target.log();
        long failed = log.stream().filter(FaultyTarget.Request::failed).mapToLong(FaultyTarget.Request::ended).min()
                .orElseThrow();
        List<FaultyTarget.Request> startedAfter = log.stream()
                .filter(r -> r.write() && r.started() > failed && (r.offset() < bad || r.offset() >= bad + block)).toList();
        assertThat(startedAfter).as("requests outside the failing one started once it had failed: at most the few"
                + " other workers that were already past their gate").hasSizeLessThan(depth);
    }

    /**
     * A stall here is a request older than a second: only the held one is, however loaded the
     * machine (with 100 ms a descheduled request elsewhere sometimes made a second stall).
     */
    @Test
    void aStalledRequestIsShownWhileItWaitsAndRecorded() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).stallingAt(4L << 20, release);
        List<Stall> shown = new ArrayList<>();
        WipeResult result = job(zero(), STALL_AFTER_A_SECOND).run(target, e -> {
            if (e instanceof WipeEvent.Progress p && p.stall() != null) {
                shown.add(p.stall());
                release.countDown();
            }
        }, new CancelToken());

        assertThat(shown).isNotEmpty().allSatisfy(s -> {
            assertThat(s.offset()).isEqualTo(4L << 20);
            assertThat(s.stage()).isEqualTo(Stage.WRITE);
            assertThat(s.pass()).isEqualTo(1);
            assertThat(s.duration()).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        });
        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(result.stalls()).singleElement().satisfies(s -> assertThat(s.offset()).isEqualTo(4L << 20));
    }

    @Test
    void aStalledJobCanBeCancelledAndStopsOnceTheRequestReturns() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CancelToken cancel = new CancelToken();
        FaultyTarget target = new FaultyTarget(new MemoryTarget(SIZE)).stallingAt(4L << 20, release);
        WipeResult result = job(zero(), STALL_AFTER_A_SECOND).run(target, e -> {
            if (e instanceof WipeEvent.Progress p && p.stall() != null) {
                cancel.cancel();
                release.countDown();
            }
        }, cancel);
        assertThat(result.state()).isEqualTo(FinalState.CANCELLED);
        assertThat(result.stalls()).hasSize(1);
    }

    @Test
    void checkpointsNeverClaimMoreThanIsWritten() throws Exception {
        MemoryTarget memory = randomFilled(new MemoryTarget(SIZE));
        List<WipeEvent.Checkpoint> checkpoints = new ArrayList<>();
        AtomicReference<String> wrong = new AtomicReference<>();
        new WipeJob(zero().withQueueDepth(2).withBlockSize(SMALL_BLOCK), new SecureRandom(), fastClock(), Keystreams.JCE)
                .run(new FaultyTarget(memory).slowedBy(SLOW), e -> {
                    if (e instanceof WipeEvent.Checkpoint c && c.pass() == 1) {
                        checkpoints.add(c);
                        byte[] prefix = Arrays.copyOf(memory.data(), (int) c.offset());
                        if (!isZero(prefix)) {
                            wrong.set("checkpoint at " + c.offset() + " but not all of it is written");
                        }
                    }
                }, new CancelToken());
        assertThat(wrong.get()).isNull();
        assertThat(checkpoints).as("a periodic one").anyMatch(c -> c.offset() > 0 && c.offset() < SIZE);
        assertThat(checkpoints.get(checkpoints.size() - 1).offset()).isEqualTo(SIZE);
    }

    @Test
    void aResumedRandomPassWritesTheSameStreamAndNothingBelowItsCheckpointAgain() throws Exception {
        resumeAndCheck(WipeMethods.byName("random").orElseThrow());
    }

    @Test
    void aResumedMultiPassJobGoesOnInTheRightPass() throws Exception {
        resumeAndCheck(WipeMethods.byName("dod-short").orElseThrow());
    }

    @Test
    void badRangesOfAnEarlierRunAreKeptAndNotReadBack() throws Exception {
        MemoryTarget memory = new MemoryTarget(SIZE);
        BadRange earlier = new BadRange(1 << 20, SECTOR, "EIO", 1, Stage.WRITE);
        WipeJob job = job(zero(), FaultPolicy.DEFAULT);
        WipePlan plan = job.plan(memory.info());
        WipeResult result = job.resume(memory, plan, new ResumePoint(1, 2L << 20, List.of(earlier), List.of()),
                WipeListener.NONE, new CancelToken());
        assertThat(result.state()).isEqualTo(FinalState.ERASED_EXCEPT_BAD_SECTORS);
        assertThat(result.badRanges()).containsExactly(earlier);
        assertThat(result.verification().skippedBytes()).isEqualTo(SECTOR);
    }

    /**
     * Runs {@code method} until the second pass is under way (or half the first, with one pass),
     * takes an early checkpoint as a journal killed there would hold it, and resumes from it.
     */
    private static void resumeAndCheck(WipeMethod method) throws Exception {
        MemoryTarget memory = randomFilled(new MemoryTarget(SIZE));
        CancelToken cancel = new CancelToken();
        int killedIn = method.passCount() > 1 ? 2 : 1;
        List<WipeEvent.Checkpoint> checkpoints = new ArrayList<>();
        WipeJob job = new WipeJob(WipeRequest.of(method).withBlockSize(SMALL_BLOCK).withQueueDepth(2), new SecureRandom(),
                fastClock(), Keystreams.JCE);
        WipeResult first = job.run(new FaultyTarget(memory).slowedBy(SLOW), e -> {
            if (e instanceof WipeEvent.Checkpoint c) {
                checkpoints.add(c);
                if (c.pass() == killedIn && c.offset() > 0) {
                    cancel.cancel();
                }
            }
        }, cancel);
        assertThat(first.state()).isEqualTo(FinalState.CANCELLED);
        WipeEvent.Checkpoint at = checkpoints.stream().filter(c -> c.pass() == killedIn && c.offset() > 0).findFirst()
                .orElseThrow();

        int writesBefore = memory.writes().size();
        AtomicLong lowest = new AtomicLong(Long.MAX_VALUE);
        boolean[] inResumedPass = {true};
        ResumePoint from = new ResumePoint(at.pass(), at.offset(), at.badRanges(), List.of());
        List<WipeEvent.Progress> progress = new ArrayList<>();
        WipeResult second = job.resume(memory, first.plan(), from, e -> {
            if (e instanceof WipeEvent.Progress p) {
                progress.add(p);
            }
            if (e instanceof WipeEvent.PassDone) {
                if (inResumedPass[0]) {
                    memory.writes().stream().skip(writesBefore).mapToLong(w -> w[0]).min()
                            .ifPresent(lowest::set);
                }
                inResumedPass[0] = false;
            }
        }, new CancelToken());

        assertThat(second.state()).isEqualTo(FinalState.ERASED);
        assertThat(lowest.get()).as("nothing below the checkpoint written again").isEqualTo(at.offset());
        assertThat(second.passes()).first().satisfies(p -> {
            assertThat(p.number()).isEqualTo(killedIn);
            assertThat(p.startOffset()).isEqualTo(at.offset());
        });
        Pattern last = first.plan().lastPass().pattern();
        assertThat(Arrays.equals(memory.data(), Expected.bytes(last, SIZE))).as("the whole target holds the last pass").isTrue();
        assertThat(second.verification().bytesVerified()).as("the read-back covers the whole target").isEqualTo(SIZE);
        assertThat(second.verification().passed()).isTrue();
        assertThat(second.resumedFrom()).isEqualTo(from);
        assertThat(second.writtenFraction()).isEqualTo(1.0);
        long doneEarlier = (long) (killedIn - 1) * SIZE + at.offset();
        assertThat(progress.get(0)).as("the resumed pass is shown where it is, the earlier runs' part as done, before"
                        + " this run's first request completes")
                .satisfies(p -> {
                    assertThat(p.stageStart()).isEqualTo(at.offset());
                    assertThat(p.stageBytesDone()).isZero();
                    assertThat(p.jobBytesDone()).isEqualTo(doneEarlier);
                    assertThat(p.jobBytesTotal()).isEqualTo((long) method.passCount() * SIZE + SIZE);
                });
        WipeEvent.Progress end = progress.get(progress.size() - 1);
        assertThat(end.jobBytesDone()).isEqualTo(end.jobBytesTotal());
    }

    private static WipeRequest zero() {
        return WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withBlockSize(BLOCK);
    }

    private static WipeJob job(WipeRequest request, FaultPolicy faults) {
        return new WipeJob(request.withFaults(faults), new SecureRandom(), System::nanoTime, Keystreams.JCE);
    }

    /** A clock that moves a second per reading: periodic checkpoints come every few ticks. */
    private static LongSupplier fastClock() {
        AtomicLong now = new AtomicLong();
        return () -> now.addAndGet(1_000_000_000L);
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static MemoryTarget randomFilled(MemoryTarget target) {
        new Random(7).nextBytes(target.data());
        return target;
    }

    private static boolean isZero(byte[] data) {
        for (byte b : data) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }
}
