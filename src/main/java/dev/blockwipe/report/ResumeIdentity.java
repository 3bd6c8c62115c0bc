package dev.blockwipe.report;

import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.io.TargetKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Which device a journal belongs to, as far as that can be told after a reboot. A disk with a
 * serial number or WWN is recognised by those with its model, size and (for a partition) where it
 * starts on the disk: device numbers and disk sequence numbers are handed out anew at every boot
 * and every plug-in. A device without either (a loop device, many USB bridges, an image file) is
 * recognised only within the boot the journal was written in, by everything the identity rule
 * compares: device number, disk sequence number, size, inode, loop backing.
 *
 * @param kind       "block device" or "file"
 * @param major      device major, or the file system's device major (file)
 * @param minor      device minor, or the file system's device minor
 * @param inode      the file's inode; 0 for block devices
 * @param diskseq    the disk's sequence number, 0 when none
 * @param size       bytes
 * @param diskOffset where a partition starts on its disk; 0 for whole disks and files
 * @param serial     the disk's serial number, or empty
 * @param wwn        the disk's WWN, or empty
 * @param model      the disk's model, or empty
 * @param loop       what a loop device is attached to ({@code LoopBacking.describe()}), or empty
 * @param bootId     the boot the journal was written in
 */
public record ResumeIdentity(String kind, int major, int minor, long inode, long diskseq, long size, long diskOffset,
                             String serial, String wwn, String model, String loop, String bootId) {

    public static ResumeIdentity of(TargetInfo info, CertifiedDevice device, String bootId) {
        TargetIdentity id = info.identity();
        return new ResumeIdentity(id.kind() == TargetKind.BLOCK_DEVICE ? "block device" : "file", id.major(), id.minor(),
                id.inode(), id.diskseq(), id.size(), info.diskOffset(), id.serial(), id.wwn(), device.model(),
                id.loop() == null ? "" : id.loop().describe(), bootId);
    }

    /** Recognised by serial number or WWN, across reboots; otherwise only within one boot. */
    public boolean bySerial() {
        return !serial.isEmpty() || !wwn.isEmpty();
    }

    /** What names the journal's file: the fields that are compared, and nothing else. */
    String key() {
        return bySerial()
                ? String.join("\n", "serial", serial, wwn, model, Long.toString(size), Long.toString(diskOffset))
                : String.join("\n", "boot", bootId, kind, major + ":" + minor, Long.toString(inode),
                        Long.toString(diskseq), Long.toString(size), Long.toString(diskOffset), loop);
    }

    /**
     * Why {@code now} is not the device this journal was written for ("serial 'A' → 'B'; size ..."),
     * or null when it is.
     */
    public String mismatch(ResumeIdentity now) {
        List<String> out = new ArrayList<>();
        if (bySerial()) {
            differ(out, "serial", serial, now.serial);
            differ(out, "WWN", wwn, now.wwn);
            differ(out, "model", model, now.model);
        } else if (!bootId.equals(now.bootId)) {
            return "the journal was written before the machine was restarted, and a device without a serial number"
                    + " or WWN can only be resumed in the boot it was interrupted in (after a restart its device number"
                    + " and disk sequence number may belong to another device)";
        } else {
            differ(out, "kind", kind, now.kind);
            differ(out, "device number", major + ":" + minor, now.major + ":" + now.minor);
            differ(out, "inode", Long.toString(inode), Long.toString(now.inode));
            if (diskseq != now.diskseq) {
                out.add("disk sequence number " + diskseq + " → " + now.diskseq
                        + " (the media was changed, or the loop device attached again)");
            }
            differ(out, "loop backing", loop, now.loop);
        }
        differ(out, "size", Long.toString(size), Long.toString(now.size));
        differ(out, "start on its disk", Long.toString(diskOffset), Long.toString(now.diskOffset));
        return out.isEmpty() ? null : String.join("; ", out);
    }

    /**
     * Whether a device the inventory shows may be this journal's, for the window's offer to resume
     * (the resume itself compares everything, from the opened device): by serial or WWN and size,
     * or in the same boot by device number, disk sequence number and size.
     */
    public boolean couldBe(TargetIdentity row, String currentBootId) {
        if (size != row.size()) {
            return false;
        }
        return bySerial() ? serial.equals(row.serial()) && wwn.equals(row.wwn())
                : bootId.equals(currentBootId) && major == row.major() && minor == row.minor() && inode == row.inode()
                && diskseq == row.diskseq();
    }

    /** The same device node or serial: a journal the user probably meant, if it does not match. */
    boolean sameNode(ResumeIdentity now) {
        return bySerial() ? serial.equals(now.serial) && wwn.equals(now.wwn)
                : kind.equals(now.kind) && major == now.major && minor == now.minor && inode == now.inode;
    }

    private static void differ(List<String> out, String field, String was, String is) {
        if (!was.equals(is)) {
            out.add(field + " '" + was + "' → '" + is + "'");
        }
    }
}
