package dev.blockwipe.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A fake sysfs tree laid out like the kernel's: each device's real directory under
 * {@code devices/...}, with {@code block/NAME} (disks only), {@code class/block/NAME} and
 * {@code dev/block/MAJ:MIN} links to it; partitions as child directories of their disk. Every
 * call writes its files at once, so a test can change the tree between two scans. Defaults:
 * 1 GiB, writable, not removable, non-rotational, 512-byte blocks, no identity.
 */
public final class FakeSysfs {
    private final Path root;

    public FakeSysfs(Path root) {
        this.root = root;
        mkdirs(root.resolve("block"));
        mkdirs(root.resolve("dev/block"));
        mkdirs(root.resolve("class/block"));
    }

    public Path root() {
        return root;
    }

    /** The device directory of a SATA disk on port {@code port} (1-based). */
    public static String sata(int port, String name) {
        int host = port - 1;
        return "pci0000:00/0000:00:1f.2/ata" + port + "/host" + host + "/target" + host + ":0:0/" + host
                + ":0:0:0/block/" + name;
    }

    public static String nvme(String name) {
        return "pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/" + name;
    }

    public static String usb(String name) {
        return "pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/host6/target6:0:0/6:0:0:0/block/" + name;
    }

    public static String virtio(String name) {
        return "pci0000:00/0000:00:04.0/virtio2/block/" + name;
    }

    /** Loop, md, dm and zram devices live in devices/virtual/block. */
    public static String virtual(String name) {
        return "virtual/block/" + name;
    }

    /**
     * A whole device in {@code devices/<location>}, named after the location's last element.
     *
     * @param number "8:0"
     */
    public Disk disk(String location, String number) {
        Path dir = root.resolve("devices").resolve(location);
        String name = dir.getFileName().toString();
        mkdirs(dir);
        link(root.resolve("block").resolve(name), dir);
        link(root.resolve("dev/block").resolve(number), dir);
        link(root.resolve("class/block").resolve(name), dir);
        Disk d = new Disk(dir, number);
        d.attr("dev", number).sectors(2L * 1024 * 1024).attr("ro", "0").attr("removable", "0");
        d.queue("logical_block_size", 512).queue("physical_block_size", 512).queue("rotational", 0)
                .queue("discard_max_bytes", 0).queue("write_zeroes_max_bytes", 0).queue("max_sectors_kb", 1280)
                .queue("optimal_io_size", 0);
        return d;
    }

    /** Attributes shared by disks and partitions. */
    public abstract class Node<T extends Node<T>> {
        final Path dir;

        Node(Path dir) {
            this.dir = dir;
        }

        abstract T self();

        public Path dir() {
            return dir;
        }

        public String name() {
            return dir.getFileName().toString();
        }

        /** Writes {@code <dir>/<relative>} with a newline, as the kernel does. */
        public T attr(String relative, Object value) {
            write(dir.resolve(relative), (value + "\n").getBytes(StandardCharsets.US_ASCII));
            return self();
        }

        /** Size in 512-byte sectors, whatever the block size. */
        public T sectors(long sectors) {
            return attr("size", sectors);
        }

        public T readOnly(boolean ro) {
            return attr("ro", ro ? 1 : 0);
        }

        /** Entries of holders/: links to the devices built on this one (dangling until they are added). */
        public T holders(String... names) {
            return links("holders", names);
        }

        /** Replaces the attribute with a directory: it exists but reading it fails. */
        public T unreadable(String relative) {
            Path p = dir.resolve(relative);
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            mkdirs(p);
            return self();
        }

        T links(String subdir, String... names) {
            Path d = dir.resolve(subdir);
            mkdirs(d);
            for (String n : names) {
                link(d.resolve(n), root.resolve("class/block").resolve(n));
            }
            return self();
        }
    }

    public final class Disk extends Node<Disk> {
        private final String number;

        private Disk(Path dir, String number) {
            super(dir);
            this.number = number;
        }

        @Override
        Disk self() {
            return this;
        }

        public Disk queue(String attribute, long value) {
            return attr("queue/" + attribute, value);
        }

        public Disk blockSizes(int logical, int physical) {
            return queue("logical_block_size", logical).queue("physical_block_size", physical);
        }

        public Disk rotational(boolean rotational) {
            return queue("rotational", rotational ? 1 : 0);
        }

        public Disk removable(boolean removable) {
            return attr("removable", removable ? 1 : 0);
        }

        public Disk model(String model) {
            return attr("device/model", model);
        }

        public Disk vendor(String vendor) {
            return attr("device/vendor", vendor);
        }

