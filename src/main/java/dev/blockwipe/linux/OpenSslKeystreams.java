package dev.blockwipe.linux;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.blockwipe.engine.method.KeystreamChoice;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.PatternSource;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * AES-256-CTR from OpenSSL's libcrypto: it encrypts a buffer of zeroes straight into the
 * engine's direct buffer (no heap copy) at AES-NI speed from the first block, where JCE first
 * needs the JIT to compile its intrinsic (seen in the GUI: the JIT was busy with JavaFX and a
 * random pass crawled for seconds). The bytes are the same as JCE's for the same key and
 * counter, so a read-back may use either.
 */
public final class OpenSslKeystreams implements Keystreams {
    /** 256 KiB of zeroes stay in the cache while they are encrypted; larger steps gained nothing (src/docs/speed.md). */
    private static final int STEP = 256 << 10;
    private static final ByteBuffer ZEROES = ByteBuffer.allocateDirect(STEP);
    private static final Pointer ZERO = Native.getDirectBufferPointer(ZEROES);
    private static final Cleaner CLEANER = Cleaner.create();

    private OpenSslKeystreams() {
    }

    /**
     * The sources this machine has to choose from: OpenSSL where libcrypto.so.3 loads, and JCE's
     * two ways, except where OpenSSL loads and this JVM compiles with C1 alone: JCE's AES then
     * has no intrinsics (they are C2's) and cannot win, and is left out with that reason.
     */
    static KeystreamChoice.Candidates candidates() {
        return candidates(LibCrypto.LOAD_PROBLEM == null, JitCompilers.c1Alone(Path.of("/proc")));
    }

    static KeystreamChoice.Candidates candidates(boolean openssl, boolean c1Alone) {
        if (!openssl) {
            return new KeystreamChoice.Candidates(List.of(Keystreams.JCE, Keystreams.JCE_DIRECT), List.of());
        }
        if (c1Alone) {
            return new KeystreamChoice.Candidates(List.of(new OpenSslKeystreams()), List.of("Java "
                    + Runtime.version().feature() + " JCE not measured: this JVM compiles with C1 alone, "
                    + "and JCE's AES needs C2's intrinsics (about 0.1 GB/s without)"));
        }
        return new KeystreamChoice.Candidates(List.of(new OpenSslKeystreams(), Keystreams.JCE, Keystreams.JCE_DIRECT),
                List.of());
    }

    /**
     * The fastest of them, measured in the background from now on (see {@link KeystreamChoice}) by
     * the measuring thread's CPU time: loading libcrypto and looking at the JIT happen there too,
     * off the command's path.
     */
    public static KeystreamChoice fastest() {
        return KeystreamChoice.measuring(OpenSslKeystreams::candidates, ThreadCpuTime::nanos);
    }

    @Override
    public PatternSource source(byte[] key) {
        return new Source(key);
    }

    @Override
    public String describe() {
        String[] version = LibCrypto.OpenSSL_version(LibCrypto.OPENSSL_VERSION).split(" ");
        return "AES-256-CTR (" + version[0] + (version.length > 1 ? " " + version[1] : "") + " libcrypto)";
    }

    /** One EVP context per source; freed when the source is no longer reachable. */
    private static final class Source implements PatternSource {
        private final Pointer ctx;
        private final byte[] iv = new byte[16];
        private final int[] produced = new int[1];

        Source(byte[] key) {
            ctx = LibCrypto.EVP_CIPHER_CTX_new();
            if (ctx == null) {
                throw new IllegalStateException("OpenSSL: EVP_CIPHER_CTX_new failed");
            }
            Pointer context = ctx;
            CLEANER.register(this, () -> LibCrypto.EVP_CIPHER_CTX_free(context));
            if (LibCrypto.EVP_EncryptInit_ex(ctx, LibCrypto.EVP_aes_256_ctr(), null, key, iv) != 1) {
                throw new IllegalStateException("OpenSSL: EVP_EncryptInit_ex(aes-256-ctr) failed");
            }
        }

        /** {@code dst} must be a direct buffer: the engine's I/O and read-back buffers all are. */
        @Override
        public void fill(ByteBuffer dst, long offset) {
            Keystreams.counterBlock(offset, iv);
            if (LibCrypto.EVP_EncryptInit_ex(ctx, null, null, null, iv) != 1) {
                throw new IllegalStateException("OpenSSL: EVP_EncryptInit_ex(iv) failed");
            }
            Pointer out = Native.getDirectBufferPointer(dst);
            int position = dst.position();
            int remaining = dst.remaining();
            try {
                while (remaining > 0) {
                    int n = Math.min(STEP, remaining);
                    if (LibCrypto.EVP_EncryptUpdate(ctx, out.share(position), produced, ZERO, n) != 1 || produced[0] != n) {
                        throw new IllegalStateException("OpenSSL: EVP_EncryptUpdate produced " + produced[0] + " of " + n);
                    }
                    position += n;
                    remaining -= n;
                }
            } finally {
                Reference.reachabilityFence(dst); // OpenSSL writes at its address: its memory must outlive the calls
            }
        }
    }
}
