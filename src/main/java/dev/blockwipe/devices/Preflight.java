package dev.blockwipe.devices;

import dev.blockwipe.engine.DaemonThreads;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetKind;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * Judges targets for the commands and jobs that write: from a fresh inventory and, once a target
 * is open, from what its descriptor says (identity, signatures), never from a path. Right before
 * the first write the target is judged again and compared with what the user was shown; anything
 * different is refused.
 */
public final class Preflight {
    /**
     * How long the checks right before the first write may take. They read a few KiB of each
     * target, sysfs and /proc, in a fraction of a second; a disk spinning up from standby answers
     * within seconds. What has not answered in a minute is a medium that stalls or is being
     * changed, or a hung FUSE or network file system, and may never answer.
     */
    public static final Duration ANSWER_WITHIN = Duration.ofSeconds(60);
    /**
     * How long a target that only probes hold (another Blockwipe's scan, udev, blkid) is waited for
     * before it is judged anyway: they read for milliseconds, a reader still there after this is
     * more than a glance.
     */
    public static final Duration PROBES_WAIT = Duration.ofSeconds(3);
    /** Between two looks while waiting for probes: each look is a full scan (tens of milliseconds). */
    private static final long LOOK_AGAIN_MILLIS = 100;

    private final InventorySource inventory;
    private final Duration answerWithin;
    private final Duration probesWait;

    public Preflight(InventorySource inventory) {
        this(inventory, ANSWER_WITHIN, PROBES_WAIT);
    }

    /**
     * @param answerWithin how long the checks before the first write may take ({@link #ANSWER_WITHIN})
     * @param probesWait   how long to wait for probes that read a target before judging it anyway
     *                     ({@link #PROBES_WAIT})
     */
    public Preflight(InventorySource inventory, Duration answerWithin, Duration probesWait) {
        this.inventory = inventory;
        this.answerWithin = answerWithin;
        this.probesWait = probesWait;
    }

    /** What a target was judged to be: the facts, the verdict, and the inventory behind them. */
    public record Judgement(TargetIdentity identity, Signatures signatures, SafetyFacts facts, DeviceInventory inventory) {
        public SafetyVerdict verdict(boolean force) {
            return SafetyRules.verdict(facts, force);
        }
    }

