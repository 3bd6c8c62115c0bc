package dev.blockwipe.devices;

/**
 * The machine a wipe ran on. Values that cannot be read (DMI serials need root) are empty. A fact
 * of the machine the devices are in, like the devices themselves: {@code linux} reads it and
 * {@code report} writes it onto certificates, and neither of those two depends on the other.
 *
 * @param hostname      the host name
 * @param machineId     /etc/machine-id
 * @param systemVendor  DMI sys_vendor
 * @param systemProduct DMI product_name
 * @param systemSerial  DMI product_serial
 * @param bootId        the kernel's id of this boot (/proc/sys/kernel/random/boot_id): device numbers
 *                      and disk sequence numbers mean the same device only within one boot
 */
public record HostInfo(String hostname, String machineId, String systemVendor, String systemProduct, String systemSerial,
                       String bootId) {
    public HostInfo {
        hostname = hostname == null ? "" : hostname;
        machineId = machineId == null ? "" : machineId;
        systemVendor = systemVendor == null ? "" : systemVendor;
        systemProduct = systemProduct == null ? "" : systemProduct;
        systemSerial = systemSerial == null ? "" : systemSerial;
        bootId = bootId == null ? "" : bootId;
    }
}
