package dev.blockwipe.linux;

import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.PseudoFileSystems;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.DaemonThreads;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.firmware.CommandSet;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Drives;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * Opens devices and image files so that what is judged, shown, confirmed and written is one
 * object. The user's path is resolved exactly once, by an {@code O_PATH} open that touches no
 * driver; every later step goes through that handle: the type and file system checks, the real
 * open (through {@code /proc/self/fd/N}, which reopens the object the handle holds, not the path),
 * the exclusive claim (O_EXCL on devices, flock and an OFD lock on files), and every fact.
 */
public final class LinuxTargets implements TargetOpener {
    /**
     * Requests in flight for devices that work on several at once (NVMe, SSDs, a loop device with
     * direct I/O): past four, more requests gained nothing where it was measured (src/docs/speed.md).
     */
    static final int PARALLEL_DEPTH = 4;

    private final Path sysfsRoot;
    private final Smartctl smartctl = new Smartctl();

    public LinuxTargets() {
        this(Path.of("/sys"));
    }

    public LinuxTargets(Path sysfsRoot) {
        this.sysfsRoot = sysfsRoot;
    }

    /**
     * Loads the native binding on a background thread. JNA's first use is slow (it extracts and
     * loads its stub library); started before the command line is parsed, that time
     * overlaps picocli's own start-up instead of adding to it.
     */
    public static void preload() {
        DaemonThreads.start("blockwipe-jna-preload", () -> LibC.isatty(0));
    }

    @Override
    public Located locate(String given) throws TargetException {
        String path = pathOf(given);
        if (path.indexOf('\0') >= 0) {
            throw new TargetRefusedException(path, Reason.NOT_FOUND, "the path contains a NUL byte");
        }
        if (path.indexOf('\uFFFD') >= 0) {
            // The JVM decodes arguments with the locale's character set; bytes it cannot decode
            // become U+FFFD, which would be encoded back as other bytes: another file's name.
            throw new TargetRefusedException(path, Reason.NOT_FOUND, "the path has bytes that are not valid in this"
                    + " locale's character set (" + System.getProperty("sun.jnu.encoding") + "), so it cannot be named"
                    + " exactly; run with a UTF-8 locale (LANG=C.UTF-8) or rename it");
        }
        int fd = LibC.open(path, Fcntl.O_PATH | Fcntl.O_CLOEXEC, 0);
        if (fd < 0) {
            throw locateFailure(path, Errno.last());
        }
        try {
            Statx st = DescriptorFacts.stat(path, fd);
            if (!st.isBlockDevice() && !st.isRegularFile()) {
                throw new TargetRefusedException(path, Reason.WRONG_KIND,
                        "is " + st.typeName() + ": Blockwipe wipes block devices and image files");
            }
            if (st.isRegularFile()) {
                String type = fileSystem(path, fd);
                if (PseudoFileSystems.contains(type)) {
                    throw new TargetRefusedException(path, Reason.WRONG_KIND, "is a file on " + type
                            + ", one of the kernel's own file systems: not a disk image");
                }
            }
            return new LinuxLocated(path, fd, st);
        } catch (TargetException | RuntimeException e) {
            LibC.close(fd);
            throw e;
        }
    }

    /**
     * The path a name stands for. A name without a slash that the kernel gives a disk or partition
     * ("loop9", "sdb1", as {@code blockwipe list} and lsblk show them) is that device's node in
     * /dev, so every command takes the names {@code list} prints; any other name is a path. A name
     * that is both such a device and a file in the current folder is refused: either may be meant.
     */
    private String pathOf(String given) throws TargetRefusedException {
        if (given.isEmpty() || given.startsWith(".") || given.indexOf('/') >= 0 || given.indexOf('\0') >= 0) {
            return given;
        }
        try {
            if (!Files.exists(sysfsRoot.resolve("class/block").resolve(given))) {
                return given;
            }
            String device = "/dev/" + given;
            if (Files.exists(Path.of(given), LinkOption.NOFOLLOW_LINKS)) {
                throw new TargetRefusedException(given, Reason.BLOCKED, "names both the file ./" + given
                        + " in this folder and the device " + device + ": give the one you mean by its path");
            }
            return device;
        } catch (InvalidPathException e) {
            return given;
        }
    }

