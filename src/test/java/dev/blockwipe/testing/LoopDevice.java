package dev.blockwipe.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/**
 * A loop device over an image file that the test creates and always removes (mounts first). These
 * are the only block devices tests may touch.
 */
public final class LoopDevice implements AutoCloseable {
    private final Path image;
    private final String device;
    private final boolean ownsImage;
    private final List<Path> mountPoints = new ArrayList<>();

    private LoopDevice(Path image, String device, boolean ownsImage) {
        this.image = image;
        this.device = device;
        this.ownsImage = ownsImage;
    }

    /**
     * Skips the calling test, with the reason, where loop devices cannot be made; under CI (the
     * {@code CI} variable set) it fails instead, so CI can never go green without these tests.
     */
    public static void assumeAvailable() {
        Sh.require(Sh.isRoot(), "needs root to create loop devices (CI runs as root)");
        Sh.require(Files.exists(Path.of("/dev/loop-control")), "needs the loop driver (/dev/loop-control)");
        Sh.require(Sh.onPath("losetup"), "needs losetup (util-linux)");
    }

    /**
     * @param dir     where the image file goes (a folder on /dev/shm makes a memory-backed device)
     * @param options extra losetup options ("-r" read-only, "--sector-size" "4096", "--direct-io=on")
     */
    public static LoopDevice create(Path dir, long size, String... options) throws IOException {
        return create(dir, size, true, options);
    }

    /** A loop device the kernel scans no partition table on (losetup without -P), as plain {@code losetup -f} makes. */
    public static LoopDevice createUnscanned(Path dir, long size) throws IOException {
        return create(dir, size, false);
    }

