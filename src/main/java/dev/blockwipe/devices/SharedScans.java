package dev.blockwipe.devices;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * An inventory source whose callers at the same moment share one scan: the window's jobs started
 * together each check their target right before the first write, and each of those checks read
 * the whole machine (every disk's sysfs, mountinfo, every process's open files). Sixty jobs made
 * sixty scans of sixty disks at once, work that grew with the square of the disks, and in the lab
 * some jobs' checks did not end within their minute. Here a caller joins the scan that starts
 * next, never one already under way (its facts must be read after it asked), and that scan probes
 * what all of its callers asked to probe. Thread-safe.
 */
public final class SharedScans implements InventorySource {
    private final InventorySource source;
    /** The scan that callers join, not started yet; null when nobody waits. Guarded by this. */
    private Scan gathering;
    /** A scan is under way. Guarded by this. */
    private boolean scanning;

    public SharedScans(InventorySource source) {
        this.source = source;
    }

    /** One scan and the callers that share it. */
    private static final class Scan {
        final List<Predicate<DeviceNumber>> probed = new ArrayList<>();
        boolean done;
        /** Written by the caller that runs the scan before {@link #done}, read by the others after it. */
        DeviceInventory inventory;
        Exception error;

        DeviceInventory result() throws IOException {
            if (error instanceof IOException e) {
                throw e;
            }
            if (error instanceof RuntimeException e) {
                throw e;
            }
            if (inventory == null) {
                throw new IOException("the scan of the devices failed: " + error);
            }
            return inventory;
        }
    }

    @Override
    public void prepare() {
        source.prepare();
    }

    @Override
    public DeviceInventory scan() throws IOException {
        return scan(n -> true);
    }

    @Override
    public DeviceInventory scan(Predicate<DeviceNumber> probed) throws IOException {
        Scan scan = join(probed);
        if (!scan.done) {
            run(scan);
        }
        return scan.result();
    }

    /**
     * Joins the gathering scan and waits until it has been run by another caller (done), or until
     * no scan is under way, when this caller runs it (not done).
     */
    private synchronized Scan join(Predicate<DeviceNumber> probed) throws InterruptedIOException {
        if (gathering == null) {
            gathering = new Scan();
        }
        Scan scan = gathering;
        scan.probed.add(probed);
        try {
            while (scanning && !scan.done) {
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for a scan of the devices");
        }
        if (!scan.done) {
            gathering = null;
            scanning = true;
        }
        return scan;
    }

    /** Runs a scan for its callers; whatever happens, the next scan may start after it. */
    private void run(Scan scan) {
        List<Predicate<DeviceNumber>> probed = List.copyOf(scan.probed);
        try {
            scan.inventory = source.scan(n -> probed.stream().anyMatch(p -> p.test(n)));
        } catch (IOException | RuntimeException e) {
            scan.error = e;
        } finally {
            synchronized (this) {
                scan.done = true;
                scanning = false;
                notifyAll();
            }
        }
    }
}
