package dev.blockwipe.engine.job;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.DaemonThreads;
import dev.blockwipe.engine.DirectBuffers;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.fault.BadSectors;
import dev.blockwipe.engine.fault.FailureCause;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.fault.MediaErrors;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.firmware.FirmwareRecord;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.io.ChunkPlan;
import dev.blockwipe.engine.io.IoContext;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.io.Sweep;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.PatternSource;
import dev.blockwipe.engine.method.RangeOperation;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.verify.Verifier;
import dev.blockwipe.engine.verify.VerifyResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * The state of one run of a {@link WipeJob}: passes, read-backs, events, and the result. A run
 * starts where an earlier one stopped ({@link ResumePoint}), and while it writes it takes a
 * checkpoint every {@link #CHECKPOINT_NANOS}: the offset up to which everything is written, reported
 * once the device has synced it (on a disk slow to flush, that much later).
 */
final class JobRun {
    static final long BUFFERED_SYNC_BYTES = 256L << 20;
    static final int RANGE_STEP = 1 << 30;
    /** How often a checkpoint is taken (src/docs/failing-disks.md: "every 4 s"); the next waits for the previous one's sync. */
    static final long CHECKPOINT_NANOS = 4_000_000_000L;
    private static final int TEMPLATE_BYTES = 64 << 10;

    private final BlockTarget target;
    private final TargetInfo info;
    private final WipePlan plan;
    private final WipeListener listener;
    private final CancelToken cancel;
    private final IoContext io;
    private final Verifier verifier;
    private final JobProgress progress;
    private final ChunkPlan finalCheck;
    private final List<PassResult> passes = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final AtomicLong unsynced = new AtomicLong();
    private final Keystreams keystreams;
    private final ResumePoint from;
    private final BadSectors bad;
    private final MediaErrors media;
    private final LongSupplier clock;
    private final ThermalGate thermal;
    private final RandomGenerator random;
    /** The firmware method's drive and offer, null for other methods. */
    private final FirmwareErase firmware;
    /** What the firmware erase did so far, null until it planted its canaries. Job thread. */
    private FirmwareRecord firmwareRecord;
    private boolean stopped;
    /** The running pass's last checkpoint: everything before this offset is written and synced. Job thread. */
    private long checkpointed;
    private ExecutorService syncer;

    JobRun(BlockTarget target, WipePlan plan, WipeListener listener, CancelToken cancel, LongSupplier clock,
           RandomGenerator random, Keystreams keystreams, BufferPool buffers, FaultPolicy faults, ResumePoint from,
           FirmwareErase firmware) {
        this.target = target;
        this.info = target.info();
        this.plan = plan;
        this.listener = listener;
        this.cancel = cancel;
        this.clock = clock;
        this.from = from;
        this.random = random;
        this.firmware = firmware;
        this.io = new IoContext(info.name(), buffers, target::allocate, plan.maxDepth(), Math.max(plan.blockSize(), plan.randomBlockSize()));
        this.keystreams = keystreams;
        this.bad = new BadSectors(from.badRanges());
        this.media = new MediaErrors(target, bad, faults);
        this.verifier = new Verifier(target, io, clock, keystreams, bad, faults);
        this.finalCheck = finalCheckPlan(plan.verification(), random);
        this.progress = new JobProgress(listener, clock, totalWork(), doneEarlier(), plan.passes().size(),
                faults.stallAfter());
        this.thermal = new ThermalGate(target.thermometer(), faults.maxCelsius(), clock, listener);
    }

    WipeResult execute() {
        Smart smartBefore = target.smart();
        Instant started = Instant.now();
        listener.on(new WipeEvent.Started(info, plan));
        noteAlignment();
        VerifyResult finalVerify = null;
        FailureCause cause = FailureCause.NONE;
        List<String> errors = new ArrayList<>();
        try (io) {
            for (Pass pass : plan.passes()) {
                if (pass.number() < from.pass()) {
                    continue;
                }
                runPass(pass, pass.number() == from.pass() ? from.offset() : 0);
                if (stopped) {
                    break;
                }
            }
            if (!stopped && finalCheck != null) {
                finalVerify = verify(plan.lastPass(), finalCheck, plan.verification());
            }
        } catch (IOException | RuntimeException e) {
            cause = FailureCause.of(e);
            errors.add(e.getMessage() != null ? e.getMessage() : e.toString());
        } finally {
            if (syncer != null) {
                syncer.shutdown();
            }
        }
        if (passes.stream().anyMatch(p -> p.bytesWritten() > 0) && cause != FailureCause.DEVICE_GONE) {
            rereadPartitionTable();
        }
        passes.forEach(p -> SpeedAcrossDisk.slowRegions(p).ifPresent(warnings::add));
        Optional.ofNullable(bad.wholeRanges()).ifPresent(warnings::add);
        Temperatures temperatures = thermal.finish();
        FinalState state = state(cause, finalVerify);
        Optional<String> gap = state == FinalState.ERASED || state == FinalState.ERASED_EXCEPT_BAD_SECTORS
                ? Coverage.gap(plan, info.size(), from, passes, WipeResult.verifications(passes, finalVerify),
                        bad.ranges())
                : Optional.empty();
        if (gap.isPresent()) {
            state = FinalState.FAILED;
            cause = FailureCause.INTERNAL;
            errors.add(Units.printable(info.path()) + ": not erased: " + gap.get()
                    + " (a defect in Blockwipe; please report it)");
        }
        String unproven = state == FinalState.UNPROVEN ? unproven() : null;
        if (unproven != null) {
            warnings.add(unproven);
        }
        WipeResult result = new WipeResult(info, plan, passes, finalVerify, state, cause, errors, warnings, unproven,
                bad.ranges(), progress.stalls(), temperatures, from, started, Instant.now(), firmwareRecord, smartBefore,
                cause == FailureCause.DEVICE_GONE ? Smart.unavailable("the device is gone") : target.smart());
        listener.on(switch (result.state()) {
            case FAILED -> new WipeEvent.Failed(result, errors.get(0));
            case CANCELLED -> new WipeEvent.Cancelled(result);
            case ERASED, ERASED_EXCEPT_BAD_SECTORS, PURGED, UNPROVEN, VERIFY_FAILED -> new WipeEvent.Finished(result);
        });
        return result;
    }

    /** Writes {@code pass} from {@code start} (0, or where an earlier run's last checkpoint was). */
    private void runPass(Pass pass, long start) throws IOException {
        if (firmware != null) {
            firmwarePass(pass);
            return;
        }
        boolean overwrite = plan.method().technique().isOverwrite();
        Stage stage = overwrite ? Stage.WRITE : Stage.RANGE;
        listener.on(new WipeEvent.PassStarted(pass, plan.passes().size(), stage));
        Instant started = Instant.now();
        Throughput throughput = new Throughput(progress.now());
        int blockSize = overwrite ? plan.blockSizeFor(pass.pattern()) : RANGE_STEP;
        ChunkPlan chunks = ChunkPlan.from(overwrite ? ChunkPlan.onDisk(info, blockSize)
                : ChunkPlan.sequential(info.size(), blockSize, RANGE_STEP), start);
        Sweep sweep = new Sweep(chunks, clock, Sweep.Gate.all(thermal, media));
        Sweep.Ticker ticker = thermal.sampling(checkpointing(progress.stage(stage, pass.number(), start,
                chunks.totalBytes(), throughput), pass, start, sweep));
        boolean complete = false;
        IOException failure = null;
        List<ByteBuffer> buffers = overwrite ? io.ioBuffers(plan.depthFor(pass.pattern())) : io.noBuffers();
        checkpointed = start;
        thermal.writing(pass.number(), () -> start + sweep.contiguousBytes());
        try {
            complete = overwrite ? overwrite(pass, sweep, buffers, ticker) : rangeOperation(sweep, buffers, ticker);
            if (complete) {
                media.giveUpIfTooMany();
            }
        } catch (IOException e) {
            failure = e;
        } finally {
            thermal.writingDone();
        }
        failure = syncAfter(failure, start + sweep.contiguousBytes());
        throughput.finish(progress.now());
        if (failure == null) {
            checkpoint(pass.number(), start + sweep.contiguousBytes());
        }
        progress.stageDone(sweep.bytesDone());
        stopped = !complete;
        VerifyResult verification = null;
        if (failure == null && complete && plan.verification() instanceof Verification.All) {
            verification = verify(pass, verifier.fullPlan(plan.blockSizeFor(pass.pattern())), plan.verification());
        }
        PassResult result = new PassResult(pass.number(), pass.pattern().describe(), pass.blanking(), stage,
                chunks.totalBytes(), start, sweep.bytesDone(), checkpointed - start, started, throughput.elapsed(), info.ioMode(),
                throughput.averageRate(), minRate(throughput), maxRate(throughput), throughput.profile(), verification,
                new RequestShape(chunks.requestBytes(), buffers.size()));
        passes.add(result);
        if (failure != null) {
            throw failure;
        }
        listener.on(new WipeEvent.PassDone(result));
        if (!stopped) {
            checkpoint(pass.number() + 1, 0);
        }
    }

    /**
     * The drive erases itself: canaries planted, the command sent and followed to its end, the
     * canaries read back. Cancelling is possible only before the command is sent; a drive that
     * reports failure fails the job, with what it did on the result.
     */
    private void firmwarePass(Pass pass) throws IOException {
        listener.on(new WipeEvent.PassStarted(pass, plan.passes().size(), Stage.FIRMWARE));
        Instant started = Instant.now();
        Throughput throughput = new Throughput(progress.now());
        Sweep.Ticker ticker = progress.stage(Stage.FIRMWARE, pass.number(), 0, info.size(), throughput);
        stopped = cancel.isCancelled();
        IOException failure = null;
        if (!stopped) {
            try {
                FirmwareRecord done = firmware.run(target, random, f -> ticker.tick((long) (f * info.size()), null),
                        r -> firmwareRecord = r);
                if (!done.outcome().succeeded()) {
                    failure = new TargetException(info.path(), done.command() + ": the drive reported that the erase"
                            + " failed: " + done.outcome().driveStatus());
                } else if (!done.canaries().allChanged()) {
                    warnings.add("the drive reported success, but " + (done.canaries().planted().size()
                            - done.canaries().changed()) + " of " + done.canaries().planted().size() + " canaries read"
                            + " back unchanged: it did not erase what they were written over");
                }
            } catch (IOException e) {
                failure = e;
            }
        }
        throughput.finish(progress.now());
        long erased = !stopped && failure == null ? info.size() : 0;
        progress.stageDone(erased);
        VerifyResult verification = erased > 0 && plan.verification() instanceof Verification.All
                ? verify(pass, verifier.fullPlan(plan.blockSizeFor(pass.pattern())), plan.verification()) : null;
        PassResult result = new PassResult(pass.number(), firmware.passLabel(), false, Stage.FIRMWARE, info.size(), 0,
                erased, erased, started, throughput.elapsed(), info.ioMode(), throughput.averageRate(),
                throughput.averageRate(), throughput.averageRate(), throughput.profile(), verification,
                new RequestShape(0, 0));
        passes.add(result);
        if (failure != null) {
            throw failure;
        }
        listener.on(new WipeEvent.PassDone(result));
    }

    /**
     * The stage's ticker, and every {@link #CHECKPOINT_NANOS} a checkpoint: the completed
     * prefix is taken first, then synced, so everything before it is on the device once the sync
     * returns, whatever the workers write meanwhile. The sync runs on a thread of its own, so that
     * a device that takes long to flush (or a stalled request it waits for) never holds up the
     * progress events; its checkpoint is reported on the job's thread at the next tick after it
     * returned.
     */
    private Sweep.Ticker checkpointing(Sweep.Ticker progressTicker, Pass pass, long start, Sweep sweep) {
        return new Sweep.Ticker() {
            private long last = clock.getAsLong();
            private Future<Long> syncing;

            @Override
            public void tick(long bytesDone, Sweep.InFlight oldest) {
                progressTicker.tick(bytesDone, oldest);
                if (syncing != null && syncing.isDone()) {
                    synced(syncing).ifPresent(prefix -> checkpoint(pass.number(), start + prefix));
                    syncing = null;
                }
                long now = clock.getAsLong();
                if (syncing == null && now - last >= CHECKPOINT_NANOS) {
                    last = now;
                    long prefix = sweep.contiguousBytes();
                    syncing = syncer().submit(() -> {
                        target.sync();
                        return prefix;
                    });
                }
            }
        };
    }

    /** The prefix a finished background sync made durable; empty when it failed (the pass's own sync at its end reports that). */
    private static Optional<Long> synced(Future<Long> done) {
        try {
            return Optional.of(done.get());
        } catch (ExecutionException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private ExecutorService syncer() {
        if (syncer == null) {
            syncer = Executors.newSingleThreadExecutor(DaemonThreads.named("blockwipe-sync-" + info.name()));
        }
        return syncer;
    }

    private void checkpoint(int pass, long offset) {
        checkpointed = offset;
        listener.on(new WipeEvent.Checkpoint(pass, offset, bad.ranges(), progress.stalls()));
    }

    /**
     * Each worker writes its requests from its buffer, filled with the pass's pattern; a repeating
     * pattern is written from a small template instead (see {@link BlockTarget#writeRepeating}),
     * and the buffer only filled where the target cannot do that or a request fails.
     */
    private boolean overwrite(Pass pass, Sweep sweep, List<ByteBuffer> buffers, Sweep.Ticker ticker) throws IOException {
        boolean buffered = info.ioMode() == IoMode.BUFFERED;
        int templateBytes = pass.pattern() instanceof Pattern.Repeating r ? templateBytes(r, io.blockSize()) : 0;
        return sweep.run(io.pool(), buffers, worker -> {
            PatternSource source = pass.pattern().newSource(keystreams);
            ByteBuffer template = templateBytes > 0 ? DirectBuffers.aligned(templateBytes) : null;
            PatternSource templateSource = pass.pattern().newSource(keystreams);
            return (chunk, buffer) -> {
                buffer.clear().limit(chunk.length());
                long written;
                if (template != null) {
                    templateSource.fill(template.clear(), chunk.offset());
                    written = media.writeRepeating(chunk.offset(), template, buffer, pass.number(), source);
                } else {
                    source.fill(buffer, chunk.offset());
                    written = media.write(chunk.offset(), buffer, pass.number(), source);
                }
                if (buffered) {
                    flushEvery(chunk.length());
                }
                return written;
            };
        }, ticker, cancel);
    }

    private boolean rangeOperation(Sweep sweep, List<ByteBuffer> none, Sweep.Ticker ticker) throws IOException {
        RangeOperation op = RangeOperation.of(plan.method().technique());
        return sweep.run(io.pool(), none,
                worker -> (chunk, unused) -> {
                    target.rangeOperation(op, chunk.offset(), chunk.length());
                    return chunk.length();
                }, ticker, cancel);
    }

    /**
     * The size of the template a repeating pattern is written from: 64 KiB or a little more, whole
     * periods and whole pages (Gutmann's three-byte patterns: 72 KiB); 0 where that would be no
     * smaller than a request, which is then written from its filled buffer.
     */
    static int templateBytes(Pattern.Repeating pattern, int requestBytes) {
        long period = lcm(pattern.unit().length, DirectBuffers.PAGE);
        long size = (TEMPLATE_BYTES + period - 1) / period * period;
        return size < requestBytes ? (int) size : 0;
    }

    private static long lcm(long a, long b) {
        long x = a;
        long y = b;
        while (y != 0) {
            long t = x % y;
            x = y;
            y = t;
        }
        return a / x * b;
    }

    /** Buffered I/O: the page cache must not hold gigabytes the device has not acknowledged. */
    private void flushEvery(int written) throws IOException {
        if (unsynced.addAndGet(written) >= BUFFERED_SYNC_BYTES) {
            unsynced.set(0);
            target.sync();
            target.dropCache();
        }
    }

    /**
     * Bytes count as written once the device has acknowledged them, also when the pass stopped
     * early. A sync that fails because the device went away ({@code at}: where the pass had got
     * to) is the device gone, as a request that fails so is.
     */
    private IOException syncAfter(IOException failure, long at) {
        try {
            target.sync();
        } catch (IOException e) {
            if (failure == null) {
                return media.whenGone(e, at);
            }
            failure.addSuppressed(e);
        }
        return failure;
    }

    private VerifyResult verify(Pass pass, ChunkPlan chunks, Verification mode) throws IOException {
        int number = mode instanceof Verification.All ? pass.number() : 0;
        listener.on(new WipeEvent.VerifyStarted(info, number, mode, chunks.totalBytes()));
        Throughput throughput = new Throughput(progress.now());
        VerifyResult result = verifier.verify(chunks, pass.pattern(), mode.text(), plan.depthFor(pass.pattern()), number,
                thermal.sampling(progress.stage(Stage.VERIFY, number, 0, chunks.totalBytes(), throughput)), cancel);
        progress.stageDone(result.bytesVerified());
        if (!result.complete()) {
            stopped = true;
        }
        listener.on(new WipeEvent.Verified(number, result));
        return result;
    }

    /**
     * Writing over a whole disk erases its partition table, but the kernel keeps listing the
     * partitions it read before until it reads the table again; the erasure stands either way, so
     * a refusal is a warning, not a failure.
     */
    private void rereadPartitionTable() {
        try {
            target.rereadPartitionTable();
        } catch (TargetException e) {
            warnings.add("the kernel may still list the partitions the wipe erased: " + e.detail() + "; blockdev"
                    + " --rereadpt or partx -d removes them once nothing has them open, and so does attaching the disk again");
        }
    }

    private void noteAlignment() {
        long off = info.misalignment();
        if (off != 0) {
            warnings.add("starts " + off + " bytes past a " + Units.bytes(info.alignmentUnit()) + " boundary of its disk: requests"
                    + " aligned to the partition would each straddle two disk blocks, so the first write ends on the"
                    + " disk's next 1 MiB boundary and every later one is aligned to the disk");
        }
    }

    private FinalState state(FailureCause cause, VerifyResult finalVerify) {
        if (cause != FailureCause.NONE) {
            return FinalState.FAILED;
        }
        if (stopped) {
            return FinalState.CANCELLED;
        }
        boolean mismatch = passes.stream().map(PassResult::verification)
                .anyMatch(v -> v != null && !v.passed()) || finalVerify != null && !finalVerify.passed();
        if (mismatch || firmwareRecord != null && !firmwareRecord.canaries().allChanged()) {
            return FinalState.VERIFY_FAILED;
        }
        if (unproven() != null) {
            return FinalState.UNPROVEN;
        }
        if (firmwareRecord != null && finalVerify == null && passes.stream().allMatch(p -> p.verification() == null)) {
            return FinalState.PURGED;
        }
        return bad.count() > 0 ? FinalState.ERASED_EXCEPT_BAD_SECTORS : FinalState.ERASED;
    }

    /** Why a job that ran to its end proves no erasure, or null when it does. */
    private String unproven() {
        String why = info.oldData().whyUnproven(plan.method().technique(), plan.verification());
        return why == null ? null : "no proof of erasure: " + why;
    }

    /** The read-back after the last pass, or null when there is none (off) or each pass has its own (all). */
    private ChunkPlan finalCheckPlan(Verification verification, RandomGenerator random) {
        if (verification instanceof Verification.Last) {
            return verifier.fullPlan(plan.blockSizeFor(plan.lastPass().pattern()));
        }
        if (verification instanceof Verification.Sample sample) {
            return verifier.samplePlan(sample.percent(), random);
        }
        return null;
    }

    /** What the whole job writes and reads: every pass, and every read-back; earlier runs' part included. */
    private long totalWork() {
        int passes = plan.passes().size();
        long reads = plan.verification() instanceof Verification.All ? info.size() * passes
                : finalCheck != null ? finalCheck.totalBytes() : 0;
        return info.size() * passes + reads;
    }

    /**
     * What earlier runs did of it: the passes before the one this run resumes (with their
     * read-backs, for --verify all) and that pass up to where it resumes.
     */
    private long doneEarlier() {
        int before = Math.min(from.pass() - 1, plan.passes().size());
        long reads = plan.verification() instanceof Verification.All ? info.size() * before : 0;
        return info.size() * before + from.offset() + reads;
    }

    /**
     * The one-second rates, leaving out the sample taken at the very start (nothing written yet)
     * and the first second (ramp-up) when there is more.
     */
    private static double minRate(Throughput t) {
        return steadyRates(t).min().orElse(t.averageRate());
    }

    private static double maxRate(Throughput t) {
        return steadyRates(t).max().orElse(t.averageRate());
    }

    private static java.util.stream.DoubleStream steadyRates(Throughput t) {
        List<ThroughputPoint> profile = t.profile();
        boolean longEnough = t.elapsed().compareTo(Duration.ofSeconds(2)) > 0;
        return profile.stream().skip(profile.size() > 1 ? 1 : 0).filter(p -> !longEnough || p.seconds() >= 1)
                .mapToDouble(ThroughputPoint::bytesPerSecond);
    }
}
