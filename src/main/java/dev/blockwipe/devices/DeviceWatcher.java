package dev.blockwipe.devices;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Notices disks and partitions that appear, disappear or change while the application runs (a disk
 * pushed into a hot-swap bay, a partition table written, a file system mounted). Every period it
 * reads a cheap fingerprint (sysfs names and sizes, mountinfo, swaps); only when that changed does
 * it read the full inventory, libblkid probes included, and report the differences.
 */
public final class DeviceWatcher implements AutoCloseable {
    public static final Duration DEFAULT_PERIOD = Duration.ofSeconds(2);

    /** A difference between two inventories. */
    public sealed interface Change {
        Device device();

        record Added(Device device) implements Change {
        }

        record Removed(Device device) implements Change {
        }

        record Changed(Device before, Device device) implements Change {
        }
    }

    /** Called on the watcher's thread with the new inventory and what differs from the last one. */
    @FunctionalInterface
    public interface Listener {
        void inventoryChanged(DeviceInventory inventory, List<Change> changes);
    }

    /** Called on the watcher's thread when a scan fails; the next period tries again. */
    @FunctionalInterface
    public interface ErrorListener {
        void scanFailed(IOException error);
    }

    private final InventorySource source;
    private final Supplier<String> fingerprint;
    private final Listener listener;
    private final ErrorListener errors;
    private final ScheduledExecutorService timer;
    private DeviceInventory last;
    private String lastFingerprint;

    public DeviceWatcher(InventorySource source, Supplier<String> fingerprint, Listener listener, ErrorListener errors) {
        this.source = source;
        this.fingerprint = fingerprint;
        this.listener = listener;
        this.errors = errors;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "blockwipe-device-watcher");
            t.setDaemon(true);
            return t;
        });
    }

    /** Scans now, then polls every {@code period}. */
    public void start(Duration period) {
        timer.execute(this::rescan);
        timer.scheduleWithFixedDelay(this::poll, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Scans now whether or not the fingerprint changed (the Refresh button; after a wipe). */
    public void refresh() {
        timer.execute(this::rescan);
    }

    private void poll() {
        if (!Objects.equals(fingerprint.get(), lastFingerprint)) {
            rescan();
        }
    }

    private synchronized void rescan() {
        String print = fingerprint.get();
        try {
            DeviceInventory now = source.scan();
            List<Change> changes = last == null ? added(now) : diff(last, now);
            last = now;
            lastFingerprint = print;
            listener.inventoryChanged(now, changes);
        } catch (IOException e) {
            errors.scanFailed(e);
        }
    }

    private static List<Change> added(DeviceInventory inventory) {
        return inventory.devices().<Change>map(Change.Added::new).toList();
    }

    /** What differs between two inventories, by kernel name and device number. */
    public static List<Change> diff(DeviceInventory before, DeviceInventory after) {
        Map<String, Device> old = index(before);
        Map<String, Device> now = index(after);
        List<Change> changes = new ArrayList<>();
        now.forEach((key, device) -> {
            Device was = old.get(key);
            if (was == null) {
                changes.add(new Change.Added(device));
            } else if (!was.equals(device)) {
                changes.add(new Change.Changed(was, device));
            }
        });
        old.forEach((key, device) -> {
            if (!now.containsKey(key)) {
                changes.add(new Change.Removed(device));
            }
        });
        return changes;
    }

    private static Map<String, Device> index(DeviceInventory inventory) {
        Map<String, Device> map = new LinkedHashMap<>();
        inventory.devices().forEach(d -> map.put(d.name() + "@" + d.number(), d));
        return map;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
