package dev.blockwipe.engine;

import java.util.List;

/**
 * A method resolved for one run, with the options it runs under.
 *
 * @param method       the method
 * @param passes       concrete patterns (random bytes drawn, keys generated), blanking pass included
 * @param verification what is read back
 * @param blockSize    bytes per request
 * @param queueDepth   requests in flight
 * @param keystream    what made the random passes ("AES-256-CTR (OpenSSL 3.0.17 libcrypto)")
 */
public record WipePlan(WipeMethod method, List<Pass> passes, Verification verification, int blockSize, int queueDepth,
                       String keystream) {
    public WipePlan {
        passes = List.copyOf(passes);
    }

    public Pass lastPass() {
        return passes.get(passes.size() - 1);
    }
}