    private static LoopDevice create(Path dir, long size, boolean partitionScan, String... options) throws IOException {
        assumeAvailable();
        Path image = Files.createTempFile(dir, "blockwipe-test-", ".img");
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(size);
        }
        List<String> cmd = new ArrayList<>(List.of("losetup", "-f", "--show"));
        if (partitionScan) {
            cmd.add("-P");
        }
        cmd.addAll(List.of(options));
        cmd.add(image.toString());
        try {
            return new LoopDevice(image, Sh.run(cmd.toArray(String[]::new)), true);
        } catch (AssertionError e) {
            Files.deleteIfExists(image);
            throw e;
        }
    }

    /**
     * A loop device over something that exists already (a file another test fixture owns, or a
     * block device such as another loop device's partition); closing it leaves that alone.
     */
    public static LoopDevice over(String backing, String... options) {
        assumeAvailable();
        List<String> cmd = new ArrayList<>(List.of("losetup", "-f", "--show", "-P"));
        cmd.addAll(List.of(options));
        cmd.add(backing);
        return new LoopDevice(Path.of(backing), Sh.run(cmd.toArray(String[]::new)), false);
    }

    public String path() {
        return device;
    }

    public String name() {
        return Path.of(device).getFileName().toString();
    }

    public Path image() {
        return image;
    }

    public String partition(int n) {
        return device + "p" + n;
    }

    /**
     * Writes a partition table with sfdisk (script syntax) and has the kernel add the partitions.
     * When that fails the device is removed again: the caller has no handle on it yet.
     */
    public LoopDevice partition(String sfdiskScript) throws IOException {
        try {
            Sh.require(Sh.onPath("sfdisk"), "needs sfdisk (Debian package fdisk)");
            Sh.runWithInput(sfdiskScript, "sfdisk", "-q", "--force", "--no-reread", device);
            Sh.run("partx", "-a", device);
            return this;
        } catch (RuntimeException | Error e) {
            try {
                close();
            } catch (IOException | RuntimeException | Error cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    public LoopDevice fillRandom(String path, long seed) throws IOException {
        byte[] buf = new byte[1 << 20];
        Random random = new Random(seed);
        long size = sizeOf(path);
        try (RandomAccessFile f = new RandomAccessFile(path, "rw")) {
            for (long off = 0; off < size; off += buf.length) {
                random.nextBytes(buf);
                f.write(buf, 0, (int) Math.min(buf.length, size - off));
            }
            f.getFD().sync();
        }
        return this;
    }

    /**
     * Detaches the device and attaches the same device number to {@code other} (as a technician
     * swapping media would); {@link #close} still detaches it, the caller deletes {@code other}.
     */
    public void attachAgain(Path other) {
        Sh.run("losetup", "-d", device);
        Sh.run("losetup", "-P", device, other.toString());
    }

    public void mount(String partitionPath, Path mountPoint) {
        Sh.run("mount", partitionPath, mountPoint.toString());
        mountPoints.add(mountPoint);
    }

    /**
     * ext4 on {@code device}, mounted in a mount namespace of its own (on a folder made in {@code dir}),
     * until the returned process is destroyed: no mount table of this namespace shows it.
     */
    public static Process mountedInAnotherNamespace(String device, Path dir) throws IOException {
        Sh.require(Sh.onPath("unshare"), "needs unshare (util-linux)");
        Sh.run("mkfs.ext4", "-q", "-F", device);
        Path mnt = Files.createTempDirectory(dir, "ns-mount");
        Process p = new ProcessBuilder("unshare", "-m", "--propagation", "private", "sh", "-c",
                "mount " + device + " " + mnt + " && echo mounted && exec sleep 120").start();
        String line = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream())).readLine();
        if (!"mounted".equals(line)) {
            p.destroyForcibly();
            throw new AssertionError("could not mount " + device + " in another mount namespace: " + line);
        }
        return p;
    }

    /**
     * The kernel detaches a loop device when its last user closes it: a program that is looking
     * at it that moment (a Blockwipe window, udev's blkid) keeps the backing file in use a moment
     * longer, and the file system it is on could not be unmounted yet. Waits up to 2 s for that; a
     * device something keeps for longer (a mount of it that the test removes later) is left to the kernel.
     */
    private void awaitDetached() {
        Path backing = Path.of("/sys/block", name(), "loop");
        for (int i = 0; i < 80 && Files.exists(backing); i++) {
            try {
                Thread.sleep(25);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Bytes in a block device or file. */
    public static long sizeOf(String path) throws IOException {
        Path p = Path.of(path);
        return Files.isRegularFile(p) ? Files.size(p) : Long.parseLong(Sh.run("blockdev", "--getsize64", path));
    }

    public static String sha256(String path) throws IOException {
        try (InputStream in = Files.newInputStream(Path.of(path))) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 20];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** True when every byte of {@code path} is zero (read through the page cache, as an auditor's cmp would). */
    public static boolean allZero(String path) throws IOException {
        return allZero(path, 0, Long.MAX_VALUE);
    }

    /** True when every byte of {@code path} from {@code offset}, for {@code length} bytes or to its end, is zero. */
    public static boolean allZero(String path, long offset, long length) throws IOException {
        try (InputStream in = Files.newInputStream(Path.of(path))) {
            in.skipNBytes(offset);
            byte[] buf = new byte[1 << 20];
            long left = length;
            for (int n; left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) > 0; left -= n) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] != 0) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    public static byte[] read(String path, long offset, int length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(path, "r")) {
            byte[] out = new byte[length];
            f.seek(offset);
            f.readFully(out);
            return out;
        }
    }

    @Override
    public void close() throws IOException {
        AssertionError failure = null;
        for (Path mp : mountPoints) {
            try {
                Sh.run("umount", mp.toString());
            } catch (AssertionError e) {
                failure = e;
            }
        }
        // a detach the test made itself (the kernel finishes it when the last user closes) is done already
        if (Files.exists(Path.of("/sys/block", name(), "loop"))) {
            try {
                Sh.run("losetup", "-d", device);
                awaitDetached();
            } catch (AssertionError e) {
                failure = failure == null ? e : failure;
            }
        }
        if (ownsImage) {
            Files.deleteIfExists(image);
        }
        if (failure != null) {
            throw failure;
        }
    }
}
