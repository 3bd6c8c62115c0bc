package dev.blockwipe.engine.method;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A named erasure method: its passes as the standard states them, how it erases, the NIST SP 800-88
 * category it reaches, and where the definition comes from.
 *
 * @param name                 the CLI name ("dod-short")
 * @param title                a short display name ("DoD 5220.22-M (3 passes)")
 * @param description          one or two sentences for the GUI's method list
 * @param passes               the passes, in order
 * @param shuffled             passes [from, to) run in an order chosen at random per run (Gutmann's advice)
 * @param technique            overwrite or a range operation
 * @param nist                 the NIST SP 800-88 category
 * @param verificationRequired true when the definition includes a read-back (the run may not turn it off)
 * @param source               the standard or paper the passes come from
 */
public record WipeMethod(
        String name,
        String title,
        String description,
        List<PassSpec> passes,
        PassRange shuffled,
        Technique technique,
        NistClass nist,
        boolean verificationRequired,
        String source) {

    /** A half-open range of 0-based pass indexes. */
    public record PassRange(int from, int to) {
        public static final PassRange NONE = new PassRange(0, 0);
    }

    public WipeMethod {
        passes = List.copyOf(passes);
        if (passes.isEmpty()) {
            throw new IllegalArgumentException("a method needs at least one pass");
        }
    }

    public int passCount() {
        return passes.size();
    }

    /** Whether a pass writes an AES-CTR keystream (the random bytes of DoD's passes are a repeating pattern). */
    public boolean writesRandomData() {
        return passes.stream().anyMatch(p -> p instanceof PassSpec.RandomStream);
    }

    /** The concrete patterns of one run: random bytes drawn, keys generated, shuffled passes ordered. */
    public List<Pattern> resolve(RandomGenerator random) {
        List<PassSpec> order = new ArrayList<>(passes);
        if (shuffled.to() > shuffled.from()) {
            Collections.shuffle(order.subList(shuffled.from(), shuffled.to()), randomAdapter(random));
        }
        List<Pattern> resolved = new ArrayList<>();
        for (PassSpec spec : order) {
            resolved.add(spec.resolve(random, List.copyOf(resolved)));
        }
        return List.copyOf(resolved);
    }

    private static java.util.Random randomAdapter(RandomGenerator random) {
        return random instanceof java.util.Random r ? r : new java.util.Random(random.nextLong());
    }
}
