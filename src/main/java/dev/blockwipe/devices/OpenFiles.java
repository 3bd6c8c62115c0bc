package dev.blockwipe.devices;

import java.util.List;
import java.util.Map;

/**
 * Which other processes have block devices and regular files open, by device number and by file
 * key: a FUSE daemon serving a file system from an image, a virtual machine that took no lock, a
 * tool reading a disk, and the probes that only look for a moment (another Blockwipe's scan, udev,
 * blkid). As root every process is seen; another user sees only their own, as the kernel shows no
 * more.
 *
 * @param devices block devices by number
 * @param files   regular files by file system device and inode
 */
public record OpenFiles(Map<DeviceNumber, List<Opener>> devices, Map<FileKey, List<Opener>> files) {
    public static final OpenFiles NONE = new OpenFiles(Map.of(), Map.of());

    public OpenFiles {
        devices = Map.copyOf(devices);
        files = Map.copyOf(files);
    }

    public List<Opener> of(DeviceNumber device) {
        return devices.getOrDefault(device, List.of());
    }

    public List<Opener> of(FileKey file) {
        return files.getOrDefault(file, List.of());
    }
}