        /** The driver its SCSI device is bound to ("sd", "sr"): {@code device/driver} links to {@code bus/scsi/drivers/NAME}. */
        public Disk driver(String name) {
            Path driver = root.resolve("bus/scsi/drivers").resolve(name);
            mkdirs(driver);
            mkdirs(dir.resolve("device"));
            link(dir.resolve("device/driver"), driver);
            return this;
        }

        /** SCSI/SATA style: VPD page 0x80 holds the serial behind a 4-byte header. */
        public Disk vpdSerial(String serial) {
            byte[] ascii = serial.getBytes(StandardCharsets.US_ASCII);
            ByteBuffer page = ByteBuffer.allocate(4 + ascii.length);
            page.put((byte) 0).put((byte) 0x80).putShort((short) ascii.length).put(ascii);
            write(dir.resolve("device/vpd_pg80"), page.array());
            return this;
        }

        /**
         * SCSI style: VPD page 0x83 (Device Identification) with one designator of the logical unit,
         * of {@code type} (1 T10 vendor ID, 2 EUI-64, 3 NAA, 8 SCSI name; 0 vendor specific, which
         * the kernel makes no wwid of).
         */
        public Disk vpdDesignator(int type, byte[] designator) {
            ByteBuffer page = ByteBuffer.allocate(8 + designator.length);
            page.put((byte) 0).put((byte) 0x83).putShort((short) (4 + designator.length));
            page.put((byte) 1).put((byte) type).put((byte) 0).put((byte) designator.length).put(designator);
            write(dir.resolve("device/vpd_pg83"), page.array());
            return this;
        }

        /** A loop device attached to {@code path} (which must exist: the scanner stats it), offset 0, no limit. */
        public Disk backingFile(String path) {
            return attr("loop/backing_file", path).attr("loop/offset", "0").attr("loop/sizelimit", "0");
        }

        public Disk mapper(String name, String uuid) {
            return attr("dm/name", name).attr("dm/uuid", uuid);
        }

        /**
         * A hwmon sensor: {@code <dir>/<hwmonDir>/temp1_input} in millidegrees Celsius
         * ("device/hwmon/hwmon3" for drivetemp, "../hwmon2" for an NVMe controller).
         */
        public Disk hwmon(String hwmonDir, long millidegrees) {
            write(dir.resolve(hwmonDir).normalize().resolve("temp1_input"),
                    (millidegrees + "\n").getBytes(StandardCharsets.US_ASCII));
            return this;
        }

        /** An NVMe namespace's device link: its controller, the directory it sits in. */
        public Disk deviceIsParent() {
            link(dir.resolve("device"), dir.getParent());
            return this;
        }

        /** A native-multipath NVMe head: multipath/NAME links to a path device in {@code devices/<location>}. */
        public Disk multipathPath(String location) {
            Path path = root.resolve("devices").resolve(location);
            mkdirs(path);
            mkdirs(dir.resolve("multipath"));
            link(dir.resolve("multipath").resolve(path.getFileName()), path);
            return this;
        }

        /** Entries of slaves/: the devices this one is built on. */
        public Disk slaves(String... names) {
            return links("slaves", names);
        }

        /**
         * Partition {@code n}, named as the kernel names it (sda1, nvme0n1p1) and numbered
         * {@code minor of the disk + n}.
         */
        public Part partition(int n, long startSector, long sectors) {
            String diskName = name();
            String name = diskName + (Character.isDigit(diskName.charAt(diskName.length() - 1)) ? "p" : "") + n;
            String[] majMin = number.split(":");
            String partNumber = majMin[0] + ":" + (Integer.parseInt(majMin[1]) + n);
            Path p = dir.resolve(name);
            mkdirs(p);
            link(root.resolve("dev/block").resolve(partNumber), p);
            link(root.resolve("class/block").resolve(name), p);
            return new Part(p, this, n).attr("dev", partNumber).attr("partition", n).attr("start", startSector)
                    .sectors(sectors).attr("ro", 0).entryName("");
        }
    }

    public final class Part extends Node<Part> {
        private final Disk disk;
        private final int n;

        private Part(Path dir, Disk disk, int n) {
            super(dir);
            this.disk = disk;
            this.n = n;
        }

        @Override
        Part self() {
            return this;
        }

        public Disk disk() {
            return disk;
        }

        /** The uevent file, with PARTNAME (the GPT entry name) when not empty. */
        public Part entryName(String partName) {
            String uevent = "DEVNAME=" + name() + "\nDEVTYPE=partition\nPARTN=" + n + "\n"
                    + (partName.isEmpty() ? "" : "PARTNAME=" + partName + "\n");
            write(dir.resolve("uevent"), uevent.getBytes(StandardCharsets.US_ASCII));
            return this;
        }
    }

    private static void write(Path file, byte[] content) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void mkdirs(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A relative symbolic link, as sysfs has them. */
    private static void link(Path link, Path target) {
        try {
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, link.getParent().relativize(target));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
