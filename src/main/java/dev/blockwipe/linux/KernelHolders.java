package dev.blockwipe.linux;

import dev.blockwipe.devices.Claims;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Mount;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Who holds a block device exclusively where no table of this mount namespace says so, as the
 * kernel tells it: this process (its own wipe or benchmark), a btrfs file system that spans several
 * devices ({@code /sys/fs/btrfs/UUID/devices}), an ext4 file system whose external journal it is
 * (the journal thread "jbd2/NAME" that {@code /sys/fs/ext4/FS/journal_task} names), a mount in
 * another mount namespace ({@code /proc/PID/mountinfo} of a process in it). Each source is read
 * when it is first needed, once per scan: most scans need none. Not thread-safe: one scan's.
 */
final class KernelHolders implements Claims.Holders {
    private final Path sys;
    private final Path proc;
    private Map<String, String> btrfs;
    private Map<String, String> journals;
    private Map<DeviceNumber, String> otherNamespaces;

    KernelHolders(Path sys, Path proc) {
        this.sys = sys;
        this.proc = proc;
    }

    @Override
    public Optional<String> of(String name, DeviceNumber number) {
        if (openHere(number)) {
            return Optional.of("this Blockwipe (process " + ProcessHandle.current().pid() + ")");
        }
        if (btrfs == null) {
            btrfs = btrfsMembers();
        }
        if (btrfs.containsKey(name)) {
            return Optional.of(btrfs.get(name));
        }
        if (journals == null) {
            journals = externalJournals();
        }
        if (journals.containsKey(name)) {
            return Optional.of("the ext4 file system on " + journals.get(name) + ", as its external journal");
        }
        if (otherNamespaces == null) {
            otherNamespaces = mountsInOtherNamespaces();
        }
        return Optional.ofNullable(otherNamespaces.get(number));
    }

    /** This process has the device open (not merely located by an {@code O_PATH} handle): its wipe or benchmark. */
    private boolean openHere(DeviceNumber number) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve("self/fd"))) {
            for (Path fd : fds) {
                Statx st = Statx.ofPath(fd.toString());
                if (st != null && st.isBlockDevice() && st.rdevMajor() == number.major()
                        && st.rdevMinor() == number.minor()
                        && !FdInfo.pathOnly(FdInfo.flags(proc.resolve("self/fdinfo").resolve(fd.getFileName())))) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /** Member name → "the btrfs file system "data" (UUID), also on sdc" for every mounted btrfs, in any namespace. */
    private Map<String, String> btrfsMembers() {
        Map<String, String> members = new HashMap<>();
        for (Path fs : list(sys.resolve("fs/btrfs"))) {
            List<String> devices = list(fs.resolve("devices")).stream().map(p -> p.getFileName().toString()).sorted().toList();
            if (devices.isEmpty()) {
                continue;
            }
            String label = text(fs.resolve("label"));
            String what = "the btrfs file system " + (label.isEmpty() ? "" : "\"" + label + "\" (") + fs.getFileName()
                    + (label.isEmpty() ? "" : ")");
            for (String device : devices) {
                List<String> others = new ArrayList<>(devices);
                others.remove(device);
                members.put(device, what + (others.isEmpty() ? "" : ", also on " + String.join(", ", others)));
            }
        }
        return members;
    }

    /**
     * Journal device name → the ext4 file system it journals. A journal thread is named
     * "jbd2/sda1-8" for a journal inside the file system (its inode after the dash) and
     * "jbd2/sdc" for an external journal device.
     */
    private Map<String, String> externalJournals() {
        Map<String, String> journals = new HashMap<>();
        for (Path fs : list(sys.resolve("fs/ext4"))) {
            String pid = text(fs.resolve("journal_task"));
            if (!pid.matches("\\d+")) {
                continue;
            }
            String thread = text(proc.resolve(pid).resolve("comm"));
            if (thread.startsWith("jbd2/")) {
                journals.put(thread.substring("jbd2/".length()), fs.getFileName().toString());
            }
        }
        return journals;
    }

    /** Device number → "a mount at /x in another mount namespace (process 12, sleep)", for each other namespace once. */
    private Map<DeviceNumber, String> mountsInOtherNamespaces() {
        Map<DeviceNumber, String> mounts = new HashMap<>();
        String self = link(proc.resolve("self/ns/mnt"));
        Set<String> seen = new HashSet<>();
        for (Path pid : list(proc)) {
            if (!pid.getFileName().toString().matches("\\d+")) {
                continue;
            }
            String ns = link(pid.resolve("ns/mnt"));
            if (ns.isEmpty() || ns.equals(self) || !seen.add(ns)) {
                continue;
            }
            String who = "process " + pid.getFileName() + ", " + text(pid.resolve("comm"));
            try (Stream<String> lines = Files.lines(pid.resolve("mountinfo"))) {
                lines.map(MountTable::parseMountinfo).filter(m -> m != null && m.device().major() != 0)
                        .forEach(m -> mounts.putIfAbsent(m.device(), describe(m, who)));
            } catch (IOException | RuntimeException goneOrUnreadable) {
                // the process ended, or its mounts cannot be read: the claim stays unnamed
            }
        }
        return mounts;
    }

    private static String describe(Mount m, String who) {
        return "a mount at " + m.mountPoint() + " in another mount namespace (" + who + ")";
    }

    private static List<Path> list(Path dir) {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            s.forEach(entries::add);
        } catch (IOException e) {
            // absent (no btrfs or ext4 mounted, module not loaded) or gone: nothing to name from it
        }
        return entries;
    }

    private static String text(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static String link(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
    }
}
