package dev.blockwipe.devices;

/**
 * One thing libblkid recognised: a file system, RAID member, encrypted volume or partition table.
 *
 * @param type  "ext4", "vfat", "LVM2_member", "crypto_LUKS", "gpt", "dos"
 * @param usage "filesystem", "raid", "crypto", "other", or "partition table"
 * @param label the label, or empty; for an LVM2_member its volume group, for a linux_raid_member its array
 * @param uuid  the UUID, or empty
 */
public record Signature(String type, String usage, String label, String uuid) {
    public static final String PARTITION_TABLE = "partition table";
    /** An LVM physical volume: its label is the name of its volume group. */
    public static final String LVM2_MEMBER = "LVM2_member";

    public Signature {
        label = label == null ? "" : label;
        uuid = uuid == null ? "" : uuid;
    }

    /** 'ext4 "data"', 'gpt partition table', 'LVM2_member of volume group "vg0"'. */
    public String describe() {
        if (PARTITION_TABLE.equals(usage)) {
            return type + " partition table";
        }
        if (label.isEmpty()) {
            return type;
        }
        return type.equals(LVM2_MEMBER) ? type + " of volume group \"" + label + "\"" : type + " \"" + label + "\"";
    }
}
