package dev.blockwipe.devices;

import dev.blockwipe.engine.DaemonThreads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
    private final AtomicBoolean pokePending = new AtomicBoolean();
    private DeviceInventory last;
    private String lastFingerprint;

    public DeviceWatcher(InventorySource source, Supplier<String> fingerprint, Listener listener, ErrorListener errors) {
        this.source = source;
        this.fingerprint = fingerprint;
        this.listener = listener;
        this.errors = errors;
        this.timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("blockwipe-device-watcher"));
    }

    /** Scans now, then polls every {@code period}. */
    public void start(Duration period) {
        timer.execute(() -> reporting(this::rescan));
        timer.scheduleWithFixedDelay(() -> reporting(this::poll), period.toMillis(), period.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /** Scans now whether or not the fingerprint changed (the Refresh button; after a wipe). Ignored once closed. */
    public void refresh() {
        if (!timer.isShutdown()) {
            timer.execute(() -> reporting(this::rescan));
        }
    }

    /**
     * Something may have changed (a kernel device event): checks the fingerprint now instead of at
     * the next period. A burst of events (a partition table written) costs one check.
     */
    public void poke() {
        if (!timer.isShutdown() && pokePending.compareAndSet(false, true)) {
            timer.execute(() -> {
                pokePending.set(false);
                reporting(this::poll);
            });
        }
    }

    private void poll() {
        if (!Objects.equals(fingerprint.get(), lastFingerprint)) {
            rescan();
        }
    }

    /**
     * A device vanishing while sysfs is read can surface as an unchecked error, and a periodic task
     * that throws is never run again: report it and keep polling.
     */
    private void reporting(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            errors.scanFailed(new IOException(e.getMessage(), e));
        }
    }

    private synchronized void rescan() {
        String print = fingerprint.get();
        try {
            DeviceInventory now = source.scan();
            List<Change> changes = last == null ? added(now) : diff(last, now);
            last = now;
            // Something changed while the scan ran: the scan may have seen the new state or not,
            // so the next poll must scan again rather than trust either fingerprint.
            lastFingerprint = Objects.equals(print, fingerprint.get()) ? print : null;
            listener.inventoryChanged(now, changes);
        } catch (IOException | UncheckedIOException e) {
            errors.scanFailed(e instanceof UncheckedIOException u ? u.getCause() : (IOException) e);
        }
    }

    private static List<Change> added(DeviceInventory inventory) {
        return index(inventory).values().stream().<Change>map(Change.Added::new).toList();
    }

    /**
     * What differs between two inventories, by kernel name and device number. Placeholders (a loop
     * device with nothing attached) count as absent: attaching one is an addition, detaching a removal.
     */
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
        for (Disk disk : inventory.visibleDisks()) {
            map.put(disk.name() + "@" + disk.number(), disk);
            disk.partitions().forEach(p -> map.put(p.name() + "@" + p.number(), p));
        }
        return map;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
