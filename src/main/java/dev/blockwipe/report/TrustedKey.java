package dev.blockwipe.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.Base64;

/**
 * The public key signatures are checked against: this machine's own (certificates it wrote, the
 * journals it resumes from), or one an auditor names. Every check of a certificate or a journal
 * goes through here, so "signed by this machine" means the same thing to the CLI, the window and
 * the resume. It fails closed: without a key nothing is signed, and a key whose directory others
 * may write is not trusted.
 */
public final class TrustedKey {
    /** The key, or null when this machine has no signing key yet (it signed nothing). */
    private final PublicKey key;

    private TrustedKey(PublicKey key) {
        this.key = key;
    }

    /** An auditor's key. */
    public static TrustedKey of(PublicKey key) {
        return new TrustedKey(key);
    }

    /**
     * The key this machine signs with, read from its public half: checking needs no private key,
     * and none is made. Before the first wipe made the key there is none, and nothing verifies.
     *
     * @param uid the user the config directory must belong to
     * @throws StorageException the config directory may be written by others, others may read the private
     *                          key beside it (certificates may have been forged with it), or the key file is not a key
     */
    public static TrustedKey thisMachine(Path configDir, int uid) throws IOException {
        Path pem = configDir.resolve(SigningKey.PUBLIC_FILE);
        if (!Files.exists(pem, LinkOption.NOFOLLOW_LINKS)) {
            return new TrustedKey(null);
        }
        PrivateFiles.requireDirectory(configDir, uid, "config directory");
        Path privatePem = configDir.resolve(SigningKey.PRIVATE_FILE);
        if (Files.exists(privatePem, LinkOption.NOFOLLOW_LINKS)) {
            SigningKey.requireKeptPrivate(privatePem);
        }
        try {
            return new TrustedKey(SigningKey.publicKey(PrivateFiles.readText(pem)));
        } catch (StorageException e) {
            throw e;
        } catch (IOException e) {
            throw new StorageException(pem + " is " + e.getMessage(), e);
        }
    }

    /** Whether there is a key: this machine has signed something. */
    public boolean exists() {
        return key != null;
    }

    /** True when {@code signature} is this key's over exactly {@code bytes}. */
    boolean signed(byte[] bytes, byte[] signature) {
        return key != null && SigningKey.verify(key, bytes, signature);
    }

    /** What checking a certificate found. */
    public enum Status { VALID, TAMPERED, NOT_FOUND }

    /** The outcome of checking a certificate. */
    public record Check(Status status, String message) {
        public boolean valid() {
            return status == Status.VALID;
        }
    }

    /**
     * Checks that the certificate {@code json} is exactly what was signed, by this key. Any changed
     * byte in the file, a missing or garbled signature, another key, or no key at all count as
     * tampered; a file that is not there is "not found", not tampered.
     */
    public Check certificate(Path json) {
        if (!Files.isRegularFile(json)) {
            return new Check(Status.NOT_FOUND, "NOT FOUND: " + json + (Files.exists(json) ? " is not a file" : " does not exist"));
        }
        if (key == null) {
            return new Check(Status.TAMPERED, "TAMPERED: this machine has no signing key, so it signed nothing here");
        }
        try {
            byte[] bytes = ReportStore.bounded(json, ReportStore.MAX_CERTIFICATE_BYTES);
            SignatureFile sig = Json.mapper().readValue(ReportStore.bounded(ReportStore.signatureOf(json), 1 << 20),
                    SignatureFile.class);
            PublicKey signer = SigningKey.publicKey(sig.publicKey());
            if (!SigningKey.verify(signer, bytes, Base64.getDecoder().decode(sig.signature()))) {
                return new Check(Status.TAMPERED, "TAMPERED: " + json.getFileName() + " is not what was signed");
            }
            if (!signer.equals(key)) {
                return new Check(Status.TAMPERED, "TAMPERED: signed by key " + SigningKey.fingerprint(signer)
                        + ", not by the trusted key " + SigningKey.fingerprint(key));
            }
            return new Check(Status.VALID, "VALID: " + json.getFileName() + " signed by " + SigningKey.fingerprint(signer));
        } catch (IOException | IllegalArgumentException e) {
            return new Check(Status.TAMPERED, "TAMPERED: cannot check " + json.getFileName() + ": " + ReportStore.oneLine(e));
        }
    }
}
