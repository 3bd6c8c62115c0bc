package dev.blockwipe.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real faulty block device: a loop device over a file that a small FUSE file system
 * ({@code faulty_disk.py}, Debian's python3-fusepy) serves from a backing file, with a control
 * file that makes chosen ranges fail with an errno, every request slow, one request stall, the
 * whole disk die, or writes come back short ({@link #imageFile}: the FUSE file alone, wiped as an
 * image file). The test owns everything it makes and removes it on close: the loop device, the
 * mount, the FUSE process and the files.
 */
public final class FaultyDisk implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Debian's Python, which python3-fusepy is installed for (a python3 earlier on the PATH may lack it). */
    private static final String PYTHON = Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
    private final Path dir;
    private final Path backing;
    private final Path mountPoint;
    private final Process fuse;
    private LoopDevice loop;

    private FaultyDisk(Path dir, Path backing, Path mountPoint, Process fuse) {
        this.dir = dir;
        this.backing = backing;
        this.mountPoint = mountPoint;
        this.fuse = fuse;
    }

    /**
     * Skips the calling test, with the reason, where FUSE or the Python binding are missing; under
     * CI it fails instead.
     */
    public static void assumeAvailable() {
        LoopDevice.assumeAvailable();
        Sh.require(Files.exists(Path.of("/dev/fuse")), "needs FUSE (/dev/fuse)");
        Sh.require(PYTHON.startsWith("/") || Sh.onPath(PYTHON), "needs python3");
        boolean fusepy;
        try {
            Sh.run(PYTHON, "-c", "import fusepy");
            fusepy = true;
        } catch (AssertionError e) {
            fusepy = false;
        }
        Sh.require(fusepy, "needs the Python FUSE binding (Debian package python3-fusepy)");
    }

    /** A faulty disk of {@code size} bytes (zeroes), its files under {@code dir}: a loop device over the FUSE file. */
    public static FaultyDisk create(Path dir, long size) throws IOException {
        FaultyDisk disk = mount(dir, size);
        try {
            disk.loop = LoopDevice.over(disk.file().toString());
            disk.limitRequests();
            return disk;
        } catch (RuntimeException | Error e) {
            disk.closeAfter(e);
            throw e;
        }
    }

    /**
     * The loop device gets requests of at most 128 KiB, each one FUSE write. On this kernel (6.18)
     * a loop request over a FUSE file that FUSE splits into several writes, one of which the file
     * system refuses, can complete without an error while part of it was never written (dd of
     * 1 MiB over a bad range: no error, 12 KiB of old data left; the same with direct I/O): the
     * test disk would then not report the bad sectors it is told to have. Split by the block layer
     * instead, every failing piece fails its request, as a disk's would.
     */
    private void limitRequests() throws IOException {
        Files.writeString(Path.of("/sys/block", loop.name(), "queue/max_sectors_kb"), "128");
    }

    /** A faulty image file of {@code size} bytes (zeroes): the FUSE file itself, no loop device over it. */
    public static FaultyDisk imageFile(Path dir, long size) throws IOException {
        return mount(dir, size);
    }

    private static FaultyDisk mount(Path dir, long size) throws IOException {
        assumeAvailable();
        Path backing = dir.resolve("faulty-backing.img");
        try (RandomAccessFile f = new RandomAccessFile(backing.toFile(), "rw")) {
            f.setLength(size);
        }
        Path mountPoint = Files.createDirectories(dir.resolve("faulty-mnt"));
        Process fuse = new ProcessBuilder(PYTHON, script().toString(), backing.toString(), mountPoint.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("faulty-disk.log").toFile()).start();
        FaultyDisk disk = new FaultyDisk(dir, backing, mountPoint, fuse);
        try {
            disk.awaitMount();
            return disk;
        } catch (IOException | RuntimeException | Error e) {
            disk.closeAfter(e);
            throw e;
        }
    }

    private void closeAfter(Throwable failure) {
        try {
            close();
        } catch (IOException | RuntimeException | Error cleanup) {
            failure.addSuppressed(cleanup);
        }
    }

    private static Path script() {
        try {
            return Path.of(FaultyDisk.class.getResource("faulty_disk.py").toURI());
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    private void awaitMount() throws IOException {
        Instant deadline = Instant.now().plusSeconds(30);
        while (!Files.exists(mountPoint.resolve("disk.img"))) {
            if (!fuse.isAlive()) {
                throw new AssertionError("the FUSE file system did not start: " + Files.readString(dir.resolve("faulty-disk.log")));
            }
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("the FUSE file system did not show disk.img within 30 s");
            }
            sleep(Duration.ofMillis(50));
        }
    }

    /** What Blockwipe wipes: the loop device, or the FUSE file of an {@link #imageFile}. */
    public String path() {
        return loop != null ? loop.path() : file().toString();
    }

    /** The name a confirmation takes. */
    public String name() {
        return loop != null ? loop.name() : file().getFileName().toString();
    }

    /** The file behind it: what really reached the disk. */
    public Path backing() {
        return backing;
    }

    /** The FUSE file: what a loop device over it, or an image-file wipe, reads and writes. */
    public Path file() {
        return mountPoint.resolve("disk.img");
    }

    /** Changes how the disk behaves from now on (see faulty_disk.py for the keys). */
    public FaultyDisk control(Map<String, Object> settings) throws IOException {
        Files.write(mountPoint.resolve("ctl"), JSON.writeValueAsBytes(settings));
        return this;
    }

    /** Writes touching [offset, offset + length) fail with EIO. */
    public FaultyDisk failingWrites(long... offsetLengthPairs) throws IOException {
        return control(Map.of("writeErrors", ranges(offsetLengthPairs)));
    }

    /** Reads touching [offset, offset + length) fail with EIO. */
    public FaultyDisk failingReads(long... offsetLengthPairs) throws IOException {
        return control(Map.of("readErrors", ranges(offsetLengthPairs)));
    }

    private static List<List<Object>> ranges(long... pairs) {
        return java.util.stream.IntStream.range(0, pairs.length / 2)
                .mapToObj(i -> List.<Object>of(pairs[2 * i], pairs[2 * i + 1], "EIO")).toList();
    }

    /** The disk's state: the settings, "requests" served and "stalled" requests now. */
    public JsonNode state() throws IOException {
        return JSON.readTree(Files.readAllBytes(mountPoint.resolve("ctl")));
    }

    /** Waits until a request is stalled at stallAt. */
    public void awaitStall(Duration timeout) throws IOException {
        Instant deadline = Instant.now().plus(timeout);
        while (state().path("stalled").asInt() == 0) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("no request stalled within " + timeout);
            }
            sleep(Duration.ofMillis(20));
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() throws IOException {
        AssertionError failure = null;
        try {
            if (Files.exists(mountPoint.resolve("ctl"))) {
                control(Map.of("stallAt", -1, "dead", false, "delay", 0));
            }
        } catch (IOException e) {
            // a disk that cannot be told any more is unmounted below anyway
        }
        if (loop != null) {
            try {
                loop.close();
            } catch (AssertionError e) {
                failure = e;
            }
        }
        try {
            Sh.run("umount", mountPoint.toString());
        } catch (AssertionError e) {
            if (fuse.isAlive()) {
                Sh.run("umount", "-l", mountPoint.toString());
            }
        }
        fuse.destroy();
        try {
            if (!fuse.waitFor(10, TimeUnit.SECONDS)) {
                fuse.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(backing);
        Files.deleteIfExists(mountPoint);
        if (failure != null) {
            throw failure;
        }
    }
}
