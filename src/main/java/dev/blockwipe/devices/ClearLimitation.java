package dev.blockwipe.devices;

import java.util.Optional;

/**
 * What an overwrite cannot reach on a disk: the one rule the wipe dialog and the certificate share.
 * Every method Blockwipe offers is NIST SP 800-88 Clear; on flash (an SSD, an
 * NVMe drive, a USB stick, an eMMC) the controller maps each write to fresh cells, so spare, remapped
 * and over-provisioned blocks keep old data that no write through the block device reaches. Only the
 * drive's own erase (Purge) does: Blockwipe's firmware methods, where the drive offers them. Loop, device-mapper, md and
 * zram devices and virtio disks are made by a kernel: what lies underneath them is not known here.
 */
public final class ClearLimitation {
    private ClearLimitation() {
    }

    /** The limitation of an overwrite of a disk on {@code transport}, empty for spinning and virtual disks. */
    public static Optional<String> of(Transport transport, boolean rotational) {
        if (rotational || !transport.hardware() || transport == Transport.VIRTIO) {
            return Optional.empty();
        }
        return Optional.of("non-rotational device (SSD or flash): an overwrite is NIST SP 800-88 Clear and cannot"
                + " reach spare, remapped or over-provisioned blocks, which may still hold old data; only the drive's"
                + " own erase (Purge: " + purge(transport) + ") reaches them: blockwipe show lists the firmware"
                + " methods this drive offers");
    }

    /** The kind of command that would reach those blocks on this interface. */
    private static String purge(Transport transport) {
        return switch (transport) {
            case NVME -> "NVMe sanitize, or NVMe format with secure erase";
            case SATA -> "ATA sanitize or security erase";
            case SAS, SCSI -> "SCSI sanitize, or ATA sanitize or security erase for a SATA drive";
            case USB -> "ATA or SCSI sanitize, where the USB bridge passes it through";
            case MMC -> "eMMC sanitize or secure erase";
            default -> "the drive's sanitize command";
        };
    }
}
