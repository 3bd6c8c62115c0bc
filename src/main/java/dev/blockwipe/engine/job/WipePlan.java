package dev.blockwipe.engine.job;

import dev.blockwipe.engine.io.RequestShape;
import dev.blockwipe.engine.method.Pass;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import java.util.List;

/**
 * A method resolved for one run, with the options it runs under.
 *
 * @param method       the method
 * @param passes       concrete patterns (random bytes drawn, keys generated), blanking pass included
 * @param verification what is read back
 * @param blockSize        bytes per request of repeating patterns and their read-backs
 * @param queueDepth       requests in flight for them
 * @param randomBlockSize  bytes per request of random passes and their read-backs (smaller where the
 *                         CPU is the limit: the keystream is still in the cache when the kernel
 *                         copies it or the compare reads it)
 * @param randomDepth      workers for random passes and their read-backs, which overlap keystream
 *                         generation with the I/O
 * @param keystream        what made the random passes ("AES-256-CTR (OpenSSL 3.0.17 libcrypto)")
 */
public record WipePlan(WipeMethod method, List<Pass> passes, Verification verification, int blockSize, int queueDepth,
                       int randomBlockSize, int randomDepth, String keystream) {
    public WipePlan {
        passes = List.copyOf(passes);
    }

    public Pass lastPass() {
        return passes.get(passes.size() - 1);
    }

    /** Requests of this size for {@code pattern}. */
    public int blockSizeFor(Pattern pattern) {
        return pattern instanceof Pattern.Random ? randomBlockSize : blockSize;
    }

    /** This many workers for {@code pattern}. */
    public int depthFor(Pattern pattern) {
        return pattern instanceof Pattern.Random ? randomDepth : queueDepth;
    }

    /**
     * The requests the passes are planned with: "2 MiB requests x 2 in flight", and for a method that
     * mixes random and repeating passes both ("..., random passes 1 MiB x 4"). What each pass really
     * made (fewer in flight when memory was short) is in its result.
     */
    public String describeRequests() {
        boolean random = passes.stream().anyMatch(p -> p.pattern() instanceof Pattern.Random);
        boolean repeating = passes.stream().anyMatch(p -> !(p.pattern() instanceof Pattern.Random));
        RequestShape patterns = new RequestShape(blockSize, queueDepth);
        RequestShape randoms = new RequestShape(randomBlockSize, randomDepth);
        if (random && repeating && !patterns.equals(randoms)) {
            return patterns.bytesText() + " requests x " + queueDepth + " in flight, random passes " + randoms.describe();
        }
        RequestShape only = random ? randoms : patterns;
        return only.bytesText() + " requests x " + only.inFlight() + " in flight";
    }

    /** The most workers any pass uses: the job's threads and buffers. */
    public int maxDepth() {
        return Math.max(queueDepth, randomDepth);
    }
}
