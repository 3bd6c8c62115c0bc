package dev.blockwipe.devices;

/**
 * One line of /proc/self/mountinfo, with what its source is. Field 3 is the file system's device,
 * which is an anonymous 0:N for btrfs and FUSE (ntfs-3g on /dev/sdb1, fuse2fs on an image file):
 * the source path, stat-ed, says which block device or file the file system really lives on.
 *
 * @param device        field 3, major:minor of the file system
 * @param source        the mount source as written ("/dev/sdb1", "tmpfs", "/srv/disk.img")
 * @param mountPoint    where it is mounted
 * @param fsType        "ext4", "fuseblk", "devtmpfs"
 * @param sourceDevice  the block device the source path is, or null
 * @param sourceFile    the regular file the source path is, or null
 */
public record Mount(DeviceNumber device, String source, String mountPoint, String fsType, DeviceNumber sourceDevice,
                    FileKey sourceFile) {

    public Mount(DeviceNumber device, String source, String mountPoint, String fsType) {
        this(device, source, mountPoint, fsType, null, null);
    }

    /** The file system lives on this block device (by field 3 or by its source). */
    public boolean on(DeviceNumber number) {
        return device.equals(number) || number.equals(sourceDevice);
    }
}
