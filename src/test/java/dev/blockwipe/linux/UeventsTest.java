package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.DeviceEvents;
import dev.blockwipe.testing.LoopDevice;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kernel's device events reach Blockwipe without a udev daemon. */
class UeventsTest {
    @TempDir
    Path tmp;

    @Test
    void onlyBlockDeviceEventsCount() {
        assertThat(Uevents.isBlockEvent(message("add@/devices/virtual/block/loop7", "ACTION=add",
                "DEVPATH=/devices/virtual/block/loop7", "SUBSYSTEM=block", "DEVNAME=loop7"))).isTrue();
        assertThat(Uevents.isBlockEvent(message("add@/devices/virtual/net/tap0", "ACTION=add",
                "SUBSYSTEM=net"))).isFalse();
        assertThat(Uevents.isBlockEvent(message("change@/x", "ACTION=change", "SUBSYSTEM=blocked"))).isFalse();
    }

    /** A loop device attached is an event; no timing is asserted beyond a generous bound. */
    @Test
    void attachingALoopDeviceIsHeard() throws Exception {
        LoopDevice.assumeAvailable();
        Semaphore heard = new Semaphore(0);
        try (DeviceEvents.Subscription listening = new Uevents().listen(heard::release);
             LoopDevice loop = LoopDevice.create(tmp, 1 << 20)) {
            assertThat(heard.tryAcquire(30, TimeUnit.SECONDS)).as("an event for %s", loop.name()).isTrue();
        }
    }

    private static byte[] message(String... lines) {
        return (String.join("\0", lines) + "\0").getBytes(StandardCharsets.US_ASCII);
    }
}
