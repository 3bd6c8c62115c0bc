package dev.blockwipe.cli;

import dev.blockwipe.engine.TargetInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --asset-tag [NAME=]TAG}: the owner's label (inventory number) each target's certificate
 * names. NAME is any name {@code --yes} accepts for the target; without it, the tag is for the only
 * target. A tag that fits no target, or a second tag for one target, is a usage error before anything
 * is written.
 */
final class AssetTags {
    private AssetTags() {
    }

    /** The tag of each target, in the targets' order ({@code ""} where none was given). */
    static List<String> assign(List<String> given, List<TargetInfo> targets) {
        List<String> tags = new ArrayList<>(targets.stream().map(t -> "").toList());
        for (String option : given) {
            int eq = option.indexOf('=');
            int named = eq < 0 ? -1 : indexOf(targets, option.substring(0, eq));
            int target = named >= 0 ? named : targets.size() == 1 ? 0 : -1;
            String tag = named >= 0 ? option.substring(eq + 1).strip() : option.strip();
            if (target < 0) {
                throw new UsageException("--asset-tag " + option + ": say which target it is for, as NAME=TAG (targets: "
                        + String.join(", ", targets.stream().map(TargetInfo::name).toList()) + ")");
            }
            if (tag.isEmpty() || tag.chars().anyMatch(Character::isISOControl)) {
                throw new UsageException("--asset-tag " + option + ": a tag is printable text that is not empty");
            }
            if (!tags.get(target).isEmpty()) {
                throw new UsageException("--asset-tag: " + targets.get(target).name() + " was given two tags ("
                        + tags.get(target) + ", " + tag + ")");
            }
            tags.set(target, tag);
        }
        return tags;
    }

    private static int indexOf(List<TargetInfo> targets, String name) {
        for (int i = 0; i < targets.size(); i++) {
            if (Confirmation.names(targets.get(i), name)) {
                return i;
            }
        }
        return -1;
    }
}
