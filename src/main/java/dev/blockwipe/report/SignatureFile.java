package dev.blockwipe.report;

/**
 * A certificate's detached signature, the {@code .json.sig} beside it: Ed25519 over the exact bytes
 * of {@code signedFile}, with the public key that made it (an auditor still compares that key with
 * the one they trust).
 */
public record SignatureFile(String signedFile, String algorithm, String publicKey, String publicKeyFingerprint,
                            String signature) {
    public SignatureFile {
        if (publicKey == null || signature == null) {
            throw new IllegalArgumentException("a signature file needs its publicKey and its signature");
        }
    }
}
