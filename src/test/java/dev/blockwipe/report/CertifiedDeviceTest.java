package dev.blockwipe.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.Claims;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Identity;
import dev.blockwipe.devices.InventoryBuilder;
import dev.blockwipe.devices.LoopFacts;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.Signatures;
import dev.blockwipe.devices.SysfsDisk;
import dev.blockwipe.devices.UsageFacts;
import dev.blockwipe.engine.io.TargetIdentity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the certificate says of the target, as the inventory that judged it describes it. */
class CertifiedDeviceTest {
    private static final DeviceNumber NVME = new DeviceNumber(259, 0);
    private static final DeviceNumber HDD = new DeviceNumber(8, 0);
    private static final DeviceNumber LOOP = new DeviceNumber(7, 0);

    private final DeviceInventory inventory = new InventoryBuilder((path, number) -> Signatures.NONE, d -> Identity.NONE)
            .build(List.of(disk("nvme0n1", NVME, "/sys/devices/pci0000:00/nvme/nvme0/nvme0n1", false),
                    disk("sda", HDD, "/sys/devices/pci0000:00/ata1/host0/target0:0:0/0:0:0:0/block/sda", true),
                    disk("loop0", LOOP, "/sys/devices/virtual/block/loop0", false)),
                    new UsageFacts(List.of(), List.of(), List.of(), null).withClaims(Claims.tried(Map.of(),
                            (name, number) -> Optional.empty())));

    @Test
    void anNvmeSsdCarriesWhatAnOverwriteCannotReach() {
        CertifiedDevice nvme = before(TargetIdentity.device(259, 0, 1 << 26, 1, "", "", null));

        assertThat(nvme.kind()).isEqualTo("NVMe SSD");
        assertThat(nvme.limitations()).singleElement().asString().contains("spare, remapped", "NVMe sanitize");
        assertThat(nvme.withAssetTag("A-1").limitations()).as("kept with the asset tag").hasSize(1);
    }

    @Test
    void aSpinningDiskALoopDeviceAndAnImageFileCarryNone() {
        assertThat(before(TargetIdentity.device(8, 0, 1 << 26, 2, "", "", null)).limitations()).as("HDD").isEmpty();
        assertThat(before(TargetIdentity.device(7, 0, 1 << 26, 3, "", "", null)).limitations()).as("loop").isEmpty();
        assertThat(before(TargetIdentity.file(254, 0, 42, 1 << 26)).limitations()).as("image file").isEmpty();
    }

    private CertifiedDevice before(TargetIdentity identity) {
        return CertifiedDevice.before(new Preflight.Judgement(identity, Signatures.NONE, null, inventory));
    }

    private static SysfsDisk disk(String name, DeviceNumber number, String devicePath, boolean rotational) {
        return new SysfsDisk(name, number, devicePath, 131072, 512, 512, rotational, false, false, 0, 0, 0, 0,
                Identity.NONE, 1, LoopFacts.NONE, "", "", List.of(), List.of(), List.of(), List.of());
    }
}
