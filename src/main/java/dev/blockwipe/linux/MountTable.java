package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.Mount;
import dev.blockwipe.devices.UsageFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Mounts from {@code /proc/self/mountinfo} and active swap from {@code /proc/swaps}, each tied to
 * the block device or file it lives on by stat, not by name: a file system mounted by
 * /dev/disk/by-uuid/..., by /dev/mapper/..., or with an anonymous device number (btrfs, ntfs-3g,
 * fuse2fs on an image file) is still found. When either table cannot be read, or a line of it
 * cannot be parsed or tied (a swap entry or a /dev mount source that cannot be stat-ed), the result
 * says so and every device counts as possibly in use: "not mounted" is never the answer to "could
 * not look". Every entry that could be read is kept beside that problem, so that overriding it
 * (--force) never hides a mount that was found.
 */
public final class MountTable {
    private final Path proc;
    private final SourceStat stat;

    /** What a path is: a block device (its number), a regular file (its key), or neither. */
    public record Source(DeviceNumber blockDevice, FileKey file) {
        public static final Source NEITHER = new Source(null, null);
    }

    /** stat(2) of a path; an exception when it cannot be stat-ed. */
    @FunctionalInterface
    public interface SourceStat {
        Source stat(String path) throws IOException;
    }

    public MountTable() {
        this(Path.of("/proc"), MountTable::statSource);
    }

    public MountTable(Path procRoot, SourceStat stat) {
        this.proc = procRoot;
        this.stat = stat;
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
        List<String> problems = new ArrayList<>();
        List<Mount> mounts = new ArrayList<>();
        for (String line : mountinfo) {
            Mount m = parseMountinfo(line);
            if (m == null) {
                problems.add("cannot parse /proc/self/mountinfo line: " + line);
                continue;
            }
            try {
                mounts.add(withSource(m));
            } catch (IOException e) {
                mounts.add(m);
                problems.add("cannot tell which device the file system at " + m.mountPoint() + " is on: "
                        + m.source() + " cannot be stat-ed (" + e.getMessage() + ")");
            }
        }
        List<DeviceNumber> swapDevices = new ArrayList<>();
        List<FileKey> swapFiles = new ArrayList<>();
        for (String line : swaps.subList(Math.min(1, swaps.size()), swaps.size())) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 0 || f[0].isEmpty()) {
                continue;
            }
            String path = unescape(f[0]);
            Source source;
            try {
                source = stat.stat(path);
            } catch (IOException e) {
                problems.add("cannot tell what the active swap " + path + " is: it cannot be stat-ed (" + e.getMessage() + ")");
                continue;
            }
            if (source.blockDevice() != null) {
                swapDevices.add(source.blockDevice());
            } else if (source.file() != null) {
                swapFiles.add(source.file());
            } else {
                problems.add("the active swap " + path + " is neither a block device nor a file");
            }
        }
        return new UsageFacts(mounts, swapDevices, swapFiles, problems.isEmpty() ? null : String.join("; ", problems));
    }

    /**
     * Field 3 names the device of most file systems; an anonymous one (major 0) is tied to its
     * source when that is a path: a /dev path that cannot be stat-ed is a fact that could not be
     * read, other sources ("tmpfs", "server:/export") are not devices.
     */
    private Mount withSource(Mount m) throws IOException {
        if (m.device().major() != 0 || !m.source().startsWith("/")) {
            return m;
        }
        Source source;
        try {
            source = stat.stat(m.source());
        } catch (IOException e) {
            if (m.source().startsWith("/dev/")) {
                throw e;
            }
            return m;
        }
        return new Mount(m.device(), m.source(), m.mountPoint(), m.fsType(), source.blockDevice(), source.file());
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

    private static Source statSource(String path) throws IOException {
        if (path.indexOf('\0') >= 0) {
            throw new IOException("the path contains a NUL byte");
        }
        Statx st = Statx.ofPath(path);
        if (st == null) {
            throw new IOException(Errno.name(Errno.last()));
        }
        if (st.isBlockDevice()) {
            return new Source(new DeviceNumber(st.rdevMajor(), st.rdevMinor()), null);
        }
        return st.isRegularFile() ? new Source(null, new FileKey(new DeviceNumber(st.devMajor(), st.devMinor()), st.inode()))
                : Source.NEITHER;
    }
}
