package dev.blockwipe.engine.io;

/**
 * What a loop device is attached to, as the kernel reports it ({@code LOOP_GET_STATUS64}'s
 * {@code lo_device}, {@code lo_inode}, {@code lo_rdevice}, {@code lo_offset}, {@code lo_sizelimit}):
 * the backing file by file system device and inode, or the backing block device by its number.
 * Never a path: a path names whatever is there now, these name the object the loop device holds.
 *
 * @param fsMajor    major of the file system device the backing file is on
 * @param fsMinor    minor of it
 * @param inode      the backing file's inode (or the device node's, for a block device backing)
 * @param rdevMajor  major of the backing block device, 0 for a regular file
 * @param rdevMinor  minor of it
 * @param offset     where the loop device starts in the backing object
 * @param sizeLimit  its size limit in bytes, 0 for none
 */
public record LoopBacking(int fsMajor, int fsMinor, long inode, int rdevMajor, int rdevMinor, long offset,
                          long sizeLimit) {

    /** The backing object is a block device (losetup /dev/loop0 /dev/sdb1). */
    public boolean blockDevice() {
        return rdevMajor != 0 || rdevMinor != 0;
    }

    /** "file 254:0 inode 1234" or "block device 8:17", then offset and limit where set. */
    public String describe() {
        String object = blockDevice() ? "block device " + rdevMajor + ":" + rdevMinor
                : "file " + fsMajor + ":" + fsMinor + " inode " + inode;
        return object + (offset != 0 ? ", offset " + offset : "") + (sizeLimit != 0 ? ", size limit " + sizeLimit : "");
    }
}