    /** Something asked of a located device through a descriptor of it and the commands it takes. */
    @FunctionalInterface
    private interface Probe<T> {
        T on(int fd, CommandSet commands);
    }

    /** A path resolved to one object: an O_PATH descriptor and what fstat said of it. */
    private final class LinuxLocated implements Located {
        private final String path;
        private final int handle;
        private final Statx st;
        private boolean closed;

        LinuxLocated(String path, int handle, Statx st) {
            this.path = path;
            this.handle = handle;
            this.st = st;
        }

        @Override
        public String path() {
            return path;
        }

        @Override
        public TargetIdentity node() {
            return st.isBlockDevice()
                    ? TargetIdentity.device(st.rdevMajor(), st.rdevMinor(), 0, 0, "", "", null)
                    : TargetIdentity.file(st.devMajor(), st.devMinor(), st.inode(), st.size());
        }

        @Override
        public OpenedTarget open(Access access) throws TargetException {
            boolean device = st.isBlockDevice();
            int flags = (access == Access.WRITE ? Fcntl.O_RDWR | Fcntl.O_EXCL : Fcntl.O_RDONLY) | Fcntl.O_CLOEXEC;
            String self = "/proc/self/fd/" + handle;
            IoMode mode = IoMode.DIRECT;
            int fd = LibC.open(self, flags | Fcntl.O_DIRECT, 0);
            if (fd < 0 && Errno.last() == Errno.EINVAL && !device) {
                // This file system has no O_DIRECT: buffered I/O with periodic fdatasync, recorded in the result.
                mode = IoMode.BUFFERED;
                fd = LibC.open(self, flags, 0);
            }
            if (fd < 0) {
                throw openFailure(path, access, device, Errno.last());
            }
            try {
                Statx opened = reopened(fd);
                if (!device && access == Access.WRITE) {
                    lock(path, fd);
                }
                TargetInfo info = device ? deviceInfo(path, fd, opened, mode, access) : fileInfo(path, fd, opened, mode);
                if (info.size() == 0) {
                    throw new TargetRefusedException(path, Reason.EMPTY, "is empty (0 bytes): nothing to wipe");
                }
                boolean unalignedTail = !device && mode == IoMode.DIRECT && info.size() % info.logicalBlockSize() != 0;
                SysfsBlock sysfs = device ? DescriptorFacts.sysfs(path, opened, sysfsRoot) : null;
                return new DirectBlockTarget(info, access, fd, unalignedTail, sysfs, sysfsRoot);
            } catch (TargetException | RuntimeException e) {
                LibC.close(fd);
                throw e;
            }
        }

        /** Asked through a read-only descriptor: O_NONBLOCK, so that a drive without a medium opens too. */
        @Override
        public DriveReport drive() {
            return probe((fd, commands) -> Drives.probe(new DriveIoctls(path, fd, commands, DriveIoctls.Guard.NONE)),
                    why -> DriveReport.none("none", why, List.of()));
        }

        @Override
        public Smart smart() {
            return probe(smartctl::read, Smart::unavailable);
        }

        /**
         * {@code probe} on a read-only, non-exclusive descriptor of the located object (the handle
         * reopened, not the path) and the command set its device takes; {@code failed} with the
         * reason when it cannot be opened.
         */
        private <T> T probe(Probe<T> probe, Function<String, T> failed) {
            int fd = LibC.open("/proc/self/fd/" + handle, Fcntl.O_RDONLY | Fcntl.O_NONBLOCK | Fcntl.O_CLOEXEC, 0);
            if (fd < 0) {
                int errno = Errno.last();
                return failed.apply("it could not be opened to ask the drive: " + Errno.name(errno) + " ("
                        + Errno.describe(errno) + ")");
            }
            try {
                Statx opened = reopened(fd);
                SysfsBlock sysfs = st.isBlockDevice() ? DescriptorFacts.sysfs(path, opened, sysfsRoot) : null;
                return probe.on(fd, sysfs == null ? CommandSet.NONE : sysfs.commandSet());
            } catch (TargetException e) {
                return failed.apply(e.getMessage());
            } finally {
                LibC.close(fd);
            }
        }

