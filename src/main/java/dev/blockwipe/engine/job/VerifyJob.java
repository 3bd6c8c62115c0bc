package dev.blockwipe.engine.job;

import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.fault.BadSectors;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.io.ChunkPlan;
import dev.blockwipe.engine.io.IoContext;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.verify.Verifier;
import dev.blockwipe.engine.verify.VerifyResult;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.random.RandomGenerator;

/**
 * A read-only check that a target holds a repeating pattern (zeroes after a wipe, say), whole or
 * sampled. Emits {@link WipeEvent.VerifyStarted}, progress and {@link WipeEvent.Verified}.
 */
public final class VerifyJob {
    private final Pattern expected;
    private final Verification mode;
    private final int requestedBlockSize;
    private final int queueDepth;
    private final RandomGenerator random = new SecureRandom();

    /**
     * @param mode      {@link Verification.All} for the whole target or {@link Verification.Sample}
     * @param blockSize bytes per request, 0 for the size a wipe's read-back uses on the target
     */
    public VerifyJob(Pattern expected, Verification mode, int blockSize, int queueDepth) {
        if (!(mode instanceof Verification.All || mode instanceof Verification.Sample)) {
            throw new IllegalArgumentException("a check reads the whole target (all) or a sample, not " + mode.text());
        }
        this.expected = expected;
        this.mode = mode;
        this.requestedBlockSize = blockSize;
        this.queueDepth = queueDepth;
    }

    public VerifyResult run(BlockTarget target, WipeListener listener, CancelToken cancel) throws IOException {
        TargetInfo info = target.info();
        BufferPool buffers = new BufferPool(BufferPool.SINGLE_JOB_BUDGET);
        long share = buffers.share(1);
        int blockSize = requestedBlockSize > 0 ? requestedBlockSize
                : expected instanceof Pattern.Random ? IoContext.randomBlockSizeFor(share) : IoContext.blockSizeFor(info, share);
        IoContext.checkBlockSize(info, blockSize);
        int depth = IoContext.depthFor(info, queueDepth, blockSize, share);
        try (IoContext io = new IoContext(info.name(), buffers, target::allocate, depth, blockSize)) {
            Verifier verifier = new Verifier(target, io, System::nanoTime, Keystreams.JCE, new BadSectors(),
                    FaultPolicy.DEFAULT);
            ChunkPlan plan = mode instanceof Verification.Sample s
                    ? verifier.samplePlan(s.percent(), random)
                    : verifier.fullPlan(blockSize);
            listener.on(new WipeEvent.VerifyStarted(info, 0, mode, plan.totalBytes()));
            JobProgress progress = new JobProgress(listener, System::nanoTime, plan.totalBytes(), 0, 0,
                    FaultPolicy.DEFAULT.stallAfter());
            Throughput throughput = new Throughput(progress.now());
            VerifyResult result = verifier.verify(plan, expected, mode.text(), depth, 0,
                    progress.stage(Stage.VERIFY, 0, 0, plan.totalBytes(), throughput), cancel);
            listener.on(new WipeEvent.Verified(0, result));
            return result;
        }
    }
}
