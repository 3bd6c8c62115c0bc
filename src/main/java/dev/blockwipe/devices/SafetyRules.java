package dev.blockwipe.devices;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The verdict on a device, from checks that run in a fixed order and fail closed (as util-linux's
 * wipefs and blkdiscard do): a fact that could not be read blocks; then system disk, mounted,
 * swap, held, read-only, empty, backs a loop device; then what is on it decides between asking for
 * confirmation and "blank".
 */
public final class SafetyRules {
    private SafetyRules() {
    }

    /**
     * @param force the user passed --force: reasons that allow it are skipped, all others still apply
     */
    public static SafetyVerdict verdict(SafetyFacts f, boolean force) {
        List<Optional<SafetyVerdict.Blocked>> checks = List.of(
                unknownFacts(f),
                systemDisk(f),
                listed(BlockReason.MOUNTED, f.mounted()),
                listed(BlockReason.SWAP, f.swap()),
                held(f),
                readOnly(f),
                empty(f),
                backsLoop(f));
        for (Optional<SafetyVerdict.Blocked> check : checks) {
            if (check.isPresent() && !(force && check.get().reason().forceOverrides())) {
                return check.get();
            }
        }
        return contents(f);
    }

    private static Optional<SafetyVerdict.Blocked> unknownFacts(SafetyFacts f) {
        return f.unknown().isEmpty() ? Optional.empty() : Optional.of(new SafetyVerdict.Blocked(BlockReason.UNKNOWN_FACTS,
                "cannot tell whether it is in use: " + String.join("; ", f.unknown())));
    }

    private static Optional<SafetyVerdict.Blocked> systemDisk(SafetyFacts f) {
        return f.systemDisk() == null ? Optional.empty()
                : Optional.of(new SafetyVerdict.Blocked(BlockReason.SYSTEM_DISK, "system disk: " + f.systemDisk()));
    }

    private static Optional<SafetyVerdict.Blocked> listed(BlockReason reason, List<String> facts) {
        return facts.isEmpty() ? Optional.empty() : Optional.of(new SafetyVerdict.Blocked(reason, String.join("; ", facts)));
    }

    private static Optional<SafetyVerdict.Blocked> held(SafetyFacts f) {
        List<String> held = new ArrayList<>(f.held());
        if (f.claimed() != null) {
            held.add(0, f.claimed());
        }
        held.addAll(f.probing());
        return listed(BlockReason.HELD, held);
    }

    private static Optional<SafetyVerdict.Blocked> readOnly(SafetyFacts f) {
        return f.readOnly() == null ? Optional.empty()
                : Optional.of(new SafetyVerdict.Blocked(BlockReason.READ_ONLY, f.readOnly()));
    }

    private static Optional<SafetyVerdict.Blocked> empty(SafetyFacts f) {
        return f.size() > 0 ? Optional.empty()
                : Optional.of(new SafetyVerdict.Blocked(BlockReason.EMPTY, "empty (0 bytes)"));
    }

    private static Optional<SafetyVerdict.Blocked> backsLoop(SafetyFacts f) {
        return f.backs().isEmpty() ? Optional.empty() : Optional.of(new SafetyVerdict.Blocked(BlockReason.BACKS_LOOP,
                "in use by a loop device: " + String.join("; ", f.backs()) + "; detach it first (losetup -d)"));
    }

    private static SafetyVerdict contents(SafetyFacts f) {
        List<String> what = new ArrayList<>();
        if (!f.signatures().known()) {
            what.add("unknown contents (" + f.signatures().problem() + ")");
        } else if (!f.signatures().found().isEmpty()) {
            what.add(f.signatures().describe());
        }
        what.addAll(f.contents());
        return what.isEmpty() ? new SafetyVerdict.Wipeable() : new SafetyVerdict.NeedsConfirmation(String.join("; ", what));
    }
}