        /** What fstat says of a descriptor opened through the handle; refused when it is not the located object. */
        private Statx reopened(int fd) throws TargetException {
            Statx opened = DescriptorFacts.stat(path, fd);
            if (opened.type() != st.type() || opened.inode() != st.inode() || opened.devMajor() != st.devMajor()
                    || opened.devMinor() != st.devMinor() || opened.rdevMajor() != st.rdevMajor()
                    || opened.rdevMinor() != st.rdevMinor()) {
                throw new TargetRefusedException(path, Reason.IDENTITY_CHANGED,
                        "the reopened descriptor is not the located object; nothing was written");
            }
            return opened;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                LibC.close(handle);
            }
        }
    }

    /**
     * Nothing else may use an image file while it is wiped: O_EXCL means nothing on regular files,
     * so the job holds both kinds of lock other programs take (flock, as flock(1) and many tools
     * do; an OFD lock, which QEMU takes on its disk images and which conflicts with POSIX locks).
     * Some file systems cannot hold range locks at all (FUSE file systems without a lock handler,
     * NFS without a lock manager): no other program can hold one there either, so the flock and
     * the scan of other processes' open files are what exclude them.
     */
    private static void lock(String path, int fd) throws TargetException {
        if (LibC.flock(fd, Fcntl.LOCK_EX | Fcntl.LOCK_NB) != 0) {
            throw lockFailure(path, "flock", Errno.last());
        }
        Fcntl.Flock whole = new Fcntl.Flock();
        whole.l_type = Fcntl.F_WRLCK;
        whole.l_whence = Fcntl.SEEK_SET;
        if (LibC.fcntl(fd, Fcntl.F_OFD_SETLK, whole) != 0) {
            int errno = Errno.last();
            if (!cannotLockRanges(errno)) {
                throw lockFailure(path, "fcntl(F_OFD_SETLK)", errno);
            }
        }
    }

    private static boolean cannotLockRanges(int errno) {
        return errno == Errno.EINVAL || errno == Errno.ENOLCK || errno == Errno.ENOSYS
                || errno == Errno.EOPNOTSUPP;
    }

    private static TargetException lockFailure(String path, String call, int errno) {
        if (errno == Errno.EAGAIN || errno == Errno.EACCES) {
            return new TargetRefusedException(path, Reason.BUSY, "in use: another program holds a lock on it"
                    + " (a running virtual machine, another Blockwipe)");
        }
        return Errno.exception(path, call, -1, errno);
    }

    /** The type of the file system a located file is on ("proc", "ext4", "type 0x…"). */
    private static String fileSystem(String path, int fd) throws TargetException {
        long magic = Statfs.magic(fd);
        if (magic < 0) {
            throw Errno.exception(path, "fstatfs", -1, Errno.last());
        }
        return FileSystemMagic.name(magic);
    }

    private static TargetException locateFailure(String path, int errno) {
        return switch (errno) {
            case Errno.ENOENT -> new TargetRefusedException(path, Reason.NOT_FOUND,
                    path.isEmpty() || path.indexOf('/') >= 0 ? "no such file or device"
                            : "no such file here, and no disk or partition of that name (see: blockwipe list --all)");
            case Errno.ENOTDIR -> new TargetRefusedException(path, Reason.NOT_FOUND,
                    "no such file or device (a part of the path is not a directory)");
            case Errno.ENAMETOOLONG -> new TargetRefusedException(path, Reason.NOT_FOUND,
                    "the path is too long (ENAMETOOLONG)");
            case Errno.ELOOP -> new TargetRefusedException(path, Reason.NOT_FOUND,
                    "too many levels of symbolic links (ELOOP)");
            case Errno.EACCES, Errno.EPERM -> new TargetRefusedException(path, Reason.NO_PERMISSION,
                    "permission denied: a directory on the path may not be searched");
            default -> Errno.exception(path, "open(O_PATH)", -1, errno);
        };
    }

    private static TargetException openFailure(String path, Access access, boolean device, int errno) {
        boolean write = access == Access.WRITE;
        return switch (errno) {
            case Errno.EBUSY -> new TargetRefusedException(path, Reason.BUSY,
                    "in use: mounted, or held by another program, RAID array or device mapper (exclusive open returned EBUSY)");
            case Errno.ETXTBSY -> new TargetRefusedException(path, Reason.BUSY, "is a program that is running (ETXTBSY)");
            case Errno.EROFS -> new TargetRefusedException(path, Reason.READ_ONLY,
                    device ? "is read-only (EROFS)" : "is on a read-only file system (EROFS)");
            case Errno.EACCES -> new TargetRefusedException(path, Reason.NO_PERMISSION, "permission denied"
                    + (!write ? "" : device ? ": wiping devices needs root" : ": you may not write to this file"));
            case Errno.EPERM -> device || !write
                    ? new TargetRefusedException(path, Reason.NO_PERMISSION, "operation not permitted (EPERM)")
                    : new TargetRefusedException(path, Reason.READ_ONLY, "is immutable or append-only (chattr +i or +a,"
                            + " see lsattr): it cannot be written, not even by root");
            case Errno.ENXIO, Errno.ENODEV, Errno.ENOMEDIUM -> new TargetRefusedException(path, Reason.NOT_FOUND,
                    "no such device (" + Errno.name(errno) + ")");
            case Errno.ENOENT -> new TargetRefusedException(path, Reason.BLOCKED,
                    "cannot reopen what was located through /proc/self/fd (is /proc mounted?)");
            default -> Errno.exception(path, "open", -1, errno);
        };
    }

    private TargetInfo deviceInfo(String path, int fd, Statx st, IoMode mode, Access access) throws TargetException {
        TargetIdentity identity = DescriptorFacts.identity(path, fd, sysfsRoot);
        SysfsBlock sysfs = DescriptorFacts.sysfs(path, st, sysfsRoot);
        int logical = DescriptorFacts.intIoctl(path, fd, BlockIoctl.BLKSSZGET, "BLKSSZGET");
        int physical = DescriptorFacts.intIoctl(path, fd, BlockIoctl.BLKPBSZGET, "BLKPBSZGET");
        if (access == Access.WRITE && DescriptorFacts.intIoctl(path, fd, BlockIoctl.BLKROGET, "BLKROGET") != 0) {
            throw new TargetRefusedException(path, Reason.READ_ONLY, "is a read-only device (BLKROGET)");
        }
        // Unknown alignment counts as aligned (it only costs speed); unknown rotation as rotational
        // (one request at a time is never harmful).
        long diskOffset = sysfs.partitionStartBytes().orElse(0);
        boolean rotational = sysfs.queue("rotational").orElse(1) != 0;
        boolean serial = rotational || sysfs.loopWithoutDirectIo();
        return new TargetInfo(path, sysfs.name(), "/dev/" + sysfs.name(), identity, identity.size(), logical,
                Math.max(physical, logical),
                diskOffset, rotational, mode, serial ? 1 : PARALLEL_DEPTH, Medium.ofDevice(sysfs, sysfsRoot, identity.loop()));
    }

    /**
     * Image files: named by what the descriptor leads to (a symlink's target, an inherited
     * descriptor's file), not by the path's last word; 512-byte units (or the file system's O_DIRECT
     * alignment where statx reports it), 4096-byte physical blocks, never rotational as far as the
     * request pattern is concerned.
     */
    private static TargetInfo fileInfo(String path, int fd, Statx st, IoMode mode) throws TargetException {
        int logical = mode == IoMode.DIRECT ? Math.max(512, st.dioOffsetAlign()) : 512;
        String real = DescriptorFacts.realPath(path, fd);
        Path name = Path.of(real).getFileName();
        return new TargetInfo(path, name == null ? real : name.toString(), real, DescriptorFacts.identity(path, fd, null),
                st.size(), logical, Math.max(4096, logical), 0, false, mode, PARALLEL_DEPTH, Medium.ofFile(fd));
    }
}
