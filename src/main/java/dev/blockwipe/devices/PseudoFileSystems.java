package dev.blockwipe.devices;

import java.util.Set;

/**
 * The kernel's own file systems: their files are interfaces to the kernel (or memory for it), not
 * disk images, and writing them can reconfigure or crash the machine. A file on one of them is
 * refused as a target whatever its name; judged by the file system type that mountinfo and
 * statfs report, never by where the path points.
 */
public final class PseudoFileSystems {
    private static final Set<String> TYPES = Set.of("proc", "sysfs", "devtmpfs", "debugfs", "tracefs", "securityfs",
            "configfs", "cgroup", "cgroup2", "bpf", "pstore", "efivarfs", "selinuxfs", "smackfs", "binfmt_misc",
            "fusectl", "mqueue", "devpts", "nsfs", "autofs", "rpc_pipefs", "hugetlbfs");

    private PseudoFileSystems() {
    }

    public static boolean contains(String type) {
        return TYPES.contains(type);
    }
}
