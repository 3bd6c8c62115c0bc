package dev.blockwipe.devices;

import java.util.List;
import java.util.Map;

/**
 * Which other processes have block devices and regular files open ("1234 (fuse2fs)"), by device
 * number and by file key: a FUSE daemon serving a file system from an image, a virtual machine
 * that took no lock, a tool reading a disk. As root every process is seen; another user sees only
 * their own, as the kernel shows no more.
 *
 * @param devices block devices by number
 * @param files   regular files by file system device and inode
 */
public record OpenFiles(Map<DeviceNumber, List<String>> devices, Map<FileKey, List<String>> files) {
    public static final OpenFiles NONE = new OpenFiles(Map.of(), Map.of());

    public OpenFiles {
        devices = Map.copyOf(devices);
        files = Map.copyOf(files);
    }

    public List<String> of(DeviceNumber device) {
        return devices.getOrDefault(device, List.of());
    }

    public List<String> of(FileKey file) {
        return files.getOrDefault(file, List.of());
    }
}
