package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.OpenFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What other processes have open, from /proc/PID/fd: block devices by number, regular files by
 * device and inode. This process is left out (its own targets are open in it). As root every
 * process is seen; another user sees only their own (the kernel hides the rest). A process that
 * ends while it is read is passed over; a /proc that cannot be listed is an error, never "nothing
 * is open".
 */
final class Openers {
    private final Path proc;

    Openers(Path proc) {
        this.proc = proc;
    }

    OpenFiles read() throws IOException {
        Map<DeviceNumber, List<String>> devices = new HashMap<>();
        Map<FileKey, List<String>> files = new HashMap<>();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path pid : pids) {
                if (Long.parseLong(pid.getFileName().toString()) != self) {
                    collect(pid, devices, files);
                }
            }
        }
        return new OpenFiles(devices, files);
    }

    private static void collect(Path pid, Map<DeviceNumber, List<String>> devices, Map<FileKey, List<String>> files) {
        String who = null;
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(pid.resolve("fd"))) {
            for (Path fd : fds) {
                Statx st = Statx.ofPath(fd.toString());
                if (st == null || !(st.isBlockDevice() || st.isRegularFile())) {
                    continue;
                }
                who = who != null ? who : pid.getFileName() + " (" + comm(pid) + ")";
                List<String> list = st.isBlockDevice()
                        ? devices.computeIfAbsent(new DeviceNumber(st.rdevMajor(), st.rdevMinor()), k -> new ArrayList<>())
                        : files.computeIfAbsent(new FileKey(new DeviceNumber(st.devMajor(), st.devMinor()), st.inode()),
                                k -> new ArrayList<>());
                if (!list.contains(who)) {
                    list.add(who);
                }
            }
        } catch (IOException | RuntimeException goneOrNotOurs) {
            // the process ended, or belongs to another user (not visible without root)
        }
    }

    private static String comm(Path pid) {
        try {
            return Files.readString(pid.resolve("comm")).strip();
        } catch (IOException e) {
            return "?";
        }
    }
}
