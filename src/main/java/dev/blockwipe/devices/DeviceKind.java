package dev.blockwipe.devices;

/** What the user sees in the kind column. */
public enum DeviceKind {
    NVME_SSD("NVMe SSD"), SSD("SSD"), HDD("HDD"), USB("USB"), LOOP("Loop"), VIRTUAL("Virtual"), RAID("RAID"),
    LVM("LVM"), MAPPER("Mapper");

    private final String label;

    DeviceKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * @param mapperUuid a device-mapper device's dm/uuid: LVM names its volumes "LVM-…", which is
     *                   how a logical volume is told from other mappings (dm-crypt, multipath, linear)
     */
    public static DeviceKind of(Transport transport, boolean rotational, String mapperUuid) {
        return switch (transport) {
            case NVME -> NVME_SSD;
            case USB -> USB;
            case LOOP -> LOOP;
            case MD -> RAID;
            case DM -> mapperUuid.startsWith("LVM-") ? LVM : MAPPER;
            case VIRTIO, ZRAM -> VIRTUAL;
            case MMC -> SSD;
            case SATA, SAS, SCSI, UNKNOWN -> rotational ? HDD : SSD;
        };
    }
}
