package dev.blockwipe.engine.firmware;

/** The drive commands a target's descriptor carries. */
public enum CommandSet {
    /** NVMe admin commands (NVME_IOCTL_ADMIN_CMD on a namespace). */
    NVME,
    /** SCSI commands through SG_IO (sd devices: SAS and SCSI drives, SATA behind libata's translation, USB bridges). */
    SCSI,
    /** None: an image file, a loop, virtio, device-mapper or md device. */
    NONE
}
