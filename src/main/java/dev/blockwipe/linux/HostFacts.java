package dev.blockwipe.linux;

import dev.blockwipe.report.HostInfo;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's identity for certificates: host name, machine-id, DMI vendor, product and serial, boot id. */
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
            try {
                hostname = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                hostname = "";
            }
        }
        Path dmi = root.resolve("sys/class/dmi/id");
        return new HostInfo(hostname, text(root.resolve("etc/machine-id")), text(dmi.resolve("sys_vendor")),
                text(dmi.resolve("product_name")), text(dmi.resolve("product_serial")),
                text(root.resolve("proc/sys/kernel/random/boot_id")));
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
