package dev.blockwipe.linux;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.PointerType;
import com.sun.jna.ptr.PointerByReference;
import dev.blockwipe.devices.ContentSample;
import dev.blockwipe.devices.DeviceNumber;
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
 * table. It always probes an open descriptor ({@code blkid_probe_set_device}), as util-linux's
 * wipefs does: a node opened by path is first checked to be the device number it is meant to be.
 * When the library cannot be loaded or the device cannot be read, the answer is "unknown", which
 * the safety rules count as "may hold data". An LVM physical volume gets its volume group's name
 * as its label, read from the volume itself.
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

    /** For the inventory (partition entry names included). */
    @Override
    public Signatures probe(String devicePath, DeviceNumber number) {
        if (Lib.LOAD_PROBLEM != null) {
            return Signatures.unknown("libblkid not available: " + Lib.LOAD_PROBLEM);
        }
        int fd = LibC.open(devicePath, Fcntl.O_RDONLY | Fcntl.O_CLOEXEC | Fcntl.O_NONBLOCK, 0);
        if (fd < 0) {
            return Signatures.unknown("cannot open " + devicePath + ": " + Errno.name(Errno.last()));
        }
        try {
            Statx st = Statx.ofFd(fd);
            if (st == null || !st.isBlockDevice() || st.rdevMajor() != number.major() || st.rdevMinor() != number.minor()) {
                return Signatures.unknown(devicePath + " is not the node of device " + number);
            }
            return probe(fd, devicePath, true);
        } finally {
            LibC.close(fd);
        }
    }

    /**
     * Probes an open descriptor (a target's own). Without partition entry details: libblkid would
     * look those up in the whole disk, which it finds by name.
     */
    static Signatures probeDescriptor(int fd, String path) {
        if (Lib.LOAD_PROBLEM != null) {
            return Signatures.unknown("libblkid not available: " + Lib.LOAD_PROBLEM);
        }
        return probe(fd, path, false);
    }

    private static Signatures probe(int fd, String path, boolean entryDetails) {
        Probe pr = Lib.blkid_new_probe();
        if (pr == null) {
            return Signatures.unknown("libblkid could not allocate a probe");
        }
        try {
            if (Lib.blkid_probe_set_device(pr, fd, 0, 0) != 0) {
                return Signatures.unknown("libblkid cannot read " + path);
            }
            Lib.blkid_probe_enable_superblocks(pr, 1);
            Lib.blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_LABEL | BLKID_SUBLKS_UUID | BLKID_SUBLKS_TYPE
                    | BLKID_SUBLKS_USAGE);
            Lib.blkid_probe_enable_partitions(pr, 1);
            Lib.blkid_probe_set_partitions_flags(pr, entryDetails ? BLKID_PARTS_ENTRY_DETAILS : 0);
            int rc = Lib.blkid_do_safeprobe(pr);
            if (rc == NOTHING) {
                return sampled(fd, path, Lib.blkid_probe_get_size(pr));
            }
            if (rc == AMBIGUOUS) {
                return new Signatures(List.of(new Signature("ambiguous", "other", "", "")), "", null);
            }
            if (rc != FOUND) {
                return Signatures.unknown("libblkid could not probe " + path);
            }
            Map<String, String> values = values(pr);
            // libblkid does not name a PV's volume group: it is read from the volume and given as its
            // label, as libblkid gives an md member's array and a ZFS member's pool
            if (Signature.LVM2_MEMBER.equals(values.get("TYPE")) && !values.containsKey("LABEL")) {
                LvmLabel.volumeGroup(fd).ifPresent(group -> values.put("LABEL", group));
            }
            return signatures(values);
        } finally {
            Lib.blkid_free_probe(pr);
        }
    }

    /**
     * Where libblkid recognised nothing: what samples of the data say ({@link ContentSample}), read
     * with pread through the same descriptor. A sample that cannot be read makes the contents unknown.
     */
    private static Signatures sampled(int fd, String path, long size) {
        List<byte[]> samples = new ArrayList<>();
        try (Memory buf = new Memory(ContentSample.SAMPLE_BYTES)) {
            for (long offset : size <= 0 ? new long[0] : ContentSample.offsets(size)) {
                long n = LibC.pread(fd, buf, Math.min(ContentSample.SAMPLE_BYTES, size - offset), offset);
                if (n < 0) {
                    return Signatures.unknown("cannot read a sample of " + path + " at " + offset + ": "
                            + Errno.name(Errno.last()));
                }
                samples.add(buf.getByteArray(0, (int) n));
            }
        }
        return ContentSample.judge(samples);
    }

    private static Map<String, String> values(Probe pr) {
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

    /** {@code blkid_probe}: libblkid's opaque probe handle. */
    public static final class Probe extends PointerType {
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

        static native Probe blkid_new_probe();

        /** blkid_loff_t is int64_t; offset 0 and size 0 mean the whole device. */
        static native int blkid_probe_set_device(Probe pr, int fd, long off, long size);

        static native void blkid_free_probe(Probe pr);

        static native int blkid_probe_enable_superblocks(Probe pr, int enable);

        static native int blkid_probe_set_superblocks_flags(Probe pr, int flags);

        static native int blkid_probe_enable_partitions(Probe pr, int enable);

        static native int blkid_probe_set_partitions_flags(Probe pr, int flags);

        static native int blkid_do_safeprobe(Probe pr);

        /** The size of the probed area: the device's or file's size. */
        static native long blkid_probe_get_size(Probe pr);

        static native int blkid_probe_numof_values(Probe pr);

        static native int blkid_probe_get_value(Probe pr, int num, PointerByReference name, PointerByReference data,
                                                Pointer len);
    }
}
