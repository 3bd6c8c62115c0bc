package dev.blockwipe.engine.method;

/**
 * Makes AES-256-CTR keystream sources (counter = byte offset / 16). The JCE implementation is
 * pure Java; the platform layer offers a native one where that is faster, and both produce the
 * same bytes for the same key.
 */
public interface Keystreams {
    /** JCE's AES/CTR/NoPadding through a heap array, copied into the engine's direct buffer in cache-sized steps. */
    Keystreams JCE = new Jce(false);

    /** JCE's AES/CTR/NoPadding from one direct buffer into another. */
    Keystreams JCE_DIRECT = new Jce(true);

    /** JCE's AES-256-CTR, between direct buffers or through a heap array. */
    record Jce(boolean direct) implements Keystreams {
        @Override
        public PatternSource source(byte[] key) {
            return new AesCtrSource(key, direct);
        }

        @Override
        public String describe() {
            return "AES-256-CTR (Java " + Runtime.version().feature() + " JCE" + (direct ? ", direct buffers" : "") + ")";
        }
    }

    /**
     * Writes the counter block for the keystream at byte {@code offset}: offset / 16 as a 128-bit
     * big-endian number (the upper 8 bytes of {@code iv} stay zero), so every implementation makes
     * the same bytes at the same offset.
     *
     * @throws IllegalArgumentException if offset is not a multiple of 16
     */
    static void counterBlock(long offset, byte[] iv) {
        if (offset % 16 != 0) {
            throw new IllegalArgumentException("keystream offsets are multiples of 16, not " + offset);
        }
        long counter = offset / 16;
        for (int i = 0; i < 8; i++) {
            iv[15 - i] = (byte) (counter >>> (8 * i));
        }
    }

    /** A single-threaded generator for {@code key}. */
    PatternSource source(byte[] key);

    /** "AES-256-CTR (OpenSSL 3.0.17 libcrypto)", for results and certificates. */
    String describe();
}
