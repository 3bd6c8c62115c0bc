package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Identity;
import dev.blockwipe.devices.LoopFacts;
import dev.blockwipe.devices.NaturalOrder;
import dev.blockwipe.devices.SysfsDisk;
import dev.blockwipe.devices.SysfsPartition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Reads every block device from sysfs ({@code <root>/block/*}): sizes, queue limits, identity,
 * disk sequence numbers, partitions, holders and slaves, and what each loop device is attached to.
 * The roots are constructor arguments so tests can build fake trees. An attribute that is absent
 * is left empty; one that exists but cannot be read is listed in {@link SysfsDisk#unreadable()},
 * which blocks the device.
 */
public final class SysfsScanner {
    private final Path root;
    private final LoopStatuses loops;

    /**
     * @param sysfsRoot "/sys"
     * @param devRoot   "/dev": loop devices are asked there (LOOP_GET_STATUS64) what they are attached to
     */
    public SysfsScanner(Path sysfsRoot, Path devRoot) {
        this.root = sysfsRoot;
        this.loops = new LoopStatuses(sysfsRoot, devRoot, Path.of("/proc"));
    }

    public List<SysfsDisk> scan() throws IOException {
        return scan(n -> true);
    }

    /**
     * @param lookedAt the loop devices whose backing file's file system is looked at (where writing
     *                 them may leave old data): a stat of a path that may lead onto a network or FUSE
     *                 file system, so only of the devices a command is about, as libblkid probes only those
     */
    public List<SysfsDisk> scan(Predicate<DeviceNumber> lookedAt) throws IOException {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(root.resolve("block"))) {
            dir.forEach(entries::add);
        }
        entries.sort(Comparator.comparing(e -> e.getFileName().toString(), NaturalOrder.INSTANCE));
        List<SysfsDisk> disks = new ArrayList<>(entries.size());
        for (Path entry : entries) {
            disks.add(disk(entry, lookedAt));
        }
        return disks;
    }

    /**
     * Names, sizes and holder lists of every device and partition, read without opening any
     * device: what changes when a disk appears, goes, is resized, partitioned or taken by dm/md.
     */
    public String fingerprint() {
        StringBuilder sb = new StringBuilder();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(root.resolve("block"))) {
            for (Path entry : dir) {
                Path real = entry.toRealPath();
                Reader r = new Reader(real, "");
                String disk = entry.getFileName().toString();
                sb.append(disk).append(' ').append(r.text("size")).append(r.text("ro")).append(r.links("holders"))
                        .append(r.text("diskseq")).append(r.text("loop/backing_file"));
                try (Stream<Path> children = Files.list(real)) {
                    children.filter(c -> partitionOf(c, disk)).sorted().forEach(c -> {
                        Reader p = new Reader(c, "");
                        sb.append(' ').append(c.getFileName()).append(p.text("start")).append('+').append(p.text("size"))
                                .append(p.text("ro")).append(p.links("holders"));
                    });
                }
                sb.append('\n');
            }
        } catch (IOException e) {
            sb.append("unreadable: ").append(e.getMessage());
        }
        return sb.toString();
    }

    private SysfsDisk disk(Path entry, Predicate<DeviceNumber> lookedAt) throws IOException {
        String name = entry.getFileName().toString();
        Path dir = entry.toRealPath();
        Reader r = new Reader(dir, name);
        Reader q = new Reader(dir.resolve("queue"), name + "/queue");
        DeviceNumber number = r.deviceNumber();
        long size = r.number("size");
        boolean loopDevice = name.matches("loop\\d+");
        // a loop device with nothing attached has no partitions and no identity, and the inventory leaves it out
        boolean detachedLoop = loopDevice && size == 0;
        List<SysfsPartition> partitions = detachedLoop ? List.of() : partitions(dir, name, r);
        Identity identity = detachedLoop ? Identity.NONE : identity(dir, r.problems());
        LoopFacts loop = LoopFacts.NONE;
        if (loopDevice && size > 0) {
            loop = loops.read(name, number, dir, r.problems(), lookedAt.test(number));
        }
        return new SysfsDisk(name, number, dir.toString(), size,
                (int) q.number("logical_block_size", 512), (int) q.number("physical_block_size", 512),
                q.number("rotational", 1) != 0, r.number("removable", 0) != 0, r.number("ro") != 0,
                q.number("discard_max_bytes", 0), q.number("write_zeroes_max_bytes", 0),
                (int) q.number("max_sectors_kb", 0), q.number("optimal_io_size", 0), identity,
                r.number("diskseq", 0), loop, r.text("dm/name"),
                r.text("dm/uuid"), r.links("holders"),
                r.links("slaves"), partitions, Stream.concat(r.problems().stream(), q.problems().stream()).toList());
    }

    private static List<SysfsPartition> partitions(Path dir, String name, Reader disk) throws IOException {
        List<SysfsPartition> partitions = new ArrayList<>();
        try (Stream<Path> children = Files.list(dir)) {
            for (Path child : children.sorted(Comparator.comparing(c -> c.getFileName().toString(),
                    NaturalOrder.INSTANCE)).toList()) {
                if (partitionOf(child, name)) {
                    partitions.add(partition(child, name, disk));
                }
            }
        }
        return partitions;
    }

    /**
     * Whether {@code child} of a disk's directory is one of its partitions: the kernel names a
     * partition after its disk ("sda1", "nvme0n1p1", "loop0p1"), and only then is its
     * {@code partition} attribute looked for. The name comes first because asking the file system
     * for each of the twenty-odd attributes of a disk's directory cost an exception each (see
     * {@link #present}).
     */
    static boolean partitionOf(Path child, String disk) {
        return child.getFileName().toString().startsWith(disk) && present(child.resolve("partition"));
    }

    /**
     * Whether {@code path} exists, by a stat that answers false instead of throwing. In JDK 17 an
     * absent file costs {@code Files.exists} and {@code Files.readString} a NoSuchFileException
     * with its stack trace, which is slow with C1 alone: a device has a dozen attributes that most
     * devices lack (serial, wwid, dm/name, ...), so a machine with many idle loop devices made a
     * wipe's checks measurably slower (src/docs/speed.md).
     */
    private static boolean present(Path path) {
        return path.toFile().exists();
    }

    private static SysfsPartition partition(Path dir, String diskName, Reader disk) {
        Reader r = new Reader(dir, diskName + "/" + dir.getFileName());
        SysfsPartition p = new SysfsPartition(dir.getFileName().toString(), r.deviceNumber(),
                (int) r.number("partition"), r.number("start"), r.number("size"), r.number("ro", 0) != 0,
                ueventValue(r.text("uevent"), "PARTNAME"), r.links("holders"));
        disk.problems().addAll(r.problems());
        return p;
    }

    /**
     * sysfs identity: SCSI/SATA disks have device/model, vendor, rev and a serial in VPD page 0x80;
     * NVMe controllers have device/model, serial, firmware_rev; virtio disks a serial; most have a wwid.
     * An attribute that is there but cannot be read goes to {@code problems}: "could not read the
     * serial" is not "no serial".
     */
    static Identity identity(Path dir, List<String> problems) {
        Reader r = new Reader(dir, dir.getFileName().toString());
        String serial = first(r.text("device/serial"), r.text("serial"), vpdSerial(dir.resolve("device/vpd_pg80"), r),
                usbSerial(dir));
        String wwn = worldWideName(first(r.text("wwid"), scsiWwid(dir, r)));
        Identity identity = new Identity(r.text("device/model"), r.text("device/vendor"), serial, wwn,
                first(r.text("device/rev"), r.text("device/firmware_rev")));
        problems.addAll(r.problems());
        return identity;
    }

    /**
     * A wwid that is a world wide name: an NAA name ("naa.", SAS and SATA disks that have one), an
     * EUI-64 or NGUID ("eui.") or an NVMe namespace UUID ("uuid."). Where a disk has none, the
     * kernel makes a wwid of the T10 vendor ID with its model and serial ("t10.ATA     TESTSSD …
     * SSD0001": what libata answers for a SATA disk without a WWN) or of the NVMe controller's
     * vendor, serial and model ("nvme.1b36-…"): those are the disk's model and serial over again,
     * not a name the world over, and no WWN is reported.
     */
    static String worldWideName(String wwid) {
        return wwid.startsWith("naa.") || wwid.startsWith("eui.") || wwid.startsWith("uuid.") ? wwid : "";
    }

    /**
     * A SCSI disk's {@code device/wwid}, which the kernel makes from the designators of VPD page
     * 0x83 (Device Identification) that name the logical unit: T10 vendor ID, EUI-64, NAA or SCSI
     * name string. A disk without the page (most USB bridges, QEMU's USB disk) reads ENXIO there, and
     * one whose page holds none of them EINVAL: both report no WWN, which is not "cannot be read".
     * Any other failure still is.
     */
    private static String scsiWwid(Path dir, Reader r) {
        Path page = dir.resolve("device/vpd_pg83");
        if (!present(page)) {
            return "";
        }
        if (!namesTheUnit(page)) {
            return "";
        }
        return r.text("device/wwid");
    }

    /** Whether VPD page 0x83 holds a designator of the logical unit that the kernel turns into a wwid. */
    private static boolean namesTheUnit(Path page) {
        byte[] b;
        try {
            b = Files.readAllBytes(page);
        } catch (IOException e) {
            return true; // then the wwid is read, and its failure says what went wrong
        }
        int end = Math.min(b.length, 4 + (((b[2] & 0xFF) << 8) | (b[3] & 0xFF)));
        for (int at = 4; at + 4 <= end; at += 4 + (b[at + 3] & 0xFF)) {
            int association = (b[at + 1] >> 4) & 0x3;
            int type = b[at + 1] & 0xF;
            if (association == 0 && (type == 1 || type == 2 || type == 3 || type == 8)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The serial number of the USB device a disk sits behind (its {@code serial}, the iSerialNumber
     * of its USB descriptor: what udev names it by), for a bridge that answers no VPD page 0x80; empty
     * when the disk is not on USB or the device reports none. Read as a fact of the kernel's, so the
     * serial is there without a udev database too.
     */
    private static String usbSerial(Path dir) {
        if (!dir.toString().contains("/usb")) {
            return "";
        }
        for (Path p = dir.getParent(); p != null && p.getFileName() != null && !p.getFileName().toString().equals("devices");
             p = p.getParent()) {
            if (present(p.resolve("idVendor"))) {
                try {
                    return present(p.resolve("serial")) ? Files.readString(p.resolve("serial")).strip() : "";
                } catch (IOException e) {
                    return "";
                }
            }
        }
        return "";
    }

    /** SCSI VPD page 0x80 (Unit Serial Number): 4-byte header, then the serial as ASCII. */
    private static String vpdSerial(Path page, Reader problems) {
        if (!present(page)) {
            return "";
        }
        try {
            byte[] b = Files.readAllBytes(page);
            if (b.length < 4 || (b[1] & 0xFF) != 0x80) {
                return "";
            }
            int len = Math.min(((b[2] & 0xFF) << 8) | (b[3] & 0xFF), b.length - 4);
            return new String(b, 4, len, StandardCharsets.US_ASCII).strip();
        } catch (NoSuchFileException e) {
            return "";
        } catch (IOException e) {
            problems.problem("device/vpd_pg80 (" + e.getMessage() + ")");
            return "";
        }
    }

    private static String ueventValue(String uevent, String key) {
        return uevent.lines().filter(l -> l.startsWith(key + "=")).map(l -> l.substring(key.length() + 1))
                .findFirst().orElse("");
    }

    private static String first(String... values) {
        for (String v : values) {
            if (!v.isBlank()) {
                return v;
            }
        }
        return "";
    }

    /** Reads attributes of one directory and remembers which ones existed but could not be read. */
    private static final class Reader {
        private final Path dir;
        private final String label;
        private final List<String> problems = new ArrayList<>();

        /** @param label how problems name this directory: "sda", "sda/queue", "sda/sda1" */
        Reader(Path dir, String label) {
            this.dir = dir;
            this.label = label;
        }

        String text(String attribute) {
            Path file = dir.resolve(attribute);
            if (!present(file)) {
                return "";
            }
            try {
                return Files.readString(file).strip();
            } catch (NoSuchFileException e) {
                return "";
            } catch (IOException e) {
                problem(attribute + " (" + e.getMessage() + ")");
                return "";
            }
        }

        /** A number that must be there: absent or garbled counts as unreadable (once). */
        long number(String attribute) {
            int before = problems.size();
            String value = text(attribute);
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                if (problems.size() == before) {
                    problem(attribute + (value.isEmpty() ? " (missing)" : " ('" + value + "')"));
                }
                return 0;
            }
        }

        /**
         * The device number; without it the device cannot be matched to mounts or targets, so an
         * unreadable one is a problem (which blocks the device), and -1:-1 matches nothing.
         */
        DeviceNumber deviceNumber() {
            int before = problems.size();
            String value = text("dev");
            try {
                return DeviceNumber.parse(value);
            } catch (IllegalArgumentException e) {
                if (problems.size() == before) {
                    problem("dev (" + (value.isEmpty() ? "missing" : "'" + value + "'") + ")");
                }
                return new DeviceNumber(-1, -1);
            }
        }

        /** A number with a default for kernels or devices that do not have it. */
        long number(String attribute, long absent) {
            String value = text(attribute);
            if (value.isEmpty()) {
                return absent;
            }
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                problem(attribute + " ('" + value + "')");
                return absent;
            }
        }

        List<String> links(String subdir) {
            Path d = dir.resolve(subdir);
            if (!d.toFile().isDirectory()) {
                return List.of();
            }
            try (Stream<Path> s = Files.list(d)) {
                return s.map(p -> p.getFileName().toString()).sorted().toList();
            } catch (IOException e) {
                problem(subdir + " (" + e.getMessage() + ")");
                return List.of();
            }
        }

        void problem(String what) {
            problems.add("sysfs " + label + "/" + what);
        }

        List<String> problems() {
            return problems;
        }
    }
}
