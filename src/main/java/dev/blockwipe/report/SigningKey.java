package dev.blockwipe.report;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HexFormat;

/**
 * The Ed25519 key that signs this machine's certificates (JDK built-in, no provider needed). It
 * is created on first use in the config directory, born private (see {@link PrivateFiles}): the
 * private key 0600 in a 0700 directory from the moment it exists, the public key beside it for
 * auditors. A private key that others can read is refused: whoever copied it can forge
 * certificates that verify as this machine's.
 */
public final class SigningKey {
    static final String PRIVATE_FILE = "signing-key.pem";
    static final String PUBLIC_FILE = "signing-key.pub.pem";

    private final PrivateKey privateKey;
    private final PublicKey publicKey;

    private SigningKey(PrivateKey privateKey, PublicKey publicKey) {
        this.privateKey = privateKey;
        this.publicKey = publicKey;
    }

    /**
     * Loads the key from {@code configDir}, creating it (and the directory) the first time.
     *
     * @param uid the user the directory and the key must belong to (the effective user)
     * @throws StorageException the directory or a key file cannot be used: the directory cannot be
     *                          made or others may write it, others may read the private key, a
     *                          file is not a PEM key; the message names the directory or file
     */
    public static SigningKey loadOrCreate(Path configDir, int uid) throws IOException {
        Path privatePem = configDir.resolve(PRIVATE_FILE);
        Path publicPem = configDir.resolve(PUBLIC_FILE);
        PrivateFiles.requireDirectory(configDir, uid, "config directory");
        if (!Files.exists(privatePem, LinkOption.NOFOLLOW_LINKS)) {
            try {
                create(privatePem, publicPem);
            } catch (GeneralSecurityException e) {
                throw noEd25519(e);
            }
        }
        requireKeptPrivate(privatePem);
        KeyFactory kf = ed25519();
        PrivateKey priv;
        PublicKey pub;
        try {
            priv = kf.generatePrivate(new PKCS8EncodedKeySpec(Pem.decode(PrivateFiles.readText(privatePem))));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new StorageException(privatePem + " is not an Ed25519 private key in PEM: " + e.getMessage(), e);
        }
        try {
            pub = kf.generatePublic(new X509EncodedKeySpec(Pem.decode(PrivateFiles.readText(publicPem))));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new StorageException(publicPem + " is not an Ed25519 public key in PEM: " + e.getMessage(), e);
        }
        return new SigningKey(priv, pub);
    }

    /**
     * Refuses a private key other users can read: they may have copied it to forge certificates,
     * so neither signing with it nor a "VALID" checked against its public half means anything.
     */
    static void requireKeptPrivate(Path privatePem) throws IOException {
        if (PrivateFiles.readableByOthers(privatePem)) {
            throw new StorageException("the signing key " + privatePem + " can be read by other users, who may have copied"
                    + " it to forge certificates; move it away (a new key is then made) and tell your auditors");
        }
    }

    private static KeyFactory ed25519() {
        try {
            return KeyFactory.getInstance("Ed25519");
        } catch (GeneralSecurityException e) {
            throw noEd25519(e);
        }
    }

    /** A JDK without Ed25519 is a broken runtime, not a key file that cannot be used. */
    private static IllegalStateException noEd25519(GeneralSecurityException e) {
        return new IllegalStateException("every Java since 15 has Ed25519", e);
    }

    /**
     * Under a lock on the directory, so that two first runs make one key: the public key first
     * (it means nothing without the private one), then the private key. Whoever sees the private
     * key therefore also sees its public key.
     */
    private static void create(Path privatePem, Path publicPem) throws IOException, GeneralSecurityException {
        Path lockFile = privatePem.resolveSibling(".signing-key.lock");
        try (FileChannel lock = FileChannel.open(lockFile, EnumSet.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
             FileLock held = lock.lock()) {
            if (Files.exists(privatePem, LinkOption.NOFOLLOW_LINKS)) {
                return; // another process made it while we waited for the lock
            }
            KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
            PrivateFiles.write(publicPem, out -> out.write(Pem.encode("PUBLIC KEY", pair.getPublic().getEncoded())
                    .getBytes(StandardCharsets.US_ASCII)), true);
            PrivateFiles.create(privatePem, Pem.encode("PRIVATE KEY", pair.getPrivate().getEncoded())
                    .getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** Signs and verifies with a throwaway key: loads the Ed25519 provider's classes, touches no file. */
    static void warmUp() throws GeneralSecurityException {
        KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(pair.getPublic().getEncoded()));
        Signature s = Signature.getInstance("Ed25519");
        s.initSign(pair.getPrivate());
        s.update(new byte[1]);
        verify(pair.getPublic(), new byte[1], s.sign());
    }

    public byte[] sign(byte[] data) throws IOException {
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initSign(privateKey);
            s.update(data);
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new IOException("Ed25519 signing failed: " + e.getMessage(), e);
        }
    }

    public PublicKey publicKey() {
        return publicKey;
    }

    /** The public key as PEM, for auditors. */
    public String publicPem() {
        return Pem.encode("PUBLIC KEY", publicKey.getEncoded());
    }

    public String fingerprint() {
        return fingerprint(publicKey);
    }

    /** "SHA256:" and the hex SHA-256 of the key's X.509 encoding, in groups of four. */
    public static String fingerprint(PublicKey key) {
        try {
            String hex = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getEncoded()));
            return "SHA256:" + hex.replaceAll("(.{4})(?!$)", "$1 ");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }

    /** True when {@code signature} is {@code key}'s signature over {@code data}. */
    public static boolean verify(PublicKey key, byte[] data, byte[] signature) {
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initVerify(key);
            s.update(data);
            return s.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** Reads an Ed25519 public key from PEM. */
    public static PublicKey publicKey(String pem) throws IOException {
        try {
            return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(Pem.decode(pem)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IOException("not an Ed25519 public key: " + e.getMessage(), e);
        }
    }

    /** Minimal PEM, as openssl writes and reads it. */
    static final class Pem {
        private Pem() {
        }

        static String encode(String type, byte[] der) {
            return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                    + "\n-----END " + type + "-----\n";
        }

        static byte[] decode(String pem) {
            String body = pem.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s", "");
            return Base64.getDecoder().decode(body);
        }
    }
}
