package dev.blockwipe.linux;

import dev.blockwipe.devices.TestDisks;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Test disks as image files on loop devices, with a GPT table, an ext4 and a vfat partition and
 * some files. Needs root and the usual tools (losetup, sfdisk, partx, mkfs.ext4, mkfs.vfat, mount).
 */
public final class LoopTestDisks implements TestDisks {
    private static final long SIZE = 256L << 20;
    /** mkfs on a 256 MiB loop device ends in well under a second; a tool still running after a minute hangs. */
    private static final Duration TOOL_TIMEOUT = Duration.ofMinutes(1);

    private final Path dir;

    /** @param dir where the image files go (not tmpfs: the disk should behave like a disk) */
    public LoopTestDisks(Path dir) {
        this.dir = dir;
    }

    @Override
    public TestDisk create() throws IOException {
        Path image = Files.createTempFile(dir, "blockwipe-test-disk-", ".img");
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(SIZE);
        }
        String device;
        try {
            device = run(null, "losetup", "-f", "--show", "-P", image.toString());
        } catch (IOException e) {
            Files.deleteIfExists(image);
            throw e;
        }
        TestDisk disk = new TestDisk(device, image);
        try {
            run("label: gpt\nsize=160M,name=lab-data\nsize=+,name=lab-efi\n", "sfdisk", "-q", "--no-reread", device);
            run(null, "partx", "-a", device);
            run(null, "mkfs.ext4", "-q", "-F", "-L", "lab-data", device + "p1");
            run(null, "mkfs.vfat", "-n", "LAB-EFI", device + "p2");
            fill(device + "p1");
            return disk;
        } catch (IOException e) {
            remove(disk);
            throw e;
        }
    }

    /** Detaches the loop device and deletes the image. */
    @Override
    public void remove(TestDisk disk) throws IOException {
        try {
            run(null, "losetup", "-d", disk.device());
        } finally {
            Files.deleteIfExists(disk.image());
        }
    }

    /** Some files worth wiping: a note, a few text files, 8 MiB of random data. */
    private static void fill(String partition) throws IOException {
        Path mnt = Files.createTempDirectory("blockwipe-test-disk-");
        run(null, "mount", partition, mnt.toString());
        try {
            Files.writeString(mnt.resolve("README.txt"), "Test data written by Blockwipe at " + Instant.now()
                    + ".\nWipe this disk and check that none of it is left.\n", StandardCharsets.UTF_8);
            Path docs = Files.createDirectory(mnt.resolve("documents"));
            for (int i = 1; i <= 5; i++) {
                Files.writeString(docs.resolve("report-" + i + ".txt"), ("Quarterly figures, part " + i + "\n").repeat(200));
            }
            byte[] data = new byte[8 << 20];
            new SecureRandom().nextBytes(data);
            Files.write(mnt.resolve("data.bin"), data);
        } finally {
            run(null, "umount", mnt.toString());
            Files.deleteIfExists(mnt);
        }
    }

    /** A tool's output; a status other than 0 or no end within a minute is an IOException that says so. */
    private static String run(String input, String... command) throws IOException {
        return Programs.output(input, TOOL_TIMEOUT, command);
    }

    /** The tools a test disk needs that are not on PATH. */
    @Override
    public List<String> missingTools() {
        List<String> missing = new ArrayList<>();
        for (String tool : new String[] {"losetup", "sfdisk", "partx", "mkfs.ext4", "mkfs.vfat", "mount", "umount"}) {
            if (Programs.onPath(tool).isEmpty()) {
                missing.add(tool);
            }
        }
        return missing;
    }
}
