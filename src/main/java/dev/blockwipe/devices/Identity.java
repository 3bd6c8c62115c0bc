package dev.blockwipe.devices;

/** Who made a disk and which one it is. Unknown values are empty strings, never guesses. */
public record Identity(String model, String vendor, String serial, String wwn, String firmware) {
    public static final Identity NONE = new Identity("", "", "", "", "");

    public Identity {
        model = clean(model);
        vendor = clean(vendor);
        serial = clean(serial);
        wwn = clean(wwn);
        firmware = clean(firmware);
    }

    /** This identity with its empty fields taken from {@code other}. */
    public Identity enrichedBy(Identity other) {
        return new Identity(or(model, other.model), or(vendor, other.vendor), or(serial, other.serial),
                or(wwn, other.wwn), or(firmware, other.firmware));
    }

    private static String or(String a, String b) {
        return a.isEmpty() ? b : a;
    }

    private static String clean(String s) {
        return s == null ? "" : s.strip();
    }
}
