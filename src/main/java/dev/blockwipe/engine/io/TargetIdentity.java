package dev.blockwipe.engine.io;

import dev.blockwipe.engine.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Which object a target is, read from its open descriptor: for a block device its number, the
 * kernel's disk sequence number (new on every media change and loop re-attach), size, serial and
 * WWN of its disk, and for a loop device (or a partition of one) what it is attached to; for an
 * image file the file system device, inode and size. What the user confirmed is compared with
 * this, field by field, right before the first write.
 *
 * @param major    device major (block device), or the file system's device major (file)
 * @param minor    device minor, or the file system's device minor
 * @param inode    the file's inode; 0 for block devices
 * @param diskseq  the disk's sequence number ({@code BLKGETDISKSEQ}); 0 for files and old kernels
 * @param serial   the disk's serial number, or empty when it has none (files, loop devices)
 * @param wwn      the disk's world wide name, or empty
 * @param loop     what the loop device under it is attached to, or null when it is not a loop device
 */
public record TargetIdentity(TargetKind kind, int major, int minor, long inode, long size, long diskseq,
                             String serial, String wwn, LoopBacking loop) {

    public TargetIdentity {
        serial = serial == null ? "" : serial;
        wwn = wwn == null ? "" : wwn;
    }

    public static TargetIdentity device(int major, int minor, long size, long diskseq, String serial, String wwn,
                                        LoopBacking loop) {
        return new TargetIdentity(TargetKind.BLOCK_DEVICE, major, minor, 0, size, diskseq, serial, wwn, loop);
    }

    public static TargetIdentity file(int fsMajor, int fsMinor, long inode, long size) {
        return new TargetIdentity(TargetKind.REGULAR_FILE, fsMajor, fsMinor, inode, size, 0, "", "", null);
    }

    /** The same device node or file, whatever its size, media and serial say. */
    public boolean sameNode(TargetIdentity other) {
        return kind == other.kind && major == other.major && minor == other.minor && inode == other.inode;
    }

    /**
     * What differs from {@code confirmed}, one phrase per field ("diskseq 65 → 66 (...)"), or
     * nothing when this is the object that was confirmed.
     */
    public List<String> differences(TargetIdentity confirmed) {
        List<String> out = new ArrayList<>();
        if (!sameNode(confirmed)) {
            out.add("it is " + node() + ", not " + confirmed.node());
            return out;
        }
        if (diskseq != confirmed.diskseq) {
            out.add("disk sequence number " + confirmed.diskseq + " → " + diskseq
                    + " (the media was changed, or the loop device attached again)");
        }
        if (size != confirmed.size) {
            out.add("size " + confirmed.size + " → " + size + " bytes");
        }
        if (!serial.equals(confirmed.serial)) {
            out.add("serial '" + confirmed.serial + "' → '" + serial + "'");
        }
        if (!wwn.equals(confirmed.wwn)) {
            out.add("WWN '" + confirmed.wwn + "' → '" + wwn + "'");
        }
        if (!Objects.equals(loop, confirmed.loop)) {
            out.add("loop backing " + describe(confirmed.loop) + " → " + describe(loop));
        }
        return out;
    }

    /** The fields that identify this target, for the certificate: what was compared. */
    public List<String> compared() {
        List<String> fields = new ArrayList<>();
        if (kind == TargetKind.REGULAR_FILE) {
            fields.addAll(List.of("file system device", "inode", "size"));
            return fields;
        }
        fields.add("device number");
        if (diskseq != 0) {
            fields.add("disk sequence number");
        }
        fields.add("size");
        if (!serial.isEmpty()) {
            fields.add("serial");
        }
        if (!wwn.isEmpty()) {
            fields.add("WWN");
        }
        if (loop != null) {
            fields.add("loop backing (device, inode, offset, size limit)");
        }
        return fields;
    }

    /** "block device 7:3 (diskseq 65), 256 MiB, serial S123" or "file 254:0 inode 1234, 2 MiB". */
    public String describe() {
        return node() + (diskseq != 0 ? " (diskseq " + diskseq + ")" : "") + ", " + Units.bytes(size)
                + (serial.isEmpty() ? "" : ", serial " + serial) + (wwn.isEmpty() ? "" : ", WWN " + wwn)
                + (loop == null ? "" : ", loop backing " + loop.describe());
    }

    private String node() {
        return kind == TargetKind.BLOCK_DEVICE
                ? "block device " + major + ":" + minor
                : "file " + major + ":" + minor + " inode " + inode;
    }

    private static String describe(LoopBacking b) {
        return b == null ? "none" : b.describe();
    }
}
