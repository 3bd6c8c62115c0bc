package dev.blockwipe.engine.method;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * One pass of a method as the standard states it, before the random choices of a run are made:
 * "a random character" becomes a concrete byte, "a random stream" a concrete AES key.
 */
public sealed interface PassSpec {

    /** The concrete pattern for this pass; {@code earlier} holds the passes resolved before it. */
    Pattern resolve(RandomGenerator random, List<Pattern> earlier);

    /**
     * How the methods table (src/docs/methods.md, {@code blockwipe methods}) and the GUI show it: "0xFF",
     * "random byte", "complement of pass 1".
     */
    String label();

    record Fixed(Pattern.Repeating pattern) implements PassSpec {
        @Override
        public Pattern resolve(RandomGenerator random, List<Pattern> earlier) {
            return pattern;
        }

        @Override
        public String label() {
            return pattern.describe();
        }
    }

    /** A fresh AES-256 key: a keystream no earlier pass shares. */
    record RandomStream() implements PassSpec {
        @Override
        public Pattern resolve(RandomGenerator random, List<Pattern> earlier) {
            byte[] key = new byte[32];
            random.nextBytes(key);
            return new Pattern.Random(key);
        }

        @Override
        public String label() {
            return "random";
        }
    }

    /** One byte chosen at random, repeated over the whole target (DoD 5220.22-M "a character"). */
    record RandomByte() implements PassSpec {
        @Override
        public Pattern resolve(RandomGenerator random, List<Pattern> earlier) {
            return Pattern.Repeating.of(random.nextInt(256));
        }

        @Override
        public String label() {
            return "random byte";
        }
    }

    /** The bitwise complement of an earlier pass's repeating pattern (0-based index). */
    record ComplementOf(int pass) implements PassSpec {
        @Override
        public Pattern resolve(RandomGenerator random, List<Pattern> earlier) {
            if (pass >= earlier.size() || !(earlier.get(pass) instanceof Pattern.Repeating base)) {
                throw new IllegalStateException("pass " + (pass + 1) + " is not a repeating pattern to complement");
            }
            return base.complement();
        }

        @Override
        public String label() {
            return "complement of pass " + (pass + 1);
        }
    }
}
