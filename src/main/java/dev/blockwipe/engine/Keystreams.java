package dev.blockwipe.engine;

/**
 * Makes AES-256-CTR keystream sources (counter = byte offset / 16). The JCE implementation is
 * pure Java; the platform layer offers a native one where that is faster, and both produce the
 * same bytes for the same key.
 */
public interface Keystreams {
    /** JCE's AES/CTR/NoPadding. */
    Keystreams JCE = new Keystreams() {
        @Override
        public PatternSource source(byte[] key) {
            return new AesCtrSource(key);
        }

        @Override
        public String describe() {
            return "AES-256-CTR (Java " + Runtime.version().feature() + " JCE)";
        }
    };

    /** A single-threaded generator for {@code key}. */
    PatternSource source(byte[] key);

    /** "AES-256-CTR (OpenSSL 3.0.17 libcrypto)", for results and certificates. */
    String describe();
}
