package dev.blockwipe.engine.job;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.InvalidRequestException;
import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.firmware.CommandSet;
import dev.blockwipe.engine.firmware.Drives;
import dev.blockwipe.engine.firmware.HiddenArea;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.io.IoContext;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.RangeOperation;
import dev.blockwipe.engine.method.Technique;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * A wipe of one target: blocking, cancellable, with events on the calling thread. The caller
 * opens the target (exclusively) and closes it; the job owns its worker threads and buffers and
 * releases them before it returns.
 */
public final class WipeJob {
    /** The plan's keystream when no pass writes random data. */
    public static final String NO_KEYSTREAM = "none (no pass writes random data)";

    private final WipeRequest request;
    private final RandomGenerator random;
    private final LongSupplier clock;
    private final Keystreams keystreams;
    private final BufferPool buffers;
    private final long bufferShare;

    /** A job whose random passes use JCE, with a buffer pool of its own. */
    public WipeJob(WipeRequest request) {
        this(request, Keystreams.JCE);
    }

    /** A job whose random passes use {@code keystreams}, with a buffer pool of its own. */
    public WipeJob(WipeRequest request, Keystreams keystreams) {
        this(request, keystreams, new BufferPool(BufferPool.SINGLE_JOB_BUDGET), 1);
    }

    /**
     * A job whose random passes use {@code keystreams} (the fastest source the machine offers) and
     * whose buffers come from {@code buffers}, shared with the other jobs of the process: this job
     * plans its requests to fit its part of the budget when {@code sharing} jobs run together (see
     * {@link BufferPool#share}), so that many disks at once take smaller requests instead of more
     * memory than the budget.
     */
    public WipeJob(WipeRequest request, Keystreams keystreams, BufferPool buffers, int sharing) {
        this(request, new SecureRandom(), System::nanoTime, keystreams, buffers, sharing);
    }

    WipeJob(WipeRequest request, RandomGenerator random, LongSupplier clock, Keystreams keystreams) {
        this(request, random, clock, keystreams, new BufferPool(BufferPool.SINGLE_JOB_BUDGET), 1);
    }

    WipeJob(WipeRequest request, RandomGenerator random, LongSupplier clock, Keystreams keystreams, BufferPool buffers,
            int sharing) {
        this.request = request;
        this.random = random;
        this.clock = clock;
        this.keystreams = keystreams;
        this.buffers = buffers;
        this.bufferShare = buffers.share(sharing);
    }

    public WipeRequest request() {
        return request;
    }

    /**
     * Checks what depends on the target, before anything is written.
     *
     * @throws InvalidRequestException        the block size does not fit the device
     * @throws OperationNotSupportedException the method's range operation is not offered, or the
     *                                        drive does not offer the method's firmware erase
     */
    public void validate(BlockTarget target) throws TargetException {
        firmware(target);
    }

    /** Checks the target as {@link #validate} does: the drive's offer of a firmware method, null for other methods. */
    private FirmwareErase firmware(BlockTarget target) throws TargetException {
        if (request.blockSize() > 0) {
            IoContext.checkBlockSize(target.info(), request.blockSize());
        }
        Technique technique = request.method().technique();
        if (technique.isRangeOperation()) {
            target.requireSupport(RangeOperation.of(technique));
        }
        return technique == Technique.FIRMWARE ? FirmwareErase.offered(request.method(), target) : null;
    }

    /** Resolves the method for one run: random bytes and keys drawn, sizes chosen for the target. */
    public WipePlan plan(TargetInfo info) {
        List<Pass> passes = new ArrayList<>();
        List<Pattern> patterns = request.method().resolve(random);
        for (Pattern p : patterns) {
            passes.add(new Pass(passes.size() + 1, p, false));
        }
        if (request.blank()) {
            passes.add(new Pass(passes.size() + 1, Pattern.Repeating.of(0), true));
        }
        // a read-back of random data leases as many buffers again for the data it expects
        long share = request.method().writesRandomData() ? bufferShare / 2 : bufferShare;
        int blockSize = request.blockSize() > 0 ? request.blockSize() : IoContext.blockSizeFor(info, share);
        int randomBlockSize = request.blockSize() > 0 ? request.blockSize() : IoContext.randomBlockSizeFor(share);
        return new WipePlan(request.method(), passes, request.verification(), blockSize,
                IoContext.depthFor(info, request.queueDepth(), blockSize, share), randomBlockSize,
                IoContext.generatorsFor(info, request.queueDepth(), Math.max(blockSize, randomBlockSize), share),
                request.method().writesRandomData() ? keystreams.describe() : NO_KEYSTREAM);
    }

    /**
     * Runs the job to its end. Exceptions mean nothing was written; once the first pass has
     * started, every outcome, failures included, is in the result.
     */
    public WipeResult run(BlockTarget target, WipeListener listener, CancelToken cancel) throws TargetException {
        FirmwareErase firmware = firmware(target);
        WipePlan plan = firmware == null ? plan(target.info()) : firmware.plan(plan(target.info()));
        Optional<String> hidden = firmware == null ? hiddenArea(target) : Optional.empty();
        WipeResult result = new JobRun(target, plan, listener, cancel, clock, random, keystreams, buffers,
                request.faults(), ResumePoint.START, firmware).execute();
        return hidden.map(result::withWarning).orElse(result);
    }

    /**
     * What an overwrite of a whole ATA drive cannot reach: the sectors its host protected area or
     * device configuration overlay hides (asked with IDENTIFY and READ NATIVE MAX ADDRESS through
     * the target's descriptor), empty where it hides none or cannot say.
     */
    private static Optional<String> hiddenArea(BlockTarget target) {
        if (target.commands().commandSet() != CommandSet.SCSI || target.info().diskOffset() != 0) {
            return Optional.empty();
        }
        return Drives.probe(target.commands()).hiddenArea().filter(HiddenArea::any)
                .map(h -> "the drive hides " + (h.hpaSectors() + h.dcoSectors()) + " sectors beyond sector "
                        + h.userSectors() + " (host protected area or configuration overlay), which no write reaches:"
                        + " they were not wiped (blockwipe show lists them)");
    }

    /**
     * Runs an interrupted job on from {@code from}, with the plan it had (the same patterns and
     * keys, so a random pass goes on with the same stream and its read-back checks all of it).
     */
    public WipeResult resume(BlockTarget target, WipePlan plan, ResumePoint from, WipeListener listener,
                             CancelToken cancel) throws TargetException {
        if (firmware(target) != null) {
            throw new InvalidRequestException(target.info().path(), "a firmware erase is not resumed: the drive"
                    + " resumes its own sanitize after a power loss, and a new run certifies it");
        }
        return new JobRun(target, plan, listener, cancel, clock, random, keystreams, buffers, request.faults(), from,
                null).execute();
    }

}
