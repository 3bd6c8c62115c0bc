package dev.blockwipe.devices;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What libblkid found on a device, or why it could not look. Unknown counts as "may hold data".
 *
 * @param found      the signatures, partition table first
 * @param entryName  the partition's name in its table (GPT PARTLABEL), or empty
 * @param problem    why the device could not be probed, or null when it was
 */
public record Signatures(List<Signature> found, String entryName, String problem) {
    public static final Signatures NONE = new Signatures(List.of(), "", null);

    public Signatures {
        found = List.copyOf(found);
        entryName = entryName == null ? "" : entryName;
    }

    public static Signatures unknown(String problem) {
        return new Signatures(List.of(), "", problem);
    }

    public boolean known() {
        return problem == null;
    }

    public boolean blank() {
        return known() && found.isEmpty();
    }

    public String partitionTable() {
        return found.stream().filter(s -> Signature.PARTITION_TABLE.equals(s.usage())).map(Signature::type)
                .findFirst().orElse("");
    }

    /** The first signature that is not a partition table, if any. */
    public java.util.Optional<Signature> content() {
        return found.stream().filter(s -> !Signature.PARTITION_TABLE.equals(s.usage())).findFirst();
    }

    /** 'gpt partition table, ext4 "data"', or 'unknown (libblkid: ...)'. */
    public String describe() {
        if (!known()) {
            return "unknown (" + problem + ")";
        }
        return found.isEmpty() ? "nothing recognised" : found.stream().map(Signature::describe).collect(Collectors.joining(", "));
    }
}
