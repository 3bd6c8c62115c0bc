package dev.blockwipe.linux;

import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.engine.io.BufferPool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's identity for certificates: host name, machine-id, DMI vendor, product, system and board serial, boot id. */
public final class HostFacts {
    private HostFacts() {
    }

    public static HostInfo read() {
        return read(Path.of("/"));
    }

    /** @param root the file system root (tests use a fake tree) */
    public static HostInfo read(Path root) {
        String hostname = text(root.resolve("etc/hostname"));
        if (hostname.isEmpty()) {
            // the kernel's name (gethostname), not InetAddress.getLocalHost: that asks the resolver
            // too, and on a machine whose DNS does not answer it waited for its timeout
            hostname = text(root.resolve("proc/sys/kernel/hostname"));
        }
        Path dmi = root.resolve("sys/class/dmi/id");
        return new HostInfo(hostname, text(root.resolve("etc/machine-id")), text(dmi.resolve("sys_vendor")),
                text(dmi.resolve("product_name")), text(dmi.resolve("product_serial")),
                text(dmi.resolve("board_serial")),
                text(root.resolve("proc/sys/kernel/random/boot_id")));
    }

    /**
     * The I/O buffer budget of this machine when the user sets none: {@link BufferPool#defaultBudget}
     * of its memory, and never more than the JVM may allocate as direct memory (by default as much
     * as its heap may grow to).
     */
    public static long defaultBufferBudget() {
        return Math.min(Runtime.getRuntime().maxMemory(), BufferPool.defaultBudget(memoryBytes()));
    }

    /**
     * The machine's memory (MemTotal of /proc/meminfo); 0 when it cannot be read (the budget then
     * takes its smallest default).
     */
    private static long memoryBytes() {
        try {
            return Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:"))
                    .findFirst().map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024).orElse(0L);
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    /** The file's first line, or empty when it is missing or unreadable (DMI serials need root). */
    private static String text(Path file) {
        try {
            return Files.readString(file).strip().lines().findFirst().orElse("");
        } catch (IOException e) {
            return "";
        }
    }
}
