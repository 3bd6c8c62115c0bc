package dev.blockwipe.cli;

import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.SignatureProbe;
import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.BlockTarget;
import dev.blockwipe.engine.TargetIdentity;
import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.TargetOpener;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.linux.Terminal;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What stands between a command line and the first write, for every command that writes (wipe,
 * bench --write): each target is identified, judged from a fresh inventory (BLOCKED stops the
 * command), confirmed by name, judged again right before the open, and opened exclusively with
 * the identity that was confirmed. All or nothing: one refusal and nothing is opened for writing.
 */
final class WriteGate {
    private final TargetOpener opener;
    private final InventorySource inventory;
    private final Preflight preflight;
    private final boolean force;

    WriteGate(TargetOpener opener, InventorySource inventory, SignatureProbe probe, boolean force) {
        this.opener = opener;
        this.inventory = inventory;
        this.preflight = new Preflight(probe);
        this.force = force;
    }

    /**
     * The opened targets, in the order given, and the inventory they were last judged against.
     * The caller closes the targets.
     */
    record Admitted(List<BlockTarget> targets, Map<String, TargetIdentity> nodes, DeviceInventory devices) {
    }

    Admitted admit(List<String> paths, List<String> yes, PrintWriter err) throws IOException {
        Map<String, TargetIdentity> nodes = new LinkedHashMap<>();
        for (String path : paths) {
            nodes.put(path, opener.identify(path));
        }
        Map<String, SafetyVerdict> verdicts = judge(nodes, judgeInventory(paths), err);
        List<TargetInfo> infos = new ArrayList<>();
        for (String path : paths) {
            infos.add(opener.probe(path));
        }
        new Confirmation(yes, terminalInput(), err).confirmAll(infos, t -> verdicts.get(t.path()).describe());
        // again, right before the open: the facts may have changed while the user typed
        DeviceInventory devices = judgeInventory(paths);
        judge(nodes, devices, null);
        return new Admitted(openAll(infos), nodes, devices);
    }

    /** Reading the inventory must succeed: without it nothing can be judged, so nothing is written. */
    private DeviceInventory judgeInventory(List<String> paths) throws TargetRefusedException {
        try {
            return inventory.scan();
        } catch (IOException e) {
            throw new TargetRefusedException(paths.get(0), Reason.BLOCKED,
                    "cannot read the device inventory, so cannot tell what is in use: " + e.getMessage());
        }
    }

    /**
     * The safety verdict of every target; a blocked one stops the command.
     *
     * @param err where what --force overrides is announced, or null to stay quiet
     */
    private Map<String, SafetyVerdict> judge(Map<String, TargetIdentity> nodes, DeviceInventory devices,
                                             PrintWriter err) throws TargetRefusedException {
        Map<String, SafetyVerdict> verdicts = new LinkedHashMap<>();
        for (Map.Entry<String, TargetIdentity> node : nodes.entrySet()) {
            String path = node.getKey();
            SafetyVerdict plain = preflight.verdict(devices, path, node.getValue(), false);
            SafetyVerdict verdict = force ? preflight.verdict(devices, path, node.getValue(), true) : plain;
            if (verdict instanceof SafetyVerdict.Blocked b) {
                throw new TargetRefusedException(path, Reason.BLOCKED, "refused: " + b.describe()
                        + (b.reason().forceOverrides() ? " (--force overrides this)" : ""));
            }
            if (plain instanceof SafetyVerdict.Blocked b && err != null) {
                err.println("blockwipe: " + path + ": --force: going ahead although it " + b.describe());
            }
            verdicts.put(path, verdict);
        }
        return verdicts;
    }

    private List<BlockTarget> openAll(List<TargetInfo> infos) throws IOException {
        List<BlockTarget> opened = new ArrayList<>();
        try {
            for (TargetInfo info : infos) {
                opened.add(opener.open(info.path(), Access.WRITE, info.identity()));
            }
            return opened;
        } catch (IOException | RuntimeException e) {
            for (BlockTarget t : opened) {
                try {
                    t.close();
                } catch (IOException closeFailure) {
                    e.addSuppressed(closeFailure);
                }
            }
            throw e;
        }
    }

    static void closeAll(List<BlockTarget> opened, PrintWriter err) {
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