    /**
     * Reads the inventory afresh for judging {@code targets}; it must succeed, because without it
     * nothing can be judged. Only the target devices and their partitions are probed for
     * signatures: a target's own contents are read from its descriptor once it is open, and other
     * devices' contents decide nothing about it.
     *
     * <p>A probe is not an owner: while a target is held by nothing but programs that read it for
     * a moment (a Blockwipe window looking at a device that was just attached, udev's blkid after
     * a close-after-write), it is read again every {@value #LOOK_AGAIN_MILLIS} ms for up to
     * {@link #PROBES_WAIT}, and then judged as it is. Anything else that holds it is judged at once.
     *
     * @param path the target this is for, named in the refusal
     */
    public DeviceInventory scan(String path, Collection<TargetIdentity> targets) throws TargetRefusedException {
        Set<DeviceNumber> devices = targets.stream().filter(t -> t.kind() == TargetKind.BLOCK_DEVICE)
                .map(Preflight::number).collect(Collectors.toSet());
        long deadline = System.nanoTime() + probesWait.toNanos();
        try {
            DeviceInventory inv = inventory.scan(devices::contains);
            while (onlyProbesHold(inv, targets) && System.nanoTime() < deadline) {
                Thread.sleep(LOOK_AGAIN_MILLIS);
                inv = inventory.scan(devices::contains);
            }
            return inv;
        } catch (IOException | RuntimeException e) {
            throw new TargetRefusedException(path, Reason.BLOCKED,
                    "cannot read the device inventory, so cannot tell what is in use: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetRefusedException(path, Reason.BLOCKED, "interrupted while waiting for a probe to let go of it");
        }
    }

    /**
     * The verdict on a located target before it is opened, from the inventory alone (its contents
     * are not probed yet): a refusal can then say "mounted at /mnt" where the exclusive open would
     * only say EBUSY.
     */
    public SafetyVerdict beforeOpen(DeviceInventory inv, TargetIdentity node, boolean force) {
        SafetyFacts facts = listedFacts(inv, node);
        return facts == null ? new SafetyVerdict.NeedsConfirmation("a device not listed yet") : SafetyRules.verdict(facts, force);
    }

    /** Probes read a target, and nothing else holds any target (one that is held is refused at once, and all with it). */
    private static boolean onlyProbesHold(DeviceInventory inv, Collection<TargetIdentity> targets) {
        List<SafetyFacts> facts = targets.stream().map(t -> listedFacts(inv, t)).filter(Objects::nonNull).toList();
        return facts.stream().anyMatch(f -> !f.probing().isEmpty()) && facts.stream().noneMatch(SafetyFacts::heldBeyondProbes);
    }

    /** A located target's facts from the inventory alone, null for a device it does not list. */
    private static SafetyFacts listedFacts(DeviceInventory inv, TargetIdentity node) {
        Signatures notYet = Signatures.unknown("not probed before the open");
        return node.kind() == TargetKind.BLOCK_DEVICE
                ? inv.byNumber(number(node)).map(d -> d.safety().withSignatures(notYet)).orElse(null)
                : inv.graph().file(FileKey.of(node), List.of(), node.size(), notYet);
    }

    /**
     * Judges an opened target by what its descriptor says now. The target is held by this very
     * open, so its own exclusive open being busy in {@code inv} is no fact against it.
     */
    public Judgement judge(DeviceInventory inv, OpenedTarget target) throws TargetException {
        TargetIdentity identity = target.identityNow();
        Signatures signatures = target.signatures();
        String path = target.info().path();
        SafetyFacts facts = identity.kind() == TargetKind.BLOCK_DEVICE
                ? deviceFacts(inv, path, identity, signatures)
                : fileFacts(inv, path, identity, target.aliases(), signatures);
        return new Judgement(identity, signatures, facts.withReadOnly(target.readOnlyNow()), inv);
    }

    /** An opened target, with the identity and the verdict the user confirmed it by. */
    public record Confirmed(OpenedTarget target, TargetIdentity identity, SafetyVerdict verdict) {
    }

    /**
     * Judges opened targets again, right before their first write, from a fresh inventory and from
     * their descriptors, and compares each with what the user confirmed. A medium that stalls or
     * is being changed keeps libblkid's reads, a loop device's ioctls or a stat of an open file
     * waiting in the kernel for as long as it does not answer, where no timeout of ours reaches;
     * so the checks run on a thread of their own, and what has not ended within
     * {@link #ANSWER_WITHIN} is refused, before anything was written, instead of waiting without a
     * word. A check left waiting keeps its thread (a daemon) until the kernel lets it go.
     *
     * @throws TargetRefusedException BLOCKED when a verdict now forbids it; IDENTITY_CHANGED, with
     *                                every difference, when a target is not what was confirmed;
     *                                NOT_ANSWERING when the checks did not end in time
     */
    public List<Judgement> beforeFirstWrite(List<Confirmed> targets, boolean force) throws TargetException {
        String path = targets.get(0).target().info().path();
        FutureTask<List<Judgement>> checks = new FutureTask<>(() -> {
            DeviceInventory fresh = scan(path, targets.stream().map(c -> c.target().info().identity()).toList());
            List<Judgement> judged = new ArrayList<>();
            for (Confirmed c : targets) {
                judged.add(recheck(fresh, c.target(), c.identity(), c.verdict(), force));
            }
            return judged;
        });
        DaemonThreads.start("blockwipe-checks-before-writing", checks);
        try {
            return checks.get(answerWithin.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new TargetRefusedException(path, Reason.NOT_ANSWERING, "refused: the checks right before the first"
                    + " write did not end within " + answerWithin.toSeconds() + " s: a device, or a file system a device"
                    + " or an open file is on, does not answer (a medium that stalls or is being changed, a hung FUSE"
                    + " or network file system); nothing was written");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetRefusedException(path, Reason.NOT_ANSWERING, "refused: interrupted during the checks"
                    + " right before the first write; nothing was written");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof TargetException t) {
                throw t;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
        }
    }

    /**
     * Judges an opened target again and compares identity and verdict with what the user confirmed.
     *
     * @throws TargetRefusedException BLOCKED when the verdict now forbids it; IDENTITY_CHANGED, with
     *                                every difference, when it is not what was confirmed
     */
    private Judgement recheck(DeviceInventory fresh, OpenedTarget target, TargetIdentity shownIdentity,
                              SafetyVerdict shownVerdict, boolean force) throws TargetException {
        String path = target.info().path();
        Judgement now = judge(fresh, target);
        SafetyVerdict verdict = now.verdict(force);
        if (verdict instanceof SafetyVerdict.Blocked b) {
            throw new TargetRefusedException(path, Reason.BLOCKED, "refused: " + b.describe());
        }
        requireAsConfirmed(path, now, shownIdentity, shownVerdict);
        return now;
    }

    /**
     * Refuses a target judged {@code now} that is not what the user confirmed: another identity, or
     * another verdict (without {@code --force}).
     *
     * @throws TargetRefusedException IDENTITY_CHANGED, with every difference
     */
    public static void requireAsConfirmed(String path, Judgement now, TargetIdentity shownIdentity,
                                          SafetyVerdict shownVerdict) throws TargetRefusedException {
        List<String> changes = new ArrayList<>(now.identity().differences(shownIdentity));
        SafetyVerdict plain = now.verdict(false);
        if (!plain.equals(shownVerdict)) {
            changes.add("it was " + shownVerdict.level() + " (" + shownVerdict.describe() + "), it is now "
                    + plain.level() + " (" + plain.describe() + ")");
        }
        if (!changes.isEmpty()) {
            throw new TargetRefusedException(path, Reason.IDENTITY_CHANGED, "changed since you confirmed it: "
                    + String.join("; ", changes) + "; nothing was written, list the devices again");
        }
    }

    /** The verdict on an image file known by its identity (a row in the window), with its contents as probed. */
    public static SafetyVerdict fileVerdict(DeviceInventory inv, TargetIdentity file, List<FileKey> aliases,
                                            Signatures signatures) {
        return SafetyRules.verdict(inv.graph().file(FileKey.of(file), aliases, file.size(), signatures), false);
    }

    private static SafetyFacts deviceFacts(DeviceInventory inv, String path, TargetIdentity identity,
                                           Signatures signatures) throws TargetRefusedException {
        DeviceNumber number = number(identity);
        Device listed = inv.byNumber(number).orElse(null);
        if (listed == null) {
            return new SafetyFacts(List.of("device " + number + " is not listed in /sys/block"), null, List.of(),
                    List.of(), List.of(), null, List.of(), null, identity.size(), List.of(), signatures, List.of());
        }
        long listedSeq = inv.disk(listed instanceof Partition p ? p.disk() : listed.name())
                .map(d -> d.facts().diskseq()).orElse(0L);
        if (listed.size() != identity.size() || listedSeq != identity.diskseq()) {
            throw new TargetRefusedException(path, Reason.IDENTITY_CHANGED, "the device inventory describes another "
                    + "device under " + number + " (" + listed.size() + " bytes, diskseq " + listedSeq + ") than the open one ("
                    + identity.describe() + "): it changed while it was being read; list the devices again");
        }
        return listed.safety().openedHere().withSignatures(signatures);
    }

    private static SafetyFacts fileFacts(DeviceInventory inv, String path, TargetIdentity identity, List<FileKey> aliases,
                                         Signatures signatures) throws TargetRefusedException {
        String type = inv.usage().fileSystemOn(new DeviceNumber(identity.major(), identity.minor())).orElse("");
        if (PseudoFileSystems.contains(type)) {
            throw new TargetRefusedException(path, Reason.WRONG_KIND, "is a file on " + type
                    + ", one of the kernel's own file systems: not a disk image");
        }
        return inv.graph().file(FileKey.of(identity), aliases, identity.size(), signatures);
    }

    private static DeviceNumber number(TargetIdentity node) {
        return new DeviceNumber(node.major(), node.minor());
    }
}
