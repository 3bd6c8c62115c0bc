package dev.blockwipe.linux;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * The few OpenSSL 3 EVP calls the AES-256-CTR keystream needs, direct-mapped from libcrypto.so.3
 * (part of every Debian/Ubuntu/Fedora system). Loaded on first use; a missing library is
 * remembered in {@link #LOAD_PROBLEM}, and the callers then stay with JCE.
 */
final class LibCrypto {
    /** OpenSSL_version(OPENSSL_VERSION): "OpenSSL 3.0.17 1 Jul 2025". */
    static final int OPENSSL_VERSION = 0;
    static final String LOAD_PROBLEM = load();

    private LibCrypto() {
    }

    private static String load() {
        try {
            Native.register(LibCrypto.class, NativeLibrary.getInstance("libcrypto.so.3"));
            return null;
        } catch (UnsatisfiedLinkError e) {
            return e.getMessage().lines().findFirst().orElse("UnsatisfiedLinkError");
        }
    }

    static native Pointer EVP_CIPHER_CTX_new();

    static native void EVP_CIPHER_CTX_free(Pointer ctx);

    static native Pointer EVP_aes_256_ctr();

    /** Returns 1 on success. {@code type}, {@code key} and {@code iv} may be null to keep what is set. */
    static native int EVP_EncryptInit_ex(Pointer ctx, Pointer type, Pointer impl, byte[] key, byte[] iv);

    /** Returns 1 on success; in CTR mode {@code outl} comes back equal to {@code inl}. */
    static native int EVP_EncryptUpdate(Pointer ctx, Pointer out, int[] outl, Pointer in, int inl);

    static native String OpenSSL_version(int type);
}
