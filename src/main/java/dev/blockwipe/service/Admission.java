package dev.blockwipe.service;

import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.SharedDevices;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.TargetIdentity;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.io.TargetKind;
import dev.blockwipe.report.CertifiedDevice;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What stands between a front end and the first write, for everything that writes (a wipe, a
 * resumed wipe, a benchmark that writes), in the window and the CLI alike, in a fixed order where
 * each step fails closed:
 * <ol>
 *   <li>every path is resolved once ({@link TargetOpener#locate}); a target given twice, or a
 *       partition given with its disk, is refused ({@link TargetsOverlapException});</li>
 *   <li>each is judged from a fresh inventory by its number (or file key), so that a mounted
 *       device is refused with its reason rather than a bare EBUSY;</li>
 *   <li>each is opened exclusively, and judged again from what the open descriptor says;</li>
 *   <li>the user confirms them through the front end's {@link Confirmer} (a prompt, a dialog),
 *       seeing those facts, while the descriptors are held;</li>
 *   <li>each is judged once more from a fresh inventory and its descriptor, and must be what was
 *       confirmed: same identity, same verdict; checks a device does not answer are refused after
 *       {@link Preflight#ANSWER_WITHIN}.</li>
 * </ol>
 * What was judged, shown, confirmed and then written is one descriptor: nothing is opened by path
 * a second time. All or nothing: one refusal and every target is closed again before anything
 * was written. Thread-safe as long as each call has its own targets; it blocks, so a window runs
 * it off its FX thread.
 */
public final class Admission {
    private final TargetOpener opener;
    private final Preflight preflight;
    private final boolean force;
    private final Pause pause;

    /** A test's way in between two steps, to change the world where a race would. */
    @FunctionalInterface
    public interface Pause {
        Pause NONE = step -> { };

        void after(Step step) throws IOException;
    }

    public enum Step { LOCATED, OPENED, CONFIRMED }

    /**
     * How the user confirms the opened targets: the terminal's prompt or {@code --yes}, the window's
     * dialog. Called on the admission's thread while it holds the targets; a window hands the
     * question to its own thread and waits here for the answer.
     */
    @FunctionalInterface
    public interface Confirmer {
        /**
         * Returns when the user confirmed every target.
         *
         * @throws TargetRefusedException with {@link Reason#NOT_CONFIRMED} when the user did not
         */
        void confirm(List<Candidate> candidates) throws IOException;
    }

    /**
     * An opened target as the user is asked about it: the descriptor, what it was judged to be, the
     * verdict that stands (with {@code --force} taken into account), and the blocking verdict that
     * {@code --force} overrides, if one does.
     */
    public record Candidate(OpenedTarget target, Preflight.Judgement judgement, SafetyVerdict verdict,
                            Optional<SafetyVerdict.Blocked> overridden) {
        public TargetInfo info() {
            return target.info();
        }
    }

    /** One admitted target: open, and judged right before the first write. */
    public record Admitted(OpenedTarget target, Preflight.Judgement judgement) {
        /** The device as its certificate names it before the wipe, with the owner's label ({@code ""} for none). */
        public CertifiedDevice before(String assetTag) {
            return CertifiedDevice.before(judgement).withAssetTag(assetTag);
        }

        /** What its job must have to itself: its disk, a spinning disk underneath ({@link SharedDevices}). */
        public Set<String> queueKeys() {
            return new SharedDevices(judgement.inventory()).keys(judgement.identity());
        }
    }

    /** @param force wipe although a fact could not be read (never past what {@code --force} does not override) */
    public Admission(TargetOpener opener, Preflight preflight, boolean force, Pause pause) {
        this.opener = opener;
        this.preflight = preflight;
        this.force = force;
        this.pause = pause;
    }

    /** The opened targets, in the order given; the caller closes them (a {@link WipeService} job does). */
    public List<Admitted> admit(List<String> paths, Confirmer confirmer) throws IOException {
        List<TargetOpener.Located> located = new ArrayList<>();
        List<OpenedTarget> opened = new ArrayList<>();
        try {
            for (String path : paths) {
                located.add(opener.locate(path));
            }
            List<TargetIdentity> nodes = located.stream().map(TargetOpener.Located::node).toList();
            DeviceInventory inventory = preflight.scan(paths.get(0), nodes);
            checkOverlaps(located, inventory);
            for (TargetOpener.Located l : located) {
                refuseIfBlocked(l.path(), preflight.beforeOpen(inventory, l.node(), force));
            }
            pause.after(Step.LOCATED);
            for (TargetOpener.Located l : located) {
                opened.add(l.open(Access.WRITE));
            }
            checkAliases(opened);
            pause.after(Step.OPENED);
            List<Candidate> candidates = new ArrayList<>();
            for (OpenedTarget t : opened) {
                Preflight.Judgement j = preflight.judge(inventory, t);
                SafetyVerdict verdict = j.verdict(force);
                refuseIfBlocked(t.info().path(), verdict);
                candidates.add(new Candidate(t, j, verdict, Optional.of(j.verdict(false))
                        .filter(SafetyVerdict.Blocked.class::isInstance).map(SafetyVerdict.Blocked.class::cast)));
            }
            confirmer.confirm(List.copyOf(candidates));
            pause.after(Step.CONFIRMED);
            List<Preflight.Confirmed> confirmed = new ArrayList<>();
            for (Candidate c : candidates) {
                confirmed.add(new Preflight.Confirmed(c.target(), c.judgement().identity(), c.judgement().verdict(false)));
            }
            List<Preflight.Judgement> now = preflight.beforeFirstWrite(confirmed, force);
            List<Admitted> admitted = new ArrayList<>();
            for (int i = 0; i < opened.size(); i++) {
                admitted.add(new Admitted(opened.get(i), now.get(i)));
            }
            return admitted;
        } catch (IOException | RuntimeException e) {
            closeAll(opened, e::addSuppressed);
            throw e;
        } finally {
            located.forEach(TargetOpener.Located::close);
        }
    }

    /** Closes every target, each whatever happened to the others; a failure to close goes to {@code failed}. */
    public static void closeAll(List<? extends BlockTarget> targets, Consumer<IOException> failed) {
        for (BlockTarget t : targets) {
            try {
                t.close();
            } catch (IOException e) {
                failed.accept(e);
            }
        }
    }

    private static void refuseIfBlocked(String path, SafetyVerdict verdict) throws TargetRefusedException {
        if (verdict instanceof SafetyVerdict.Blocked b) {
            throw new TargetRefusedException(path, Reason.BLOCKED, "refused: " + b.describe()
                    + (b.reason().forceOverrides() ? " (--force overrides this)" : ""));
        }
    }

    /**
     * The same object named twice, or a partition named with its disk: wiping one wipes (part of)
     * the other, and the exclusive open would only say "busy".
     */
    private static void checkOverlaps(List<TargetOpener.Located> located, DeviceInventory inventory) {
        for (int i = 0; i < located.size(); i++) {
            TargetIdentity a = located.get(i).node();
            for (int j = 0; j < located.size(); j++) {
                TargetIdentity b = located.get(j).node();
                if (i < j && a.sameNode(b)) {
                    throw new TargetsOverlapException(located.get(j).path() + " is given twice (also as "
                            + located.get(i).path() + "): name each target once");
                }
                Optional<String> disk = diskOf(a, inventory);
                if (i != j && b.kind() == TargetKind.BLOCK_DEVICE && disk.isPresent()
                        && inventory.byNumber(new DeviceNumber(b.major(), b.minor())).map(Device::name).equals(disk)) {
                    throw new TargetsOverlapException(located.get(i).path() + " is a partition of " + located.get(j).path()
                            + ", which is also a target: wiping the disk wipes the partition; name one of them");
                }
            }
        }
    }

    /** Two image files that are one file's data (an overlay file and its layer file) are given twice too. */
    private static void checkAliases(List<OpenedTarget> opened) throws TargetException {
        Map<FileKey, String> seen = new HashMap<>();
        for (OpenedTarget t : opened) {
            if (t.info().kind() != TargetKind.REGULAR_FILE) {
                continue;
            }
            List<FileKey> keys = new ArrayList<>(t.aliases());
            keys.add(FileKey.of(t.info().identity()));
            for (FileKey k : keys) {
                String other = seen.putIfAbsent(k, t.info().path());
                if (other != null && !other.equals(t.info().path())) {
                    throw new TargetsOverlapException(t.info().path() + " is given twice (also as " + other
                            + ": one file's data, seen through an overlay file system): name each target once");
                }
            }
        }
    }

    private static Optional<String> diskOf(TargetIdentity node, DeviceInventory inventory) {
        if (node.kind() != TargetKind.BLOCK_DEVICE) {
            return Optional.empty();
        }
        return inventory.byNumber(new DeviceNumber(node.major(), node.minor()))
                .filter(d -> d instanceof Partition).map(d -> ((Partition) d).disk());
    }
}
