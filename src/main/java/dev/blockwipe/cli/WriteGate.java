package dev.blockwipe.cli;

import dev.blockwipe.devices.Device;
import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Partition;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.BlockTarget;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetIdentity;
import dev.blockwipe.engine.TargetKind;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.engine.Units;
import dev.blockwipe.linux.Terminal;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What stands between a command line and the first write, for every command that writes (wipe,
 * bench --write), in a fixed order where each step fails closed:
 * <ol>
 *   <li>every path is resolved once ({@link TargetOpener#locate}); a target given twice, or a
 *       partition given with its disk, is a usage error;</li>
 *   <li>each is judged from a fresh inventory by its number (or file key), so that a mounted
 *       device is refused with its reason rather than a bare EBUSY;</li>
 *   <li>each is opened exclusively, and judged again from what the open descriptor says;</li>
 *   <li>the user confirms each by name, seeing those facts;</li>
 *   <li>each is judged once more from a fresh inventory and its descriptor, and must be what was
 *       confirmed: same identity, same verdict; checks a device does not answer are refused after
 *       {@link Preflight#ANSWER_WITHIN}.</li>
 * </ol>
 * All or nothing: one refusal and every target is closed again before anything was written.
 */
final class WriteGate {
    private final TargetOpener opener;
    private final Preflight preflight;
    private final boolean force;
    private final Pause pause;

    /** A test's way in between two steps, to change the world where a race would. */
    @FunctionalInterface
    interface Pause {
        Pause NONE = step -> { };

        void after(Step step) throws IOException;
    }

    enum Step { LOCATED, OPENED, CONFIRMED }

    WriteGate(TargetOpener opener, Preflight preflight, boolean force, Pause pause) {
        this.opener = opener;
        this.preflight = preflight;
        this.force = force;
        this.pause = pause;
    }

    /** One admitted target: open, and judged right before the first write. */
    record Admitted(OpenedTarget target, Preflight.Judgement judgement) {
    }

    /** The opened targets, in the order given; the caller closes them. */
    List<Admitted> admit(List<String> paths, List<String> yes, PrintWriter err) throws IOException {
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
            List<Preflight.Judgement> shown = new ArrayList<>();
            List<Confirmation.Target> confirm = new ArrayList<>();
            for (OpenedTarget t : opened) {
                Preflight.Judgement j = preflight.judge(inventory, t);
                SafetyVerdict verdict = j.verdict(force);
                refuseIfBlocked(t.info().path(), verdict);
                if (j.verdict(false) instanceof SafetyVerdict.Blocked b) {
                    err.println("blockwipe: " + Units.printable(t.info().path()) + ": --force: going ahead although: "
                            + b.describe());
                }
                shown.add(j);
                confirm.add(new Confirmation.Target(t.info(), verdict.describe()));
            }
            new Confirmation(yes, terminalInput(), err).confirmAll(confirm);
            pause.after(Step.CONFIRMED);
            List<Preflight.Confirmed> confirmed = new ArrayList<>();
            for (int i = 0; i < opened.size(); i++) {
                confirmed.add(new Preflight.Confirmed(opened.get(i), shown.get(i).identity(), shown.get(i).verdict(false)));
            }
            List<Preflight.Judgement> now = preflight.beforeFirstWrite(confirmed, force);
            List<Admitted> admitted = new ArrayList<>();
            for (int i = 0; i < opened.size(); i++) {
                admitted.add(new Admitted(opened.get(i), now.get(i)));
            }
            return admitted;
        } catch (IOException | RuntimeException e) {
            closeAll(opened, e);
            throw e;
        } finally {
            located.forEach(TargetOpener.Located::close);
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
                    throw new UsageException(located.get(j).path() + " is given twice (also as " + located.get(i).path()
                            + "): name each target once");
                }
                Optional<String> disk = diskOf(a, inventory);
                if (i != j && b.kind() == TargetKind.BLOCK_DEVICE && disk.isPresent()
                        && inventory.byNumber(new DeviceNumber(b.major(), b.minor())).map(Device::name).equals(disk)) {
                    throw new UsageException(located.get(i).path() + " is a partition of " + located.get(j).path()
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
                    throw new UsageException(t.info().path() + " is given twice (also as " + other
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

    private static void closeAll(List<OpenedTarget> opened, Exception primary) {
        for (OpenedTarget t : opened) {
            try {
                t.close();
            } catch (IOException closeFailure) {
                primary.addSuppressed(closeFailure);
            }
        }
    }

    static void closeAll(List<? extends BlockTarget> opened, PrintWriter err) {
        for (BlockTarget t : opened) {
            try {
                t.close();
            } catch (IOException e) {
                err.println("blockwipe: " + e.getMessage());
            }
        }
    }

    private static BufferedReader terminalInput() {
        return Terminal.isTerminal(0) && Terminal.isTerminal(2)
                ? new BufferedReader(new InputStreamReader(System.in, Charset.defaultCharset()))
                : null;
    }
}
