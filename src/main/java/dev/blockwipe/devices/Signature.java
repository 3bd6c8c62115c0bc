package dev.blockwipe.devices;

/**
 * One thing libblkid recognised: a file system, RAID member, encrypted volume or partition table.
 *
 * @param type  "ext4", "vfat", "LVM2_member", "crypto_LUKS", "gpt", "dos"
 * @param usage "filesystem", "raid", "crypto", "other", or "partition table"
 * @param label the label, or empty
 * @param uuid  the UUID, or empty
 */
public record Signature(String type, String usage, String label, String uuid) {
    public static final String PARTITION_TABLE = "partition table";

    public Signature {
        label = label == null ? "" : label;
        uuid = uuid == null ? "" : uuid;
    }

    /** 'ext4 "data"', 'gpt partition table'. */
    public String describe() {
        if (PARTITION_TABLE.equals(usage)) {
            return type + " partition table";
        }
        return label.isEmpty() ? type : type + " \"" + label + "\"";
    }
}
