package dev.blockwipe.linux;

import java.util.Map;

/**
 * statfs {@code f_type} values from {@code <linux/magic.h>}, named as mountinfo names the types.
 * Only the kernel's own file systems need a name here (see
 * {@link dev.blockwipe.devices.PseudoFileSystems}); devtmpfs reports tmpfs's number and is found
 * through mountinfo instead.
 */
final class FileSystemMagic {
    private static final Map<Long, String> NAMES = Map.ofEntries(
            Map.entry(0x9fa0L, "proc"), Map.entry(0x62656572L, "sysfs"), Map.entry(0x64626720L, "debugfs"),
            Map.entry(0x74726163L, "tracefs"), Map.entry(0x73636673L, "securityfs"), Map.entry(0x62656570L, "configfs"),
            Map.entry(0x27e0ebL, "cgroup"), Map.entry(0x63677270L, "cgroup2"), Map.entry(0xcafe4a11L, "bpf"),
            Map.entry(0x6165676cL, "pstore"), Map.entry(0xde5e81e4L, "efivarfs"), Map.entry(0xf97cff8cL, "selinuxfs"),
            Map.entry(0x43415d53L, "smackfs"), Map.entry(0x42494e4dL, "binfmt_misc"), Map.entry(0x65735543L, "fusectl"),
            Map.entry(0x19800202L, "mqueue"), Map.entry(0x1cd1L, "devpts"), Map.entry(0x6e736673L, "nsfs"),
            Map.entry(0x0187L, "autofs"), Map.entry(0x67596969L, "rpc_pipefs"), Map.entry(0x958458f6L, "hugetlbfs"),
            Map.entry(0x01021994L, "tmpfs"), Map.entry(0xef53L, "ext4"), Map.entry(0x58465342L, "xfs"),
            Map.entry(0x9123683eL, "btrfs"), Map.entry(0x65735546L, "fuse"), Map.entry(0x858458f6L, "ramfs"));

    private FileSystemMagic() {
    }

    /** The type's name, or "type 0x…" for the many real file systems not listed. */
    static String name(long magic) {
        long m = magic & 0xffffffffL;
        return NAMES.getOrDefault(m, String.format("type 0x%x", m));
    }
}
