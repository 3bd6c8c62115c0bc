package dev.blockwipe.engine.method;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** What one pass writes: a repeating byte sequence, or an AES-256-CTR keystream. */
public sealed interface Pattern {

    /** "0x00", "0x92 0x49 0x24", "random (AES-256-CTR)". */
    String describe();

    /** A fresh, single-threaded generator of this pattern's bytes; random ones come from {@code keystreams}. */
    PatternSource newSource(Keystreams keystreams);

    /** The bytes {@code unit} repeated from the start of the target, phase kept across blocks. */
    record Repeating(byte[] unit) implements Pattern {
        public Repeating {
            if (unit.length == 0) {
                throw new IllegalArgumentException("a pattern needs at least one byte");
            }
            unit = unit.clone();
        }

        public static Repeating of(int... bytes) {
            byte[] unit = new byte[bytes.length];
            for (int i = 0; i < bytes.length; i++) {
                unit[i] = (byte) bytes[i];
            }
            return new Repeating(unit);
        }

        @Override
        public byte[] unit() {
            return unit.clone();
        }

        public Repeating complement() {
            byte[] inverted = unit.clone();
            for (int i = 0; i < inverted.length; i++) {
                inverted[i] = (byte) ~inverted[i];
            }
            return new Repeating(inverted);
        }

        public boolean isZero() {
            return IntStream.range(0, unit.length).allMatch(i -> unit[i] == 0);
        }

        @Override
        public String describe() {
            return IntStream.range(0, unit.length)
                    .mapToObj(i -> "0x" + HexFormat.of().withUpperCase().toHexDigits(unit[i]))
                    .collect(Collectors.joining(" "));
        }

        @Override
        public PatternSource newSource(Keystreams keystreams) {
            return new RepeatingSource(unit);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Repeating r && Arrays.equals(unit, r.unit);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(unit);
        }

        @Override
        public String toString() {
            return describe();
        }
    }

    /**
     * An AES-256-CTR keystream under {@code key}, counter = byte offset / 16, so any block can be
     * generated on its own and regenerated for verification.
     */
    record Random(byte[] key) implements Pattern {
        public Random {
            if (key.length != 32) {
                throw new IllegalArgumentException("AES-256 needs a 32-byte key");
            }
            key = key.clone();
        }

        @Override
        public byte[] key() {
            return key.clone();
        }

        @Override
        public String describe() {
            return "random (AES-256-CTR)";
        }

        @Override
        public PatternSource newSource(Keystreams keystreams) {
            return keystreams.source(key);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Random r && Arrays.equals(key, r.key);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(key);
        }

        /** Never prints the key: it would let anyone regenerate what was written. */
        @Override
        public String toString() {
            return describe();
        }
    }
}
