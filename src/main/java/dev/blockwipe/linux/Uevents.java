package dev.blockwipe.linux;

import com.sun.jna.Memory;
import dev.blockwipe.devices.DeviceEvents;
import dev.blockwipe.engine.DaemonThreads;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The kernel's own device events (a {@code NETLINK_KOBJECT_UEVENT} socket, the one udev reads), so
 * a disk plugged in shows in the tree at once, without a udev daemon. Only the kernel may send on
 * it (the sender's port id is checked); an event for the block subsystem calls the listener. When
 * the socket cannot be opened (no netlink in a container), nothing listens and the poll remains.
 */
public final class Uevents implements DeviceEvents {
    private static final int AF_NETLINK = 16;
    private static final int SOCK_DGRAM = 2;
    private static final int SOCK_CLOEXEC = 0x80000;
    private static final int NETLINK_KOBJECT_UEVENT = 15;
    private static final int KERNEL_GROUP = 1;
    private static final int SOL_SOCKET = 1;
    private static final int SO_RCVTIMEO = 20;
    /** How long a read waits, so that closing takes effect this soon. */
    private static final long WAKE_MILLIS = 500;
    private static final int BUFFER = 64 * 1024;

    @Override
    public Subscription listen(Runnable changed) {
        int fd = LibC.socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
        if (fd < 0) {
            return () -> { };
        }
        Memory address = new Memory(12);
        address.clear();
        address.setShort(0, (short) AF_NETLINK);
        address.setInt(8, KERNEL_GROUP);
        Memory timeout = new Memory(16);
        timeout.setLong(0, 0);
        timeout.setLong(8, WAKE_MILLIS * 1000);
        if (LibC.bind(fd, address, 12) != 0 || LibC.setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, timeout, 16) != 0) {
            LibC.close(fd);
            return () -> { };
        }
        AtomicBoolean open = new AtomicBoolean(true);
        Thread reader = DaemonThreads.start("blockwipe-uevents", () -> read(fd, open, changed));
        return () -> {
            if (open.getAndSet(false)) {
                try {
                    reader.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                LibC.close(fd);
            }
        };
    }

    private static void read(int fd, AtomicBoolean open, Runnable changed) {
        Memory buffer = new Memory(BUFFER);
        Memory from = new Memory(12);
        int[] fromLength = new int[1];
        while (open.get()) {
            fromLength[0] = 12;
            long n = LibC.recvfrom(fd, buffer, BUFFER, 0, from, fromLength);
            if (n > 0 && from.getInt(4) == 0 && isBlockEvent(buffer.getByteArray(0, (int) n))) {
                changed.run();
            }
        }
    }

    /** An event is NUL-separated "ACTION@DEVPATH", then KEY=VALUE lines; block devices say SUBSYSTEM=block. */
    static boolean isBlockEvent(byte[] message) {
        for (String line : new String(message, StandardCharsets.UTF_8).split("\0")) {
            if (line.equals("SUBSYSTEM=block")) {
                return true;
            }
        }
        return false;
    }
}
