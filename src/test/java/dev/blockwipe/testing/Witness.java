package dev.blockwipe.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Remembers the content of every file a test made (image files, and loop devices through their
 * backing files, where their writes land), so that after a command it can check that every byte
 * outside the confirmed target is unchanged.
 */
public final class Witness {
    /** A file, and the bytes of it that may change (the target's own), or none. */
    private record Watched(Path file, long skipOffset, long skipLength) {
    }

    private final Map<Watched, String> before = new LinkedHashMap<>();

    /** Watches every byte of these files. */
    public Witness watch(Path... files) throws IOException {
        for (Path f : files) {
            remember(new Watched(f, 0, 0));
        }
        return this;
    }

    /** Watches every byte of these loop devices' backing files. */
    public Witness watch(LoopDevice... loops) throws IOException {
        for (LoopDevice l : loops) {
            remember(new Watched(l.image(), 0, 0));
        }
        return this;
    }

    /** Watches {@code file} except [{@code offset}, {@code offset + length}), the target's own bytes in it. */
    public Witness watchExcept(Path file, long offset, long length) throws IOException {
        remember(new Watched(file, offset, length));
        return this;
    }

    /** Every watched byte is as it was. */
    public void unchanged() throws IOException {
        for (Map.Entry<Watched, String> e : before.entrySet()) {
            Watched w = e.getKey();
            assertThat(digest(w)).as("content of %s%s", w.file(),
                    w.skipLength() == 0 ? "" : " outside bytes " + w.skipOffset() + "+" + w.skipLength()).isEqualTo(e.getValue());
        }
    }

    private void remember(Watched w) throws IOException {
        before.put(w, digest(w));
    }

    /** SHA-256 of the file's size and of its bytes outside the skipped region. */
    private static String digest(Watched w) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(w.file().toFile(), "r")) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            long size = f.length();
            md.update(Long.toString(size).getBytes(StandardCharsets.US_ASCII));
            long skipEnd = w.skipOffset() + w.skipLength();
            update(md, f, 0, w.skipLength() == 0 ? size : Math.min(size, w.skipOffset()));
            if (w.skipLength() > 0 && skipEnd < size) {
                update(md, f, skipEnd, size);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static void update(MessageDigest md, RandomAccessFile f, long from, long to) throws IOException {
        byte[] buf = new byte[1 << 20];
        f.seek(from);
        for (long pos = from; pos < to; ) {
            int n = (int) Math.min(buf.length, to - pos);
            f.readFully(buf, 0, n);
            md.update(buf, 0, n);
            pos += n;
        }
    }
}
