package dev.blockwipe.testing;

import dev.blockwipe.engine.method.Pattern;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a pattern must leave on a target, computed independently of the engine: a repeating unit
 * indexed from byte 0, and one continuous AES-256-CTR stream from counter 0 (which the engine's
 * per-block counters must reproduce).
 */
public final class Expected {
    private Expected() {
    }

    public static byte[] bytes(Pattern pattern, int size) {
        if (pattern instanceof Pattern.Repeating r) {
            byte[] unit = r.unit();
            byte[] out = new byte[size];
            for (int i = 0; i < size; i++) {
                out[i] = unit[i % unit.length];
            }
            return out;
        }
        try {
            Cipher c = Cipher.getInstance("AES/CTR/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(((Pattern.Random) pattern).key(), "AES"),
                    new IvParameterSpec(new byte[16]));
            return c.doFinal(new byte[size]);
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }
}
