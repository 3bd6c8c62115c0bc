package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.testing.Cli;
import dev.blockwipe.testing.LoopDevice;
import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** What scenarios do inside the lab's guest: load drivers, run udev, read what the kernel says, list and wipe. */
final class Guest {
    /** Where scsi_debug is driven at run time: {@code add_host} reads the number of hosts, takes 1 and -1. */
    private static final Path SCSI_DEBUG = Path.of("/sys/bus/pseudo/drivers/scsi_debug");

    private Guest() {
    }

    /** Fails a scenario class run anywhere but in the lab's guest, where it would touch the host's devices. */
    static void require() throws IOException {
        assertThat(Files.readString(Path.of("/proc/cmdline"))).as("runs only in the lab's guest (src/test/vm/lab.sh)")
                .contains("lab.command=");
    }

    /** {@code modprobe MODULE [PARAM=VALUE...]}. */
    /** Loads each of {@code modules} (without parameters). */
    static void drivers(String... modules) {
        for (String module : modules) {
            modprobe(module);
        }
    }

    static void modprobe(String module, String... parameters) {
        String[] command = new String[parameters.length + 2];
        command[0] = "modprobe";
        command[1] = module;
        System.arraycopy(parameters, 0, command, 2, parameters.length);
        Sh.run(command);
    }

    /**
     * Starts udev as a distribution runs it (unless a scenario class before in the same guest did),
     * replays the devices' events and waits until they are handled.
     */
    static void udev() {
        if (!Files.exists(Path.of("/run/udev/control"))) {
            Sh.run("/lib/systemd/systemd-udevd", "--daemon");
        }
        Sh.run("udevadm", "trigger", "--action=add");
        settle();
    }

    /** Waits until udev has handled every event so far (links in /dev/disk, its probes after a close). */
    static void settle() {
        Sh.run("udevadm", "settle", "--timeout=60");
    }

