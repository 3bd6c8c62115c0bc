package dev.blockwipe.devices;

/** How a disk is attached, derived from its device path in sysfs. */
public enum Transport {
    NVME("nvme"), SATA("sata"), SAS("sas"), SCSI("scsi"), USB("usb"), VIRTIO("virtio"), MMC("mmc"),
    LOOP("loop"), MD("md"), DM("dm"), ZRAM("zram"), UNKNOWN("unknown");

    private final String label;

    Transport(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * Whether a disk on this transport is a device of its own, which has a model, a serial number
     * and firmware even when it does not report them; loop, md, device-mapper and zram devices are
     * made by the kernel and have none.
     */
    public boolean hardware() {
        return this != LOOP && this != MD && this != DM && this != ZRAM;
    }

    /**
     * @param name       the kernel name ("sda", "loop0")
     * @param devicePath the real path of /sys/block/NAME ("/sys/devices/pci0000:00/.../ata1/.../block/sda")
     */
    public static Transport of(String name, String devicePath) {
        if (name.startsWith("loop")) {
            return LOOP;
        }
        if (name.startsWith("md")) {
            return MD;
        }
        if (name.startsWith("dm-")) {
            return DM;
        }
        if (name.startsWith("zram")) {
            return ZRAM;
        }
        String p = devicePath;
        if (name.startsWith("nvme") || p.contains("/nvme")) {
            return NVME;
        }
        if (p.contains("/usb")) {
            return USB;
        }
        if (p.contains("/virtio")) {
            return VIRTIO;
        }
        if (name.startsWith("mmcblk") || p.contains("/mmc_host/")) {
            return MMC;
        }
        if (p.contains("/ata")) {
            return SATA;
        }
        if (p.contains("/sas_") || p.contains("/end_device-")) {
            return SAS;
        }
        return p.contains("/host") && p.contains("/target") ? SCSI : UNKNOWN;
    }
}
