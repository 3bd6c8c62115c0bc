package dev.blockwipe.engine.method;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-CTR keystream from JCE, with counter block = byte offset / 16 (big-endian, 128 bits), so
 * the bytes at any offset can be produced without producing what comes before them. JCE's CTR mode
 * runs on an AES intrinsic, but only once C2 has compiled it, which takes thousands of calls and
 * is several times slower before. So the first source of a JVM warms the intrinsic up with small
 * calls. Two ways into the engine's direct buffers, whose speeds differ by CPU: through a heap
 * array in 64 KiB steps that stay in the cache on their way, or straight from one direct buffer
 * to the other, which JCE copies through heap chunks of its own. {@link KeystreamChoice} measures
 * which (figures: src/docs/speed.md, "Figures behind the code's choices").
 */
final class AesCtrSource implements PatternSource {
    private static final int STEP = 64 << 10;

    private final SecretKeySpec key;
    private final Cipher cipher;
    private final boolean direct;
    private final byte[] zeros;
    private final byte[] out;
    private final ByteBuffer directZeros;
    private final byte[] iv = new byte[16];

    private static final int WARM_UP_CALLS = 20_000;
    private static final Object WARM_UP = new Object();
    private static boolean warm;

    /** @param direct encrypt straight into the direct buffer, instead of through a heap array */
    AesCtrSource(byte[] key, boolean direct) {
        this.key = new SecretKeySpec(key, "AES");
        this.cipher = newCipher();
        this.direct = direct;
        this.zeros = direct ? null : new byte[STEP];
        this.out = direct ? null : new byte[STEP];
        this.directZeros = direct ? ByteBuffer.allocateDirect(STEP) : null;
        warmUp();
    }

    private static Cipher newCipher() {
        try {
            return Cipher.getInstance("AES/CTR/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this Java runtime has no AES/CTR cipher", e);
        }
    }

    /** Once per JVM: enough small calls for C2 to compile CTR mode with its intrinsic. */
    private static void warmUp() {
        synchronized (WARM_UP) {
            if (warm) {
                return;
            }
            Cipher c = newCipher();
            byte[] in = new byte[64];
            byte[] out = new byte[64];
            try {
                c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "AES"), new IvParameterSpec(new byte[16]));
                for (int i = 0; i < WARM_UP_CALLS; i++) {
                    c.update(in, 0, in.length, out, 0);
                }
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("AES-CTR warm-up failed", e);
            }
            warm = true;
        }
    }

    @Override
    public void fill(ByteBuffer dst, long offset) {
        Keystreams.counterBlock(offset, iv);
        try {
            cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
            int position = dst.position();
            int remaining = dst.remaining();
            while (remaining > 0) {
                int n = Math.min(STEP, remaining);
                int produced = direct ? cipher.update(directZeros.clear().limit(n), dst.slice(position, n))
                        : cipher.update(zeros, 0, n, out, 0);
                if (produced != n) {
                    throw new IllegalStateException("CTR mode produced " + produced + " of " + n + " bytes");
                }
                if (!direct) {
                    dst.put(position, out, 0, n);
                }
                position += n;
                remaining -= n;
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-CTR keystream failed", e);
        }
    }
}
