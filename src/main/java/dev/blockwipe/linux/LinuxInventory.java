package dev.blockwipe.linux;

import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.Identity;
import dev.blockwipe.devices.InventoryBuilder;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.UsageFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** This machine's inventory: sysfs, mountinfo and swaps, libblkid, and (optionally) OSHI. */
public final class LinuxInventory implements InventorySource {
    private final SysfsScanner sysfs;
    private final MountTable mounts;
    private final InventoryBuilder builder;
    private final boolean withOshi;
    private Map<String, Identity> oshi;

    /**
     * @param withOshi ask OSHI for model and serial too (costs a few hundred milliseconds, paid by
     *                 the first scan; worth it in the GUI and for `list`, not for a wipe's preflight)
     */
    public LinuxInventory(boolean withOshi) {
        this.withOshi = withOshi;
        this.sysfs = new SysfsScanner(Path.of("/sys"));
        this.mounts = new MountTable();
        this.builder = new InventoryBuilder(new Blkid(), name -> oshi().getOrDefault(name, Identity.NONE));
    }

    private synchronized Map<String, Identity> oshi() {
        if (oshi == null) {
            oshi = withOshi ? OshiDetails.read() : Map.of();
        }
        return oshi;
    }

    /**
     * A cheap summary of what the inventory depends on, for {@code DeviceWatcher}: the block
     * devices with their sizes, partitions and holders, and the mount and swap tables.
     */
    public String fingerprint() {
        StringBuilder sb = new StringBuilder();
        sb.append(sysfs.fingerprint());
        for (String file : new String[] {"/proc/self/mountinfo", "/proc/swaps"}) {
            try {
                sb.append(Files.readString(Path.of(file)));
            } catch (IOException e) {
                sb.append(file).append(": ").append(e.getMessage());
            }
        }
        return sb.toString();
    }

    /** Reads everything afresh. When sysfs itself cannot be listed there is no inventory to judge by. */
    @Override
    public DeviceInventory scan() throws IOException {
        UsageFacts usage = mounts.read();
        return builder.build(sysfs.scan(), usage);
    }
}
