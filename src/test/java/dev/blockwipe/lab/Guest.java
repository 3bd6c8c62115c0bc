package dev.blockwipe.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What scenarios do inside the lab's guest: load drivers, run udev, read what the kernel says. */
final class Guest {
    private Guest() {
    }

    /** Fails a scenario class run anywhere but in the lab's guest, where it would touch the host's devices. */
    static void require() throws IOException {
        assertThat(Files.readString(Path.of("/proc/cmdline"))).as("runs only in the lab's guest (src/test/vm/lab.sh)")
                .contains("lab.command=");
    }

    /** {@code modprobe MODULE [PARAM=VALUE...]}. */
    static void modprobe(String module, String... parameters) {
        String[] command = new String[parameters.length + 2];
        command[0] = "modprobe";
        command[1] = module;
        System.arraycopy(parameters, 0, command, 2, parameters.length);
        Sh.run(command);
    }

    /** Starts udev as a distribution runs it, replays the devices' events and waits until they are handled. */
    static void udev() {
        Sh.run("/lib/systemd/systemd-udevd", "--daemon");
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
}
