package dev.blockwipe.engine.method;

/** NIST SP 800-88 Rev. 1 sanitization category a method reaches on the media it suits. */
public enum NistClass {
    /** Protects against simple, non-invasive recovery (overwrite of all user-addressable blocks). */
    CLEAR("Clear"),
    /** Protects against laboratory attack (device-level sanitize, crypto erase). */
    PURGE("Purge"),
    /** Not a sanitization method on its own. */
    NONE("none");

    private final String label;

    NistClass(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
