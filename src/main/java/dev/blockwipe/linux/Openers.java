package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.OpenFiles;
import dev.blockwipe.devices.Opener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What other processes have open, from /proc/PID/fd: block devices by number, regular files by
 * device and inode. This process is left out (its own targets are open in it), and so is an
 * {@code O_PATH} handle on a device, which opens nothing. As root every process is seen; another
 * user sees only their own (the kernel hides the rest). A process that ends while it is read, or
 * whose descriptors the kernel hides from this user, is passed over; anything else that goes wrong
 * (a /proc that cannot be listed, a descriptor folder that fails otherwise, a bug) is an error,
 * never "nothing is open": the scan then blocks every device with the reason.
 *
 * <p>A process that only reads, and is a program that opens devices for a moment to look at them,
 * is a probe rather than a holder: another Blockwipe (its window scans every device it sees
 * attached; its commands scan too), udev's worker (it runs blkid's probe after every
 * close-after-write) and blkid. Blockwipe is known by its command line (the launcher and the
 * class path run {@code dev.blockwipe.Main}, a clone runs {@code -jar .../blockwipe.jar}), the
 * others by their command name. udev's worker is a probe however it opened a device: it writes no
 * data to it (the programs its rules run have names of their own), and it opens a disk for its
 * own bookkeeping right after a close that wrote (seen refusing a wipe right after {@code sfdisk}:
 * "open in process 402 (udev)").
 */
final class Openers {
    private static final Set<String> UDEV = Set.of("systemd-udevd", "(udev-worker)", "udevd");

    private final Path proc;

    Openers(Path proc) {
        this.proc = proc;
    }

    OpenFiles read() throws IOException {
        Map<DeviceNumber, List<Opener>> devices = new HashMap<>();
        Map<FileKey, List<Opener>> files = new HashMap<>();
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

    /**
     * Each device and file the process has open, with whether every descriptor it has on it only
     * reads; nothing when the process is gone or hidden ({@link #goneOrHidden}).
     */
    private static void collect(Path pid, Map<DeviceNumber, List<Opener>> devices, Map<FileKey, List<Opener>> files)
            throws IOException {
        Map<Object, Boolean> readOnly = new LinkedHashMap<>();
        String probe = null;
        String comm = null;
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(pid.resolve("fd"))) {
            for (Path fd : fds) {
                Statx st = Statx.ofPath(fd.toString());
                if (st == null || !(st.isBlockDevice() || st.isRegularFile())) {
                    continue;
                }
                if (comm == null) {
                    comm = text(pid.resolve("comm"));
                    probe = probe(comm, pid);
                }
                int flags = st.isBlockDevice() || probe != null ? FdInfo.flags(pid.resolve("fdinfo").resolve(fd.getFileName()))
                        : -1;
                if (flags == FdInfo.GONE || st.isBlockDevice() && FdInfo.pathOnly(flags)) {
                    continue;
                }
                Object key = st.isBlockDevice() ? new DeviceNumber(st.rdevMajor(), st.rdevMinor())
                        : new FileKey(new DeviceNumber(st.devMajor(), st.devMinor()), st.inode());
                readOnly.merge(key, FdInfo.readOnly(flags), Boolean::logicalAnd);
            }
        } catch (IOException | DirectoryIteratorException e) {
            IOException why = e instanceof DirectoryIteratorException listing ? listing.getCause() : (IOException) e;
            if (goneOrHidden(why)) {
                return;
            }
            throw new IOException(pid.resolve("fd") + ": " + why, why);
        }
        long number = Long.parseLong(pid.getFileName().toString());
        String command = probe != null ? probe : comm;
        boolean isProbe = probe != null;
        boolean udev = "udev".equals(probe);
        readOnly.forEach((key, onlyReads) -> {
            Opener o = new Opener(number, command, isProbe && (onlyReads || udev));
            if (key instanceof DeviceNumber d) {
                devices.computeIfAbsent(d, k -> new ArrayList<>()).add(o);
            } else {
                files.computeIfAbsent((FileKey) key, k -> new ArrayList<>()).add(o);
            }
        });
    }

    /**
     * The two ways a process's descriptors may be missing without anything being wrong: it ended
     * since /proc was listed (its folder, or an entry of it, is gone), or it belongs to another
     * user and this process is not root (the kernel refuses the look). Anything else is not known
     * to be harmless.
     */
    private static boolean goneOrHidden(IOException e) {
        return e instanceof NoSuchFileException || e instanceof AccessDeniedException;
    }

    /** "the Blockwipe window", "blockwipe list", "udev", "blkid" for the programs that probe; null for any other. */
    private static String probe(String comm, Path pid) {
        if (comm.equals("blkid")) {
            return "blkid";
        }
        if (UDEV.contains(comm)) {
            return "udev";
        }
        List<String> args = Arrays.asList(text(pid.resolve("cmdline")).split("\0"));
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            boolean main = arg.equals("dev.blockwipe.Main");
            boolean jar = i > 0 && args.get(i - 1).equals("-jar")
                    && arg.substring(arg.lastIndexOf('/') + 1).matches("blockwipe(-[^/]*)?\\.jar");
            if (main || jar) {
                return i + 1 == args.size() ? "the Blockwipe window" : "blockwipe " + args.get(i + 1);
            }
        }
        return null;
    }

    private static String text(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "?";
        }
    }
}
