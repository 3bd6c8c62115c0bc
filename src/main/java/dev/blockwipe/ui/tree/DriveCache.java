package dev.blockwipe.ui.tree;

import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Disk;
import dev.blockwipe.devices.DriveFacts;
import dev.blockwipe.ui.Background;
import dev.blockwipe.ui.Services;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * What each disk's drive said, asked once per disk in the background ({@link DriveFacts#ask}) and
 * kept by device number and disk sequence number: selecting the row again, or opening the wipe
 * dialog, does not wake the drive a second time, and a disk that is re-attached or replaced (a new
 * sequence number) or gone is asked afresh. FX thread only.
 */
final class DriveCache {
    private record Key(DeviceNumber number, long diskseq) {
    }

    private final Services services;
    private final Map<Key, CompletableFuture<DriveFacts>> asked = new HashMap<>();

    DriveCache(Services services) {
        this.services = services;
    }

    /** The drive of {@code disk}: the cached answer, or one asked now; completes on the FX thread, never exceptionally. */
    CompletableFuture<DriveFacts> ask(Disk disk) {
        return asked.computeIfAbsent(new Key(disk.number(), disk.facts().diskseq()),
                key -> Background.call(services, () -> DriveFacts.ask(services.opener(), disk))
                        .exceptionally(e -> DriveFacts.notAsked("its drive could not be asked: "
                                + Background.cause(e).getMessage())));
    }

    /** Forgets the answers of disks that {@code inventory} no longer lists as they were. */
    void retain(DeviceInventory inventory) {
        Set<Key> present = inventory.disks().stream().map(d -> new Key(d.number(), d.facts().diskseq()))
                .collect(Collectors.toSet());
        asked.keySet().retainAll(present);
    }
}
