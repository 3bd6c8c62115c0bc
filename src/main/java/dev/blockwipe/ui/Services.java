package dev.blockwipe.ui;

import dev.blockwipe.devices.DeviceEvents;
import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.devices.TestDisks;
import dev.blockwipe.devices.identify.Identifier;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.linux.LiveNetwork;
import dev.blockwipe.report.Settings;
import dev.blockwipe.report.StorageProbe;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * What the view-models need from the rest of the application, injected so tests can run them
 * with plain JUnit and the FX thread replaced by a direct executor.
 *
 * @param inventory   reads the devices
 * @param fingerprint cheap change detector for the device watcher
 * @param events      the kernel's device events, which wake the watcher at once
 * @param opener      opens targets (their facts come from the open descriptor)
 * @param root        the user may open devices for writing
 * @param testDisks   makes throw-away loop devices (root only)
 * @param keystreams  makes the random passes
 * @param buffers     the I/O buffers of all jobs of the window
 * @param jobThreads  runs first on every job's thread: the jobs, and the threads they start, yield
 *                    the CPU to the window's own threads
 * @param settings    where certificates and the signing key go, who the operator is
 * @param host        the machine, for the certificates
 * @param storage     tells a reports folder in memory (the boot stick started from a CD)
 * @param network     the boot stick's network switch (not available elsewhere)
 * @param fx          runs on the FX thread (Platform::runLater in the application)
 * @param background  the window's one executor for work off the FX thread ({@link Background#executor}):
 *                    scans, probes, journals, certificates, test disks, external programs, waits
 * @param identifier  makes a drive show itself in its chassis (Identify)
 */
public record Services(InventorySource inventory, Supplier<String> fingerprint, DeviceEvents events, TargetOpener opener, boolean root, TestDisks testDisks, Keystreams keystreams, BufferPool buffers, Runnable jobThreads,
                       Settings settings,
                       HostInfo host, StorageProbe storage, LiveNetwork network, Executor fx, Executor background,
                       Identifier identifier) {
}
