package dev.blockwipe.cli;

import dev.blockwipe.engine.io.TargetInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code --asset-tag [NAME=]TAG}: the owner's label (inventory number) each target's certificate
 * names. NAME is any name {@code --yes} accepts for the target; without it, the tag is for the only
 * target. Text before an {@code =} is always read as a NAME, so a tag that contains {@code =} is
 * given with its target's name ({@code sdb=RACK=4}); a NAME that fits no target, or that fits
 * several, is a usage error, as is a tag that fits no target, an empty one or a second tag for one
 * target, before anything is written.
 */
final class AssetTags {
    private AssetTags() {
    }

    /** One {@code --asset-tag}, read: the index of its target and the tag. */
    private record Tag(int target, String text) {
    }

    /** The tag of each target, in the targets' order ({@code ""} where none was given). */
    static List<String> assign(List<String> given, List<TargetInfo> targets) {
        List<String> tags = new ArrayList<>(Collections.nCopies(targets.size(), ""));
        for (String option : given) {
            Tag tag = read(option, targets);
            if (tag.text().isEmpty() || tag.text().chars().anyMatch(Character::isISOControl)) {
                throw new UsageException("--asset-tag " + option + ": a tag is printable text that is not empty");
            }
            if (!tags.get(tag.target()).isEmpty()) {
                throw new UsageException("--asset-tag: " + targets.get(tag.target()).name() + " was given two tags ("
                        + tags.get(tag.target()) + ", " + tag.text() + ")");
            }
            tags.set(tag.target(), tag.text());
        }
        return tags;
    }

    /**
     * Reads NAME=TAG at the {@code =} before which the text names a target (a file name may hold an
     * {@code =} too); without any {@code =}, the whole option is the only target's tag.
     */
    private static Tag read(String option, List<TargetInfo> targets) {
        List<Tag> readings = new ArrayList<>();
        for (int eq = option.indexOf('='); eq >= 0; eq = option.indexOf('=', eq + 1)) {
            String name = option.substring(0, eq);
            List<TargetInfo> meant = Confirmation.meant(targets, name);
            if (meant.size() > 1) {
                throw new UsageException("--asset-tag " + option + ": '" + name + "' fits " + meant.size() + " targets ("
                        + Confirmation.paths(meant) + "); name each by its full path");
            }
            if (meant.size() == 1) {
                readings.add(new Tag(targets.indexOf(meant.get(0)), option.substring(eq + 1).strip()));
            }
        }
        if (readings.size() > 1) {
            throw new UsageException("--asset-tag " + option + ": ambiguous, it reads as a tag of " + String.join(" or of ",
                    readings.stream().map(t -> targets.get(t.target()).path() + " (" + t.text() + ")").toList()));
        }
        if (readings.size() == 1) {
            return readings.get(0);
        }
        String targetNames = String.join(", ", targets.stream().map(TargetInfo::name).toList());
        int eq = option.indexOf('=');
        if (eq >= 0) {
            throw new UsageException("--asset-tag " + option + ": '" + option.substring(0, eq) + "' names no target"
                    + " (targets: " + targetNames + "); a tag that contains '=' is given with its target's name, NAME=TAG");
        }
        if (targets.size() != 1) {
            throw new UsageException("--asset-tag " + option + ": say which target it is for, as NAME=TAG (targets: "
                    + targetNames + ")");
        }
        return new Tag(0, option.strip());
    }
}
