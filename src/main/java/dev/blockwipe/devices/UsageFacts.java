package dev.blockwipe.devices;

import java.util.List;
import java.util.Optional;

/**
 * What the system is using: mounts, active swap, other processes' open files and the devices the
 * kernel holds exclusively. When
 * /proc/self/mountinfo, /proc/swaps or /proc itself cannot be read, or an entry in them cannot be
 * tied to a device or file, {@code problem} says so and every device and file is treated as
 * possibly in use.
 *
 * @param mounts      every mount
 * @param swapDevices block devices in active use as swap
 * @param swapFiles   files in active use as swap, by file system device and inode
 * @param open        devices and files other processes have open
 * @param claims      which devices an exclusive open found busy
 * @param problem     null when everything was read and tied
 */
public record UsageFacts(List<Mount> mounts, List<DeviceNumber> swapDevices, List<FileKey> swapFiles, OpenFiles open,
                         Claims claims, String problem) {
    public UsageFacts {
        mounts = List.copyOf(mounts);
        swapDevices = List.copyOf(swapDevices);
        swapFiles = List.copyOf(swapFiles);
    }

    /** Mounts and swap, with nothing known to be open elsewhere or claimed. */
    public UsageFacts(List<Mount> mounts, List<DeviceNumber> swapDevices, List<FileKey> swapFiles, String problem) {
        this(mounts, swapDevices, swapFiles, OpenFiles.NONE, Claims.NONE, problem);
    }

    public static UsageFacts unreadable(String problem) {
        return new UsageFacts(List.of(), List.of(), List.of(), problem);
    }

    /** The same facts with what other processes have open. */
    public UsageFacts withOpen(OpenFiles files) {
        return new UsageFacts(mounts, swapDevices, swapFiles, files, claims, problem);
    }

    /** The same facts with what trying each device exclusively said. */
    public UsageFacts withClaims(Claims tried) {
        return new UsageFacts(mounts, swapDevices, swapFiles, open, tried, problem);
    }

    /** The same facts with one more reason to treat every device and file as possibly in use. */
    public UsageFacts withProblem(String another) {
        return new UsageFacts(mounts, swapDevices, swapFiles, open, claims,
                problem == null ? another : problem + "; " + another);
    }

    /** The type of the file system mounted from {@code device} ("ext4", "devtmpfs"), if it is mounted. */
    public Optional<String> fileSystemOn(DeviceNumber device) {
        return mounts.stream().filter(m -> m.device().equals(device)).map(Mount::fsType).findFirst();
    }
}
