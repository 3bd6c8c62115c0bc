package dev.blockwipe.linux;

import dev.blockwipe.devices.Claims;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.Identity;
import dev.blockwipe.devices.InventoryBuilder;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.OpenFiles;
import dev.blockwipe.devices.SysfsDisk;
import dev.blockwipe.devices.UsageFacts;
import dev.blockwipe.engine.DaemonThreads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * This machine's inventory: sysfs, mountinfo and swaps, other processes' descriptors, an exclusive
 * open of each device, libblkid, and OSHI. The window and every command read it the same way, so
 * the same disk gets the same identity (and certificate) in both.
 */
public final class LinuxInventory implements InventorySource {
    private static final Path SYS = Path.of("/sys");
    private static final Path PROC = Path.of("/proc");

    private final SysfsScanner sysfs;
    private final MountTable mounts;
    private final Blkid blkid = new Blkid();
    private final Openers openers = new Openers(PROC);
    private final ExclusiveOpen exclusive = new ExclusiveOpen(Path.of("/dev"));
    private final AtomicBoolean prepared = new AtomicBoolean();

    public LinuxInventory() {
        this.sysfs = new SysfsScanner(SYS, Path.of("/dev"));
        this.mounts = new MountTable();
    }

    /**
     * OSHI's first call loads its classes, a noticeable part of a command's start; done beside the rest of the start-up, the
     * scan's own call (which must come between two sysfs reads to be tied to them) is quick. Not
     * in the constructor: every command is constructed for {@code --version} and {@code --help} too.
     */
    @Override
    public void prepare() {
        if (prepared.compareAndSet(false, true)) {
            DaemonThreads.start("blockwipe-oshi-warm-up", OshiDetails::read);
        }
    }

    /**
     * A cheap summary of what the inventory depends on, for {@code DeviceWatcher}: the block
     * devices with their sizes, partitions, holders and sequence numbers, and the mount and swap tables.
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
        return scan(n -> true);
    }

    /**
     * The processes' open files are read on a thread of their own while sysfs is read on this one:
     * the two take about as long, and neither needs the other.
     * Then every device is tried with an exclusive open, the fact the wipe's own open will meet.
     */
    @Override
    public DeviceInventory scan(Predicate<DeviceNumber> probed) throws IOException {
        FutureTask<OpenFiles> open = new FutureTask<>(openers::read);
        DaemonThreads.start("blockwipe-openers", open);
        UsageFacts usage = mounts.read();
        List<SysfsDisk> raw = sysfs.scan(probed);
        usage = withOpenFiles(usage, open).withClaims(Claims.tried(exclusive.tryAll(raw), new KernelHolders(SYS, PROC)));
        Map<String, Identity> tied = tied(raw, OshiDetails.read(), LinuxInventory::blockAttribute);
        return new InventoryBuilder(blkid, d -> tied.getOrDefault(d.name(), Identity.NONE)).build(raw, usage, probed);
    }

    /**
     * The usage with who has devices open, or with why that cannot be told: a problem blocks, never
     * "nobody". A bug while /proc is read (any RuntimeException) blocks as well, with what it was.
     */
    static UsageFacts withOpenFiles(UsageFacts usage, FutureTask<OpenFiles> open) {
        try {
            return usage.withOpen(open.get());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error error) {
                throw error;
            }
            return usage.withProblem("cannot tell which processes have devices open: " + (cause instanceof IOException
                    ? "/proc cannot be read (" + cause.getMessage() + ")" : "reading /proc failed (" + cause + ")"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return usage.withProblem("cannot tell which processes have devices open: interrupted while /proc was read");
        }
    }

    /**
     * What OSHI said, for the disks of this scan that OSHI saw at the same size and whose name
     * still had the device number and disk sequence number of this scan after OSHI was read: the
     * same disk, not one that took its name in between.
     *
     * @param attribute sysfs attribute of a disk by name, read now ("" when it cannot be read)
     */
    static Map<String, Identity> tied(List<SysfsDisk> raw, Map<String, OshiDetails.Seen> oshi,
                                      BiFunction<String, String, String> attribute) {
        Map<String, Identity> tied = new HashMap<>();
        for (SysfsDisk d : raw) {
            OshiDetails.Seen seen = oshi.get(d.name());
            if (seen == null || seen.size() != d.sizeBytes()) {
                continue;
            }
            String seq = attribute.apply(d.name(), "diskseq");
            if (d.number().toString().equals(attribute.apply(d.name(), "dev"))
                    && String.valueOf(d.diskseq()).equals(seq.isEmpty() ? "0" : seq)) {
                tied.put(d.name(), seen.identity());
            }
        }
        return tied;
    }

    private static String blockAttribute(String name, String attribute) {
        try {
            return Files.readString(SYS.resolve("block").resolve(name).resolve(attribute)).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
