package dev.blockwipe.devices;

/**
 * One thing libblkid recognised: a file system, RAID member, encrypted volume or partition table;
 * or, where it recognised nothing, what samples of the data showed ({@link ContentSample}).
 *
 * @param type  "ext4", "vfat", "LVM2_member", "crypto_LUKS", "gpt", "dos"; "random" or "unrecognised" data
 * @param usage "filesystem", "raid", "crypto", "other", "partition table", or "data"
 * @param label the label, or empty; for an LVM2_member its volume group, for a linux_raid_member its array
 * @param uuid  the UUID, or empty
 */
public record Signature(String type, String usage, String label, String uuid) {
    public static final String PARTITION_TABLE = "partition table";
    /** An LVM physical volume: its label is the name of its volume group. */
    public static final String LVM2_MEMBER = "LVM2_member";
    /** Data no signature names, found by {@link ContentSample}. */
    public static final String DATA = "data";
    /** Samples as evenly spread as random bytes: what an encrypted volume without a header looks like. */
    public static final Signature RANDOM_DATA = new Signature("random", DATA, "", "");
    /** Samples that are neither blank nor random: data of a kind nothing here recognises. */
    public static final Signature UNRECOGNISED_DATA = new Signature("unrecognised", DATA, "", "");

    public Signature {
        label = label == null ? "" : label;
        uuid = uuid == null ? "" : uuid;
    }

    /** 'ext4 "data"', 'gpt partition table', 'LVM2_member of volume group "vg0"', 'random data (may be encrypted)'. */
    public String describe() {
        if (PARTITION_TABLE.equals(usage)) {
            return type + " partition table";
        }
        if (DATA.equals(usage)) {
            return equals(RANDOM_DATA) ? "random data (may be encrypted)" : "unrecognised data";
        }
        if (label.isEmpty()) {
            return type;
        }
        return type.equals(LVM2_MEMBER) ? type + " of volume group \"" + label + "\"" : type + " \"" + label + "\"";
    }
}
