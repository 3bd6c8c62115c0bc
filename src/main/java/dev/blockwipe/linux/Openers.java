package dev.blockwipe.linux;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The other processes that have a target open, from /proc/PID/fd: a FUSE daemon serving a file
 * system from an image file (fuse2fs, whatever its mount source says), a virtual machine using an
 * image or a device without a lock, a tool copying it. As root every process is seen; another user
 * sees only their own (the kernel hides the rest), which is said where it matters.
 */
final class Openers {
    private final Path proc;

    Openers(Path proc) {
        this.proc = proc;
    }

    /** What to look for: a regular file by device and inode, or block devices by number. */
    record Wanted(int devMajor, int devMinor, long inode, Set<String> blockDevices) {
        boolean matches(Statx st) {
            if (st.isRegularFile()) {
                return blockDevices.isEmpty() && st.inode() == inode && st.devMajor() == devMajor && st.devMinor() == devMinor;
            }
            return st.isBlockDevice() && blockDevices.contains(st.rdevMajor() + ":" + st.rdevMinor());
        }
    }

    /** "1234 (fuse2fs)" for each other process with a descriptor on what is wanted. */
    List<String> of(Wanted wanted) {
        List<String> found = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path pid : pids) {
                if (Long.parseLong(pid.getFileName().toString()) != self && holds(pid, wanted)) {
                    found.add(pid.getFileName() + " (" + comm(pid) + ")");
                }
            }
        } catch (IOException e) {
            found.add("? (cannot list " + proc + ": " + e.getMessage() + ")");
        }
        return found;
    }

    private static boolean holds(Path pid, Wanted wanted) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(pid.resolve("fd"))) {
            for (Path fd : fds) {
                Statx st = Statx.ofPath(fd.toString());
                if (st != null && wanted.matches(st)) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException goneOrNotOurs) {
            // the process ended, or belongs to another user (not visible without root)
        }
        return false;
    }

    private static String comm(Path pid) {
        try {
            return Files.readString(pid.resolve("comm")).strip();
        } catch (IOException e) {
            return "?";
        }
    }
}
