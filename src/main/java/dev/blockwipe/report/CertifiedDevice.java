package dev.blockwipe.report;

import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.Signature;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.io.TargetKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The device as it was before the wipe, for the certificate: identity, geometry, and what was on
 * it (partitions and signatures), taken from the inventory the preflight judged.
 *
 * @param kind        "NVMe SSD", "HDD", "Loop", "Image file", or a partition's disk kind
 * @param transport   "sata", "nvme", "loop", "file"
 * @param model       model, or empty
 * @param vendor      vendor, or empty
 * @param serial      serial, or empty
 * @param wwn         WWN / wwid, or empty
 * @param firmware    firmware revision, or empty
 * @param backingFile a loop device's backing file as the kernel names it (sysfs), or empty
 * @param partitions  "sdb1: 100 MiB, ext4 "data"" per partition (of a whole disk)
 * @param signatures  what libblkid found on the target itself
 * @param assetTag    the owner's label for the device (inventory number), as the operator gave it, or empty
 * @param limitations what the wipe cannot reach on this device ({@link dev.blockwipe.devices.ClearLimitation}), or none
 */
public record CertifiedDevice(String kind, String transport, String model, String vendor, String serial, String wwn,
                              String firmware, String backingFile, List<String> partitions, List<String> signatures,
                              String assetTag, List<String> limitations) {
    public CertifiedDevice {
        partitions = List.copyOf(partitions);
        signatures = List.copyOf(signatures);
        limitations = List.copyOf(limitations);
        assetTag = assetTag.strip();
    }

    /** The same device with the operator's asset tag ({@code ""} for none). */
    public CertifiedDevice withAssetTag(String tag) {
        return new CertifiedDevice(kind, transport, model, vendor, serial, wwn, firmware, backingFile, partitions,
                signatures, tag, limitations);
    }

    /**
     * The target as it was judged right before the first write: a block device as the inventory
     * describes the device under its number (a partition takes its disk's identity), with what
     * libblkid found through the target's own descriptor; an image file by that alone.
     */
    public static CertifiedDevice before(Preflight.Judgement judged) {
        Signatures signatures = judged.signatures();
        if (judged.identity().kind() == TargetKind.REGULAR_FILE) {
            return imageFile(signatures);
        }
        DeviceInventory inventory = judged.inventory();
        return inventory.byNumber(new DeviceNumber(judged.identity().major(), judged.identity().minor()))
                .map(d -> of(inventory, d, signatures))
                .orElseGet(() -> new CertifiedDevice("", "", "", "", "", "", "", "", List.of(), describe(signatures), "",
                        List.of()));
    }

    private static CertifiedDevice of(DeviceInventory inventory, Device device, Signatures signatures) {
        Disk disk = device instanceof Partition p ? inventory.disk(p.disk()).orElse(null) : (Disk) device;
        List<String> partitions = new ArrayList<>();
        if (device instanceof Disk d) {
            d.partitions().forEach(p -> partitions.add(p.name() + ": " + Units.bytes(p.size()) + ", "
                    + p.signatures().describe()));
        }
        if (disk == null) {
            return new CertifiedDevice("", "", "", "", "", "", "", "", partitions, describe(signatures), "", List.of());
        }
        return new CertifiedDevice(disk.kind().label(), disk.transport().label(), disk.identity().model(),
                disk.identity().vendor(), disk.identity().serial(), disk.identity().wwn(), disk.identity().firmware(),
                disk.facts().loop().backingFile(), partitions, describe(signatures), "",
                disk.clearLimitation().stream().toList());
    }

    /** An image file: what libblkid found in it. */
    private static CertifiedDevice imageFile(Signatures signatures) {
        return new CertifiedDevice("Image file", "file", "", "", "", "", "", "", List.of(), describe(signatures), "",
                List.of());
    }

    private static List<String> describe(Signatures s) {
        if (!s.known()) {
            return List.of("unknown (" + s.problem() + ")");
        }
        return s.found().stream().map(Signature::describe).toList();
    }
}
