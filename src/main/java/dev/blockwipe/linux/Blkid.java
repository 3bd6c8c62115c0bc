package dev.blockwipe.linux;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import dev.blockwipe.devices.Signature;
import dev.blockwipe.devices.SignatureProbe;
import dev.blockwipe.devices.Signatures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * libblkid's low-level probe (no cache, reads the device itself), as {@code blkid -p} does: file
 * systems, RAID members, encrypted volumes, swap, partition tables, and a partition's entry in its
 * table. When the library cannot be loaded or the device cannot be opened, the answer is
 * "unknown", which the safety rules count as "may hold data".
 */
public final class Blkid implements SignatureProbe {
    // <blkid/blkid.h>
    private static final int BLKID_SUBLKS_LABEL = 1 << 1;
    private static final int BLKID_SUBLKS_UUID = 1 << 3;
    private static final int BLKID_SUBLKS_TYPE = 1 << 5;
    private static final int BLKID_SUBLKS_USAGE = 1 << 7;
    private static final int BLKID_PARTS_ENTRY_DETAILS = 1 << 2;
    /** blkid_do_safeprobe: 0 found, 1 nothing, -2 ambiguous, -1 error. */
    private static final int FOUND = 0;
    private static final int NOTHING = 1;
    private static final int AMBIGUOUS = -2;

    private final String loadProblem;

    public Blkid() {
        this.loadProblem = Lib.LOAD_PROBLEM;
    }

    @Override
    public Signatures probe(String devicePath) {
        if (loadProblem != null) {
            return Signatures.unknown("libblkid not available: " + loadProblem);
        }
        Pointer pr = Lib.blkid_new_probe_from_filename(devicePath);
        if (pr == null) {
            int errno = Native.getLastError();
            return Signatures.unknown("libblkid cannot open " + devicePath + ": " + Errno.name(errno));
        }
        try {
            Lib.blkid_probe_enable_superblocks(pr, 1);
            Lib.blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_LABEL | BLKID_SUBLKS_UUID | BLKID_SUBLKS_TYPE
                    | BLKID_SUBLKS_USAGE);
            Lib.blkid_probe_enable_partitions(pr, 1);
            Lib.blkid_probe_set_partitions_flags(pr, BLKID_PARTS_ENTRY_DETAILS);
            int rc = Lib.blkid_do_safeprobe(pr);
            if (rc == NOTHING) {
                return Signatures.NONE;
            }
            if (rc == AMBIGUOUS) {
                return new Signatures(List.of(new Signature("ambiguous", "other", "", "")), "", null);
            }
            if (rc != FOUND) {
                return Signatures.unknown("libblkid could not probe " + devicePath);
            }
            return signatures(values(pr));
        } finally {
            Lib.blkid_free_probe(pr);
        }
    }

    private static Map<String, String> values(Pointer pr) {
        Map<String, String> values = new LinkedHashMap<>();
        int n = Lib.blkid_probe_numof_values(pr);
        PointerByReference name = new PointerByReference();
        PointerByReference data = new PointerByReference();
        for (int i = 0; i < n; i++) {
            if (Lib.blkid_probe_get_value(pr, i, name, data, null) == 0) {
                values.put(name.getValue().getString(0), data.getValue().getString(0));
            }
        }
        return values;
    }

    /** TYPE/USAGE/LABEL/UUID describe the content; PTTYPE/PTUUID a partition table on it. */
    static Signatures signatures(Map<String, String> v) {
        List<Signature> found = new ArrayList<>();
        if (v.containsKey("PTTYPE")) {
            found.add(new Signature(v.get("PTTYPE"), Signature.PARTITION_TABLE, "", v.get("PTUUID")));
        }
        if (v.containsKey("TYPE")) {
            found.add(new Signature(v.get("TYPE"), v.getOrDefault("USAGE", "other"), v.get("LABEL"), v.get("UUID")));
        }
        return new Signatures(found, v.getOrDefault("PART_ENTRY_NAME", ""), null);
    }

    /** The direct mapping; loaded once, and a missing library is remembered, not thrown. */
    private static final class Lib {
        static final String LOAD_PROBLEM = load();

        private static String load() {
            try {
                Native.register(Lib.class, NativeLibrary.getInstance("libblkid.so.1"));
                return null;
            } catch (UnsatisfiedLinkError e) {
                return e.getMessage().lines().findFirst().orElse("UnsatisfiedLinkError");
            }
        }

        static native Pointer blkid_new_probe_from_filename(String filename);

        static native void blkid_free_probe(Pointer pr);

        static native int blkid_probe_enable_superblocks(Pointer pr, int enable);

        static native int blkid_probe_set_superblocks_flags(Pointer pr, int flags);

        static native int blkid_probe_enable_partitions(Pointer pr, int enable);

        static native int blkid_probe_set_partitions_flags(Pointer pr, int flags);

        static native int blkid_do_safeprobe(Pointer pr);

        static native int blkid_probe_numof_values(Pointer pr);

        static native int blkid_probe_get_value(Pointer pr, int num, PointerByReference name, PointerByReference data,
                                                Pointer len);
    }
}
