package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Mount;
import dev.blockwipe.devices.UsageFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Mounts from {@code /proc/self/mountinfo} and active swap from {@code /proc/swaps}. When either
 * cannot be read the result says so, and every device counts as possibly in use: "not mounted"
 * is never the answer to "could not look".
 */
public final class MountTable {
    private final Path proc;
    private final Function<String, Optional<DeviceNumber>> blockDeviceNumber;

    public MountTable() {
        this(Path.of("/proc"), MountTable::statBlockDevice);
    }

    /**
     * @param blockDeviceNumber the device number of a path if it is a block device (swap partitions),
     *                          empty for anything else (swap files)
     */
    public MountTable(Path procRoot, Function<String, Optional<DeviceNumber>> blockDeviceNumber) {
        this.proc = procRoot;
        this.blockDeviceNumber = blockDeviceNumber;
    }

    public UsageFacts read() {
        List<String> mountinfo;
        List<String> swaps;
        try {
            mountinfo = Files.readAllLines(proc.resolve("self/mountinfo"));
        } catch (IOException e) {
            return UsageFacts.unreadable("cannot read " + proc.resolve("self/mountinfo") + " (" + e.getMessage() + ")");
        }
        try {
            swaps = Files.readAllLines(proc.resolve("swaps"));
        } catch (IOException e) {
            return UsageFacts.unreadable("cannot read " + proc.resolve("swaps") + " (" + e.getMessage() + ")");
        }
        List<Mount> mounts = new ArrayList<>();
        for (String line : mountinfo) {
            Mount m = parseMountinfo(line);
            if (m == null) {
                return UsageFacts.unreadable("cannot parse /proc/self/mountinfo line: " + line);
            }
            mounts.add(m);
        }
        List<DeviceNumber> swapDevices = new ArrayList<>();
        List<String> swapFiles = new ArrayList<>();
        for (String line : swaps.subList(Math.min(1, swaps.size()), swaps.size())) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 0 || f[0].isEmpty()) {
                continue;
            }
            String path = unescape(f[0]);
            Optional<DeviceNumber> number = blockDeviceNumber.apply(path);
            if (number.isPresent()) {
                swapDevices.add(number.get());
            } else {
                swapFiles.add(path);
            }
        }
        return new UsageFacts(mounts, swapDevices, swapFiles, null);
    }

    /**
     * {@code 36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw} (proc(5)): field 3 is
     * the device, field 5 the mount point; after the " - " separator come type and source.
     */
    static Mount parseMountinfo(String line) {
        String[] f = line.split(" ");
        int sep = -1;
        for (int i = 6; i < f.length; i++) {
            if (f[i].equals("-")) {
                sep = i;
                break;
            }
        }
        if (f.length < 7 || sep < 0 || sep + 2 >= f.length || !f[2].contains(":")) {
            return null;
        }
        try {
            return new Mount(DeviceNumber.parse(f[2]), unescape(f[sep + 2]), unescape(f[4]), f[sep + 1]);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The kernel writes space, tab, newline and backslash in paths as \040, \011, \012, \134. */
    static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static Optional<DeviceNumber> statBlockDevice(String path) {
        Statx st = Statx.ofPath(path);
        return st != null && st.isBlockDevice()
                ? Optional.of(new DeviceNumber(st.rdevMajor(), st.rdevMinor()))
                : Optional.empty();
    }
}
