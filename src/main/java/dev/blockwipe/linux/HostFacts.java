package dev.blockwipe.linux;

import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.engine.io.BufferPool;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The machine's identity for certificates: host name, machine-id, DMI vendor, product, system and board serial, boot id. */
public final class HostFacts {
    private static final String DMI = "sys/class/dmi/id";
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
        Path dmi = root.resolve(DMI);
        List<String> unread = new ArrayList<>();
        String vendor = dmi(dmi, "sys_vendor", unread);
        String product = dmi(dmi, "product_name", unread);
        String serial = dmi(dmi, "product_serial", unread);
        String board = dmi(dmi, "board_serial", unread);
        String why = Files.isDirectory(dmi) ? String.join("; ", unread)
                : "no DMI on this machine (/" + DMI + " is missing)";
        return new HostInfo(hostname, text(root.resolve("etc/machine-id")), vendor, product, serial, board,
                text(root.resolve("proc/sys/kernel/random/boot_id")), why);
    }

    /**
     * A DMI fact, or empty; one that is there but cannot be read adds why to {@code unread} (the
     * serials are root's alone). A fact the firmware does not give has no file, and no reason.
     */
    private static String dmi(Path dmi, String name, List<String> unread) {
        Path file = dmi.resolve(name);
        try {
            return Files.readString(file).strip().lines().findFirst().orElse("");
        } catch (NoSuchFileException e) {
            return "";
        } catch (AccessDeniedException e) {
            unread.add("/" + DMI + "/" + name + " needs root");
        } catch (IOException e) {
            unread.add("/" + DMI + "/" + name + " cannot be read (" + e.getMessage() + ")");
        }
        return "";
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