    /**
     * A sysfs attribute of a disk, as the kernel reports it: "" when it has none, or when the kernel
     * refuses the read (a SCSI disk without VPD page 0x83 answers ENXIO for its wwid).
     */
    static String sysfs(String disk, String attribute) {
        Path file = Path.of("/sys/block", disk, attribute);
        try {
            return Files.exists(file) ? Files.readString(file).strip() : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** The kernel name a /dev/disk/by-id link leads to ("sda"). */
    static String byId(String link) throws IOException {
        return Path.of("/dev/disk/by-id", link).toRealPath().getFileName().toString();
    }

    /** The kernel name a device path leads to ("dm-0" for /dev/mapper/x, "md127" for /dev/md/boot). */
    static String kernelName(String path) throws IOException {
        return Path.of(path).toRealPath().getFileName().toString();
    }

    /** Every disk and partition as one {@code list --json} describes them now, by kernel name. */
    static Map<String, JsonNode> listed() throws IOException {
        Cli list = Cli.run("list", "--json");
        assertThat(list.exitCode()).as(list.err()).isZero();
        Map<String, JsonNode> byName = new HashMap<>();
        for (JsonNode disk : new ObjectMapper().readTree(list.out()).path("disks")) {
            byName.put(disk.path("name").asText(), disk);
            disk.path("partitions").forEach(p -> byName.put(p.path("name").asText(), p));
        }
        return byName;
    }

    /** Asserts a device's verdict in {@code list --json}: its level, its reason when blocked, and words of its detail. */
    static void verdict(Map<String, JsonNode> listed, String name, String level, String reason, String... detail) {
        JsonNode device = listed.get(name);
        assertThat(device).as("%s is listed", name).isNotNull();
        JsonNode verdict = device.path("verdict");
        assertThat(verdict.path("level").asText()).as("%s: %s", name, verdict).isEqualTo(level);
        assertThat(verdict.path("reason").asText()).as("%s: %s", name, verdict).isEqualTo(reason == null ? "" : reason);
        for (String words : detail) {
            assertThat(verdict.path("detail").asText()).as(name).contains(words);
        }
    }

    /**
     * A wipe of {@code path} with zeros, confirmed and forced, that must be refused for safety
     * (exit 4) with {@code why} in its one line, and leave every sector of its first MiB that held
     * data holding data: not unchanged bytes, because a file system mounted on it (or above it) is
     * written by the kernel meanwhile (its journal, its times).
     */
    static void refused(String path, String why) throws IOException {
        byte[] before = LoopDevice.read(path, 0, 1 << 20);
        Cli wipe = Cli.run("wipe", path, "-m", "zero", "--yes=" + path, "--force");
        assertThat(wipe.exitCode()).as("%s: %s", path, wipe.err()).isEqualTo(4);
        assertThat(wipe.err().strip()).startsWith("blockwipe: " + path + ": refused: ").contains(why);
        byte[] after = LoopDevice.read(path, 0, 1 << 20);
        for (int sector = 0; sector < before.length; sector += 512) {
            if (!zero(before, sector) && zero(after, sector)) {
                throw new AssertionError(path + ": nothing written, but the sector at byte " + sector + " was zeroed");
            }
        }
    }

    private static boolean zero(byte[] bytes, int from) {
        for (int i = from; i < from + 512; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** A wipe of {@code path} with zeros, read back: it must end ERASED, every byte of the device zero. */
    static void wiped(String path) throws IOException {
        assertThat(LoopDevice.read(path, 0, 1 << 20)).as("%s holds something to erase", path).isNotEqualTo(new byte[1 << 20]);
        Cli wipe = Cli.run("wipe", path, "-m", "zero", "--yes=" + path);
        assertThat(wipe.exitCode()).as("%s: %s", path, wipe.err()).isZero();
        assertThat(LoopDevice.allZero(path)).as("%s erased to the byte", path).isTrue();
    }

    /**
     * True when every byte of block device {@code path} from {@code offset} for {@code length}
     * bytes is zero, read after its page cache is dropped: writes through a holder (md, device
     * mapper) go past the page cache of the devices under it, whose old pages would still be read.
     */
    static boolean zero(String path, long offset, long length) throws IOException {
        Sh.run("blockdev", "--flushbufs", path);
        return LoopDevice.allZero(path, offset, length);
    }

    /** Runs a clean-up command whose failure changes nothing (what it undoes may not have been made, or undone already). */
    static void quietly(String... command) {
        try {
            Sh.run(command);
        } catch (AssertionError e) {
            // the guest and what it made go away when it powers off
        }
    }

    /**
     * Loads scsi_debug with {@code parameters} and returns its disk's kernel name ("sda") once the
     * kernel has made its node: the SCSI scan attaches the disk in the background.
     */
    static String scsiDebug(String... parameters) throws IOException, InterruptedException {
        modprobe("scsi_debug", parameters);
        return scsiDebugDisk();
    }

    /** The scsi_debug disk's kernel name, waiting up to 30 s for it (and its node) to be there. */
    static String scsiDebugDisk() throws IOException, InterruptedException {
        for (int i = 0; i < 300; i++) {
            try (var blocks = Files.list(Path.of("/sys/block"))) {
                for (Path b : blocks.toList()) {
                    String name = b.getFileName().toString();
                    if (sysfs(name, "device/model").equals("scsi_debug") && Files.exists(Path.of("/dev", name))) {
                        return name;
                    }
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no scsi_debug disk");
    }

    /**
     * Unloads scsi_debug once nothing uses its disks: they go, and what was on them. udev's worker
     * and the kernel's last references to a pulled disk that was found again let go of the module
     * a while after {@code udevadm settle} returns ("Module scsi_debug is in use" was seen), so it
     * is tried again for up to 30 s.
     */
    static void unloadScsiDebug() throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            settle();
            try {
                Sh.run("rmmod", "scsi_debug");
                return;
            } catch (AssertionError inUse) {
                if (System.nanoTime() > deadline) {
                    throw inUse;
                }
                Thread.sleep(200);
            }
        }
    }

    /** Removes a SCSI disk as the kernel does when one is pulled out: {@code echo 1 > /sys/block/X/device/delete}. */
    static void pull(String disk) throws IOException {
        Files.writeString(Path.of("/sys/block", disk, "device/delete"), "1");
    }

    /** Has every SCSI host scan its bus again, as after a disk is plugged back in: scsi_debug's disk returns with its data. */
    static void rescanScsi() throws IOException {
        try (var hosts = Files.list(Path.of("/sys/class/scsi_host"))) {
            for (Path h : hosts.toList()) {
                Files.writeString(h.resolve("scan"), "- - -");
            }
        }
    }

    /**
     * Adds or removes scsi_debug hosts (one disk each, with its own store when the module was loaded
     * with {@code per_host_store=1}) until there are {@code hosts}, the way a disk is plugged into or
     * pulled from a bay: the newest host goes first. Returns when the kernel lists that many disks.
     */
    static void scsiDebugHosts(int hosts) throws IOException, InterruptedException {
        int now = Integer.parseInt(Files.readString(SCSI_DEBUG.resolve("add_host")).strip());
        for (; now < hosts; now++) {
            Files.writeString(SCSI_DEBUG.resolve("add_host"), "1");
        }
        for (; now > hosts; now--) {
            Files.writeString(SCSI_DEBUG.resolve("add_host"), "-1");
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (scsiDebugDisks().size() != hosts) {
            assertThat(System.nanoTime()).as("%d scsi_debug disks within a minute", hosts).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    /**
     * Sets a scsi_debug parameter ({@code delay}, {@code ndelay}) while the module is loaded and
     * returns the value it had. scsi_debug refuses a new delay (EBUSY) while commands are queued,
     * which a window's scan of the other disks may have: it is tried again until it takes.
     */
    static String scsiDebugParameter(String parameter, String value) throws IOException, InterruptedException {
        Path file = SCSI_DEBUG.resolve(parameter);
        String was = Files.readString(file).strip();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            try {
                Files.writeString(file, value);
                return was;
            } catch (IOException busy) {
                if (System.nanoTime() > deadline) {
                    throw busy;
                }
                Thread.sleep(20);
            }
        }
    }

    /**
     * The scsi_debug disks the kernel lists, with a size (sd has read their capacity), in the order
     * the kernel names them: sdz before sdaa.
     */
    static List<String> scsiDebugDisks() throws IOException {
        try (Stream<Path> blocks = Files.list(Path.of("/sys/block"))) {
            return blocks.map(b -> b.getFileName().toString())
                    .filter(b -> sysfs(b, "device/model").equals("scsi_debug") && !sysfs(b, "size").matches("0?"))
                    .sorted(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder())).toList();
        }
    }

    /** A measured figure, on the guest's console for LabIT to pass on: {@code LAB-FIGURE what: value}. */
    static void figure(String what, String format, Object... values) {
        System.out.println("LAB-FIGURE " + what + ": " + String.format(Locale.ROOT, format, values));
    }

    /** The signed JSON certificate the CLI's output names for {@code path}, read. */
    static JsonNode certificateOf(String out, String path) throws IOException {
        Matcher m = Pattern.compile(Pattern.quote(path)
                + ": certificate \\S+ \\(signed JSON (\\S+)\\)").matcher(out);
        assertThat(m.find()).as("a certificate for %s in: %s", path, out).isTrue();
        return new ObjectMapper().readTree(Files.readAllBytes(Path.of(m.group(1))));
    }
}
