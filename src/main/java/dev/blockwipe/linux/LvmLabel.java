package dev.blockwipe.linux;

import com.sun.jna.Memory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The volume group of an LVM physical volume, read from the volume itself as LVM2 lays it out
 * (lvm2's {@code lib/label/label.h} and {@code lib/format_text/layout.h}): libblkid recognises a
 * PV ({@code LVM2_member}) but does not name its group. The label ({@code LABELONE}, type
 * {@code LVM2 001}) is in one of the first four 512-byte sectors; its PV header lists the data
 * areas, then the metadata areas; a metadata area starts with a header (magic
 * {@code " LVM2 x[5A%r0N*>"}) whose first location points at the newest metadata text, in a
 * circular buffer after that header. The text starts with the group's name ({@code "vg0 {"}).
 * Older versions of the text stay in the buffer (a renamed group's old name too): only the
 * location the header points at counts. A PV in no group has no text there, and one made with
 * no metadata copies names its group nowhere on itself: then there is no name.
 */
final class LvmLabel {
    private static final int SECTOR = 512;
    private static final byte[] LABEL_ID = "LABELONE".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LABEL_TYPE = "LVM2 001".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MDA_MAGIC = " LVM2 x[5A%r0N*>".getBytes(StandardCharsets.US_ASCII);
    /** ID_LEN (32) of the PV's UUID, then its size (8): where the lists of areas start in the PV header. */
    private static final int AREAS = 40;
    /** The header's first raw_locn follows checksum (4), magic (16), version (4), start (8), size (8). */
    private static final int FIRST_LOCATION = 40;
    private static final int RAW_LOCN_IGNORED = 1;
    /** NAME_LEN is 128: enough of the text to hold the name and what follows it. */
    private static final int NAME_AND_BRACE = 136;
    private static final Pattern NAME = Pattern.compile("([A-Za-z0-9+_.-]{1,127}) \\{\n");

    /** Reads {@code length} bytes at {@code offset} of the volume; fewer at its end. */
    @FunctionalInterface
    interface Source {
        byte[] read(long offset, int length) throws IOException;
    }

    private LvmLabel() {
    }

    /** The group's name from an open descriptor of the volume (read with pread: no file position moves). */
    static Optional<String> volumeGroup(int fd) {
        try {
            return volumeGroup((offset, length) -> {
                try (Memory buf = new Memory(length)) {
                    long n = LibC.pread(fd, buf, length, offset);
                    if (n < 0) {
                        throw new IOException("pread at " + offset + ": " + Errno.name(Errno.last()));
                    }
                    return buf.getByteArray(0, (int) n);
                }
            });
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The group's name, or empty where the volume names none (or is not an LVM2 PV as laid out above). */
    static Optional<String> volumeGroup(Source volume) throws IOException {
        byte[] head = volume.read(0, 4 * SECTOR);
        for (int sector = 0; sector < 4 && (sector + 1) * SECTOR <= head.length; sector++) {
            ByteBuffer label = le(head, sector * SECTOR, SECTOR);
            if (matches(label, 0, LABEL_ID) && label.getLong(8) == sector && matches(label, 24, LABEL_TYPE)) {
                return fromPvHeader(volume, label, label.getInt(20));
            }
        }
        return Optional.empty();
    }

    /** Skips the data areas' list, then tries each metadata area until one names the group. */
    private static Optional<String> fromPvHeader(Source volume, ByteBuffer label, int pvHeader) throws IOException {
        int at = pvHeader + AREAS;
        boolean metadataAreas = false;
        while (at >= 0 && at + 16 <= SECTOR) {
            long offset = label.getLong(at);
            long size = label.getLong(at + 8);
            at += 16;
            if (offset == 0 && size == 0) {
                if (metadataAreas) {
                    break;
                }
                metadataAreas = true;
            } else if (metadataAreas) {
                Optional<String> name = fromMetadataArea(volume, offset, size);
                if (name.isPresent()) {
                    return name;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> fromMetadataArea(Source volume, long start, long size) throws IOException {
        ByteBuffer header = le(volume.read(start, SECTOR), 0, SECTOR);
        if (header.limit() < SECTOR || !matches(header, 4, MDA_MAGIC)) {
            return Optional.empty();
        }
        long offset = header.getLong(FIRST_LOCATION);
        long length = header.getLong(FIRST_LOCATION + 8);
        int flags = header.getInt(FIRST_LOCATION + 20);
        if (length == 0 || (flags & RAW_LOCN_IGNORED) != 0 || offset < SECTOR || offset >= size) {
            return Optional.empty();
        }
        int wanted = (int) Math.min(length, NAME_AND_BRACE);
        int first = (int) Math.min(wanted, size - offset);
        byte[] text = volume.read(start + offset, first);
        if (first < wanted) {
            // the text wraps round to just after the header
            byte[] rest = volume.read(start + SECTOR, wanted - first);
            text = Arrays.copyOf(text, text.length + rest.length);
            System.arraycopy(rest, 0, text, first, rest.length);
        }
        Matcher m = NAME.matcher(new String(text, StandardCharsets.ISO_8859_1));
        return m.lookingAt() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static ByteBuffer le(byte[] bytes, int from, int length) {
        return ByteBuffer.wrap(bytes, from, Math.max(0, Math.min(length, bytes.length - from))).slice()
                .order(ByteOrder.LITTLE_ENDIAN);
    }

    private static boolean matches(ByteBuffer b, int at, byte[] expected) {
        if (at + expected.length > b.limit()) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if (b.get(at + i) != expected[i]) {
                return false;
            }
        }
        return true;
    }
}
